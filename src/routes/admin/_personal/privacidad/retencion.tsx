import { createFileRoute } from '@tanstack/react-router'
import { personalQueries, tieneCapacidad } from '../../../../features/admin/queries.ts'
import { PaginaRetencion } from '../../../../features/admin/privacidad/retencion.tsx'
import { retencionQueries } from '../../../../features/admin/privacidad/retencion-queries.ts'

// The retention run: the dry run waiting for an admin's confirmation, and the last batches.
export const Route = createFileRoute('/admin/_personal/privacidad/retencion')({
  loader: async ({ context }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'privacidad.retencion'))
      await context.queryClient.prefetchQuery(retencionQueries.estado())
  },
  component: PaginaRetencion,
})
