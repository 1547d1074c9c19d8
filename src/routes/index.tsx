import { createFileRoute, redirect } from '@tanstack/react-router'
import { destinoDeEntrada } from '../domain/guardia-entrada.ts'
import { haySesion } from '../lib/session.ts'

// '' redirects to home, after the entry guard's seven rules in their priority order.
export const Route = createFileRoute('/')({
  beforeLoad: ({ location }) => {
    const destino = destinoDeEntrada(location.search as Record<string, unknown>, haySesion())
    throw redirect(destino ? { ...destino, replace: true } : { to: '/home', replace: true })
  },
})
