import { createFileRoute } from '@tanstack/react-router'
import { cargarInformacionPersonal } from '../../../features/personal/queries.ts'
import { PersonalPage } from '../../../features/personal/personal-page.tsx'

export const Route = createFileRoute('/_alumno/info/personal')({
  loader: ({ context }) => cargarInformacionPersonal(context.queryClient),
  component: PersonalPage,
})
