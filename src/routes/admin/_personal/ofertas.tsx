import { createFileRoute } from '@tanstack/react-router'
import { PaginaOfertasAdmin } from '../../../features/admin/ofertas/pagina-ofertas.tsx'
import { ofertasAdminQueries } from '../../../features/admin/ofertas/queries.ts'
import { personalQueries, tieneCapacidad } from '../../../features/admin/queries.ts'

// The job offers and the students' home tile. No address parameters: the list is short and whole.
export const Route = createFileRoute('/admin/_personal/ofertas')({
  loader: async ({ context }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'ofertas.gestionar'))
      await context.queryClient.prefetchQuery(ofertasAdminQueries.lista())
  },
  component: PaginaOfertasAdmin,
})
