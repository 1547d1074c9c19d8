import { createFileRoute } from '@tanstack/react-router'
import { PaginaConcurso } from '../../../../features/admin/concursos/pagina-concurso.tsx'
import { concursosAdminQueries } from '../../../../features/admin/concursos/queries.ts'
import { personalQueries, tieneCapacidad } from '../../../../features/admin/queries.ts'

// One contest with its applications.
export const Route = createFileRoute('/admin/_personal/concursos/$id')({
  loader: async ({ context, params }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'concursos.gestionar'))
      await context.queryClient.prefetchQuery(concursosAdminQueries.detalle(params.id))
  },
  component: function RutaConcurso() {
    const { id } = Route.useParams()
    return <PaginaConcurso key={id} id={id} />
  },
})
