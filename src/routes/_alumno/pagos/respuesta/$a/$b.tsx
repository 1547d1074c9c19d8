import { createFileRoute } from '@tanstack/react-router'
import { SeccionPendiente } from '../../../../../ui/seccion-pendiente.tsx'

// Built by a later issue; until then an honest page, never a blank one.
export const Route = createFileRoute('/_alumno/pagos/respuesta/$a/$b')({
  component: () => <SeccionPendiente titulo="Respuesta del pago" />,
})
