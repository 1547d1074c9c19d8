import { createFileRoute } from '@tanstack/react-router'
import { PaginaDerechoPostulacion } from '../../../../features/concursos/pagina-derecho-postulacion.tsx'
import { cargarDetalle } from '../../../../features/concursos/queries.ts'

// Where a contest link (`/?concurso=7`) lands: the contest's application fee.
export const Route = createFileRoute('/_alumno/concurso/derechopostulacion/$id')({
  loader: ({ context, params }) => cargarDetalle(context.queryClient, params.id),
  component: RutaDerechoPostulacion,
})

function RutaDerechoPostulacion() {
  const { id } = Route.useParams()
  return <PaginaDerechoPostulacion key={id} id={id} />
}
