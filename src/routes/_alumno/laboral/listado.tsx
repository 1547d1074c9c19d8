import { createFileRoute } from '@tanstack/react-router'
import { PaginaOfertas } from '../../../features/ofertas/pagina-ofertas.tsx'
import { cargarOfertas } from '../../../features/ofertas/queries.ts'

// Works whether or not the home page shows its tile (set on /admin/ofertas).
export const Route = createFileRoute('/_alumno/laboral/listado')({
  loader: ({ context }) => cargarOfertas(context.queryClient),
  component: PaginaOfertas,
})
