import { createFileRoute } from '@tanstack/react-router'
import { PaginaNotificaciones } from '../../features/notificaciones/pagina-notificaciones.tsx'
import { cargarPreferenciasAvisos } from '../../features/notificaciones/queries.ts'

// Where every notice e-mail's link to the preferences leads, and the bell's list links to.
export const Route = createFileRoute('/_alumno/notificaciones')({
  loader: ({ context }) => cargarPreferenciasAvisos(context.queryClient),
  component: PaginaNotificaciones,
})
