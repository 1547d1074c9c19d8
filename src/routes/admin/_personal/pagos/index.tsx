import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { leerFiltrosPagos } from '../../../../domain/busqueda-pagos.ts'
import { PaginaPagos } from '../../../../features/admin/pagos/pagina-pagos.tsx'
import { cargarPagos } from '../../../../features/admin/pagos/queries.ts'

const texto = v.fallback(v.optional(v.string()), undefined)

export const Route = createFileRoute('/admin/_personal/pagos/')({
  // The search, the filters and the page, as the address has them; the screen reads them.
  validateSearch: v.object({
    q: texto,
    estado: texto,
    concepto: texto,
    programa: texto,
    desde: texto,
    hasta: texto,
    pagina: texto,
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => cargarPagos(context.queryClient, leerFiltrosPagos(deps)),
  component: function RutaPagos() {
    return <PaginaPagos direccion={Route.useSearch()} />
  },
})
