import { createFileRoute } from '@tanstack/react-router'
import { MarcoIngreso } from '../../features/admin/marco-admin.tsx'
import { PaginaRecuperarPersonal } from '../../features/admin/pagina-restablecer-personal.tsx'

export const Route = createFileRoute('/admin/recuperar')({
  component: RutaRecuperarPersonal,
})

function RutaRecuperarPersonal() {
  return (
    <MarcoIngreso>
      <PaginaRecuperarPersonal />
    </MarcoIngreso>
  )
}
