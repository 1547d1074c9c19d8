import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { paginaEnDireccion } from '../../../../domain/busqueda-alumnos.ts'
import { PaginaAlumno } from '../../../../features/admin/alumnos/pagina-alumno.tsx'
import { cargarFicha } from '../../../../features/admin/alumnos/queries.ts'

export const Route = createFileRoute('/admin/_personal/alumnos/$id')({
  // The page of the history being read.
  validateSearch: v.object({ historial: paginaEnDireccion() }),
  search: { middlewares: [stripSearchParams({ historial: 1 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => cargarFicha(context.queryClient, params.id, deps.historial),
  component: function RutaAlumno() {
    const { id } = Route.useParams()
    return <PaginaAlumno key={id} id={id} historial={Route.useSearch().historial} />
  },
})
