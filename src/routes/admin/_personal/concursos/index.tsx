import { createFileRoute } from '@tanstack/react-router'
import { PaginaConcursos } from '../../../../features/admin/concursos/pagina-concursos.tsx'
import { concursosAdminQueries } from '../../../../features/admin/concursos/queries.ts'
import { personalQueries, tieneCapacidad } from '../../../../features/admin/queries.ts'

// The school's contests. No address parameters: the list is short and whole.
export const Route = createFileRoute('/admin/_personal/concursos/')({
  loader: async ({ context }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'concursos.gestionar'))
      await context.queryClient.prefetchQuery(concursosAdminQueries.lista())
  },
  component: PaginaConcursos,
})
