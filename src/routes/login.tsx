import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaginaIngreso } from '../features/auth/pagina-ingreso.tsx'
import { haySesion } from '../lib/session.ts'

export const Route = createFileRoute('/login')({
  // ?email= comes from a finished registration and pre-fills the form.
  validateSearch: v.object({ email: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: () => {
    if (haySesion()) throw redirect({ to: '/home', replace: true })
  },
  component: RutaLogin,
})

function RutaLogin() {
  const { email } = Route.useSearch()
  return <PaginaIngreso emailInicial={email} />
}
