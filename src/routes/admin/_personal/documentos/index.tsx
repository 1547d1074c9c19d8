import { createFileRoute } from '@tanstack/react-router'
import { ColaDocumentos } from '../../../../features/admin/documentos/cola-documentos.tsx'
import { busquedaColaSchema } from '../../../../features/admin/documentos/busqueda-cola.ts'
import { documentosQueries } from '../../../../features/admin/documentos/queries.ts'

export const Route = createFileRoute('/admin/_personal/documentos/')({
  validateSearch: busquedaColaSchema,
  loaderDeps: ({ search }) => search,
  // A failure is not thrown: the screen shows it with a retry.
  loader: ({ context, deps }) =>
    Promise.allSettled([
      context.queryClient.ensureQueryData({ ...documentosQueries.cola(deps), revalidateIfStale: true }),
    ]),
  component: RutaColaDocumentos,
})

function RutaColaDocumentos() {
  return <ColaDocumentos busqueda={Route.useSearch()} />
}
