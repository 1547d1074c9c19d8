import { createFileRoute } from '@tanstack/react-router'
import { PaginaPrivacidad } from '../features/privacidad/pagina-privacidad.tsx'
import { cargarPolitica } from '../features/privacidad/queries.ts'

export const Route = createFileRoute('/privacidad')({
  loader: ({ context }) => cargarPolitica(context.queryClient),
  component: PaginaPrivacidad,
})
