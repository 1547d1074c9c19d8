import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { MarcoIngreso } from '../../features/admin/marco-admin.tsx'
import { PaginaRestablecerPersonal } from '../../features/admin/pagina-restablecer-personal.tsx'

export const Route = createFileRoute('/admin/restablecer')({
  validateSearch: v.object({ token: v.fallback(v.string(), '') }),
  component: RutaRestablecerPersonal,
})

function RutaRestablecerPersonal() {
  const { token } = Route.useSearch()
  return (
    <MarcoIngreso>
      {/* A new link opens a new form: nothing typed for the previous one stays. */}
      <PaginaRestablecerPersonal key={token} token={token} />
    </MarcoIngreso>
  )
}
