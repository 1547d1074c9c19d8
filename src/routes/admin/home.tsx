import { createFileRoute } from '@tanstack/react-router'
import { SeccionPendiente } from '../../ui/seccion-pendiente.tsx'

// An admin destination exists but its rules are not shown; students have nothing here.
export const Route = createFileRoute('/admin/home')({
  component: () => (
    <SeccionPendiente titulo="Administración" mensaje="Esta sección no está disponible para estudiantes." />
  ),
})
