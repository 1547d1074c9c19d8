import { createFileRoute } from '@tanstack/react-router'
import { PaginaSolicitudes } from '../../../features/solicitudes/pagina-solicitudes.tsx'
import { cargarSolicitudes } from '../../../features/solicitudes/queries.ts'

export const Route = createFileRoute('/_alumno/info/solicitudes')({
  loader: ({ context }) => cargarSolicitudes(context.queryClient),
  component: PaginaSolicitudes,
})
