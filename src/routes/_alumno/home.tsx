import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../features/alumno/home-page.tsx'

export const Route = createFileRoute('/_alumno/home')({
  component: HomePage,
})
