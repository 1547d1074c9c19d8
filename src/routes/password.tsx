import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PasswordPage } from '../features/auth/password-page.tsx'

export const Route = createFileRoute('/password')({
  validateSearch: v.object({ recoverpass: v.fallback(v.optional(v.string()), undefined) }),
  component: RutaPassword,
})

function RutaPassword() {
  const { recoverpass } = Route.useSearch()
  return <PasswordPage recoverpass={recoverpass} />
}
