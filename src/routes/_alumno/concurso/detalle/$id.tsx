import { createFileRoute } from '@tanstack/react-router'
import { PaginaDetalleConcurso } from '../../../../features/concursos/pagina-detalle.tsx'
import { cargarDetalle } from '../../../../features/concursos/queries.ts'

export const Route = createFileRoute('/_alumno/concurso/detalle/$id')({
  loader: ({ context, params }) => cargarDetalle(context.queryClient, params.id),
  component: RutaDetalleConcurso,
})

function RutaDetalleConcurso() {
  const { id } = Route.useParams()
  return <PaginaDetalleConcurso key={id} id={id} />
}
