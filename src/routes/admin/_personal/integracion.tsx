import { createFileRoute } from '@tanstack/react-router'
import { PaginaIntegracion } from '../../../features/admin/integracion/pagina-integracion.tsx'
import { clavesQueries } from '../../../features/admin/integracion/queries.ts'
import { personalQueries, tieneCapacidad } from '../../../features/admin/queries.ts'

// The CRM's API keys (admins only). No address parameters: the list is short and whole.
export const Route = createFileRoute('/admin/_personal/integracion')({
  loader: async ({ context }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'integracion.gestionar')) await context.queryClient.prefetchQuery(clavesQueries.lista())
  },
  component: PaginaIntegracion,
})
