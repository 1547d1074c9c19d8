import { createFileRoute } from '@tanstack/react-router'
import { SeccionPendiente } from '../../../../ui/seccion-pendiente.tsx'

// Not built yet: until it is, an honest page, never a blank one.
export const Route = createFileRoute('/_alumno/concurso/detalle/$id')({
  component: () => <SeccionPendiente titulo="Detalle del concurso" />,
})
