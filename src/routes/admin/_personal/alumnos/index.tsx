import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaginaAlumnos } from '../../../../features/admin/alumnos/pagina-alumnos.tsx'
import { cargarBusqueda } from '../../../../features/admin/alumnos/queries.ts'

const texto = v.fallback(v.optional(v.string()), undefined)

export const Route = createFileRoute('/admin/_personal/alumnos/')({
  // The search, its page and order, as the address has them; the screen reads them.
  validateSearch: v.object({ q: texto, pagina: texto, orden: texto }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => cargarBusqueda(context.queryClient, deps),
  component: function RutaAlumnos() {
    return <PaginaAlumnos direccion={Route.useSearch()} />
  },
})
