import { createFileRoute } from '@tanstack/react-router'
import { PaginaListadoConcursos } from '../../../features/concursos/pagina-listado.tsx'
import { cargarListado } from '../../../features/concursos/queries.ts'

export const Route = createFileRoute('/_alumno/concurso/listado')({
  loader: ({ context }) => cargarListado(context.queryClient),
  component: PaginaListadoConcursos,
})
