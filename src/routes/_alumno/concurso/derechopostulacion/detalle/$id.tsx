import { createFileRoute } from '@tanstack/react-router'
import { PaginaPostulacion } from '../../../../../features/concursos/pagina-postulacion.tsx'
import { cargarPostulacion } from '../../../../../features/concursos/queries.ts'

// The student's application to the contest `id` (where the payment site brings them back).
export const Route = createFileRoute('/_alumno/concurso/derechopostulacion/detalle/$id')({
  loader: ({ context, params }) => cargarPostulacion(context.queryClient, params.id),
  component: RutaPostulacion,
})

function RutaPostulacion() {
  const { id } = Route.useParams()
  return <PaginaPostulacion key={id} id={id} />
}
