import { createFileRoute } from '@tanstack/react-router'
import { PaginaInicio } from '../../features/alumno/pagina-inicio.tsx'
import { cargarInicio } from '../../features/alumno/queries.ts'

export const Route = createFileRoute('/_alumno/home')({
  loader: ({ context }) => cargarInicio(context.queryClient),
  component: PaginaInicio,
})
