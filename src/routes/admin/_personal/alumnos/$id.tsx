import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaginaAlumno } from '../../../../features/admin/alumnos/pagina-alumno.tsx'
import { cargarFicha } from '../../../../features/admin/alumnos/queries.ts'

export const Route = createFileRoute('/admin/_personal/alumnos/$id')({
  // The page of the history being read, as the address has it.
  validateSearch: v.object({ historial: v.fallback(v.optional(v.string()), undefined) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => cargarFicha(context.queryClient, params.id, deps.historial),
  component: function RutaAlumno() {
    const { id } = Route.useParams()
    return <PaginaAlumno key={id} id={id} historial={Route.useSearch().historial} />
  },
})
