import { createFileRoute, redirect } from '@tanstack/react-router'
import { PaginaRegistro } from '../features/auth/pagina-registro.tsx'
import { haySesion } from '../lib/session.ts'

export const Route = createFileRoute('/register')({
  beforeLoad: () => {
    if (haySesion()) throw redirect({ to: '/home', replace: true })
  },
  component: PaginaRegistro,
})
