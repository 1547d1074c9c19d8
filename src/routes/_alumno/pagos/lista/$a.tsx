import { createFileRoute } from '@tanstack/react-router'
import { SeccionPendiente } from '../../../../ui/seccion-pendiente.tsx'

// Not built yet: until it is, an honest page, never a blank one.
export const Route = createFileRoute('/_alumno/pagos/lista/$a')({
  component: () => <SeccionPendiente titulo="Lista de pagos" />,
})
