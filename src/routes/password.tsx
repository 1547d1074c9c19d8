import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaginaPassword } from '../features/auth/pagina-password.tsx'

export const Route = createFileRoute('/password')({
  validateSearch: v.object({ recoverpass: v.fallback(v.optional(v.string()), undefined) }),
  component: RutaPassword,
})

function RutaPassword() {
  const { recoverpass } = Route.useSearch()
  return <PaginaPassword recoverpass={recoverpass} />
}
