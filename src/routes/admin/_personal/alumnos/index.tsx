import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { ORDENES_ALUMNOS, paginaEnDireccion } from '../../../../domain/busqueda-alumnos.ts'
import { PaginaAlumnos } from '../../../../features/admin/alumnos/pagina-alumnos.tsx'
import { cargarBusqueda } from '../../../../features/admin/alumnos/queries.ts'

const PREDETERMINADA = { q: '', pagina: 1, orden: 'nombre' } as const

export const Route = createFileRoute('/admin/_personal/alumnos/')({
  // What was searched, the page and the order, in the address; what cannot be read is the default.
  validateSearch: v.object({
    q: v.fallback(v.optional(v.string(), ''), ''),
    pagina: paginaEnDireccion(),
    orden: v.fallback(v.optional(v.picklist(ORDENES_ALUMNOS), 'nombre'), 'nombre'),
  }),
  search: { middlewares: [stripSearchParams(PREDETERMINADA)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => cargarBusqueda(context.queryClient, deps),
  component: function RutaAlumnos() {
    return <PaginaAlumnos busqueda={Route.useSearch()} />
  },
})
