import { createFileRoute } from '@tanstack/react-router'
import { PaginaSolicitudesDerechos } from '../../../../features/admin/privacidad/pagina-solicitudes-derechos.tsx'
import { derechosQueries } from '../../../../features/admin/privacidad/queries-derechos.ts'
import { personalQueries, tieneCapacidad } from '../../../../features/admin/queries.ts'

// The students' privacy requests, for administration and the data protection officer.
export const Route = createFileRoute('/admin/_personal/privacidad/')({
  loader: async ({ context }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'privacidad.gestionar')) await context.queryClient.prefetchQuery(derechosQueries.cola())
  },
  component: PaginaSolicitudesDerechos,
})
