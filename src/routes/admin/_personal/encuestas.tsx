import { createFileRoute } from '@tanstack/react-router'
import { busquedaEncuestasSchema } from '../../../domain/busqueda-encuestas.ts'
import { PaginaEncuestas } from '../../../features/admin/encuestas/pagina-encuestas.tsx'
import { encuestasQueries } from '../../../features/admin/encuestas/queries.ts'
import { personalQueries, tieneCapacidad } from '../../../features/admin/queries.ts'

// The general survey's results; the program and the year live in the address.
export const Route = createFileRoute('/admin/_personal/encuestas')({
  validateSearch: busquedaEncuestasSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'encuestas.ver'))
      await context.queryClient.prefetchQuery(encuestasQueries.resultados(deps))
  },
  component: function RutaEncuestas() {
    return <PaginaEncuestas busqueda={Route.useSearch()} />
  },
})
