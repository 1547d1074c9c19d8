import { createFileRoute } from '@tanstack/react-router'
import { cargarInformacionPersonal } from '../../../features/personal/queries.ts'
import { PaginaPersonal } from '../../../features/personal/pagina-personal.tsx'

export const Route = createFileRoute('/_alumno/info/personal')({
  loader: ({ context }) => cargarInformacionPersonal(context.queryClient),
  component: PaginaPersonal,
})
