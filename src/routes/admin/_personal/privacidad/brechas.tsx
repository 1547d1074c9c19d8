import { createFileRoute } from '@tanstack/react-router'
import { personalQueries, tieneCapacidad } from '../../../../features/admin/queries.ts'
import { PaginaBrechas } from '../../../../features/admin/privacidad/brechas.tsx'
import { brechasQueries } from '../../../../features/admin/privacidad/brechas-queries.ts'

// The breach register: every incident recorded, and recording one.
export const Route = createFileRoute('/admin/_personal/privacidad/brechas')({
  loader: async ({ context }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'privacidad.brechas')) await context.queryClient.prefetchQuery(brechasQueries.lista())
  },
  component: PaginaBrechas,
})
