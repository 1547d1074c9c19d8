import { createFileRoute, redirect } from '@tanstack/react-router'
import { RegisterPage } from '../features/auth/register-page.tsx'
import { haySesion } from '../lib/session.ts'

export const Route = createFileRoute('/register')({
  beforeLoad: () => {
    if (haySesion()) throw redirect({ to: '/home', replace: true })
  },
  component: RegisterPage,
})
