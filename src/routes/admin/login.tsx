import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { MarcoIngreso } from '../../features/admin/marco-admin.tsx'
import { PaginaIngresoPersonal } from '../../features/admin/pagina-ingreso-personal.tsx'

export const Route = createFileRoute('/admin/login')({
  // ?volver= is the staff page that sent here (its session had ended).
  validateSearch: v.object({ volver: v.fallback(v.optional(v.string()), undefined) }),
  component: RutaIngresoPersonal,
})

function RutaIngresoPersonal() {
  const { volver } = Route.useSearch()
  return (
    <MarcoIngreso>
      <PaginaIngresoPersonal volver={volver} />
    </MarcoIngreso>
  )
}
