import { createFileRoute } from '@tanstack/react-router'
import { PaginaInicio } from '../../features/alumno/pagina-inicio.tsx'

export const Route = createFileRoute('/_alumno/home')({
  component: PaginaInicio,
})
