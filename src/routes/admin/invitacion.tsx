import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { MarcoIngreso } from '../../features/admin/marco-admin.tsx'
import { PaginaInvitacion } from '../../features/admin/pagina-invitacion.tsx'

export const Route = createFileRoute('/admin/invitacion')({
  validateSearch: v.object({ token: v.fallback(v.string(), '') }),
  component: RutaInvitacion,
})

function RutaInvitacion() {
  const { token } = Route.useSearch()
  return (
    <MarcoIngreso>
      <PaginaInvitacion token={token} />
    </MarcoIngreso>
  )
}
