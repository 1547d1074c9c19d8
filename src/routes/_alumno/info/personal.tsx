import { createFileRoute } from '@tanstack/react-router'
import { PersonalPage } from '../../../features/personal/personal-page.tsx'

export const Route = createFileRoute('/_alumno/info/personal')({
  component: PersonalPage,
})
