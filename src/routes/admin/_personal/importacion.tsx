import { createFileRoute } from '@tanstack/react-router'
import { PaginaImportacion } from '../../../features/admin/importacion/pagina-importacion.tsx'

// Students and enrolments from a file: nothing to load before the file is chosen.
export const Route = createFileRoute('/admin/_personal/importacion')({
  component: PaginaImportacion,
})
