import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { busquedaSolicitudesSchema } from '../../../domain/busqueda-solicitudes.ts'
import { PaginaSolicitudes } from '../../../features/solicitudes/pagina-solicitudes.tsx'
import { cargarSolicitudes } from '../../../features/solicitudes/queries.ts'

export const Route = createFileRoute('/_alumno/info/solicitudes')({
  validateSearch: busquedaSolicitudesSchema,
  loader: ({ context }) => cargarSolicitudes(context.queryClient),
  component: RutaSolicitudes,
})

function RutaSolicitudes() {
  const { solicitud, abrir, documento } = Route.useSearch()
  const navigate = Route.useNavigate()
  // Once shown, the address forgets it: a reload or a way back does not open it again.
  const alAtender = useCallback(() => void navigate({ search: {}, replace: true }), [navigate])
  return (
    <PaginaSolicitudes
      pedida={solicitud ? { codigo: solicitud, abrir, documento } : undefined}
      alAtenderPedida={alAtender}
    />
  )
}
