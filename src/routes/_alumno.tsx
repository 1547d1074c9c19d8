import { createFileRoute, redirect } from '@tanstack/react-router'
import { guardarBackUrl, haySesion, marcarFlujoConcurso } from '../lib/session.ts'

// Signed-in pages (spec 6). Without a session: remember where the student wanted to go (the
// back-url), remember a contest flow (it makes 'Regístrate' appear on the login page), sign in.
export const Route = createFileRoute('/_alumno')({
  beforeLoad: ({ location, preload }) => {
    if (haySesion()) return
    if (!preload) {
      guardarBackUrl(location.href)
      if (location.pathname.startsWith('/concurso/')) marcarFlujoConcurso()
    }
    throw redirect({ to: '/login', replace: true })
  },
})
