import { createFileRoute } from '@tanstack/react-router'
import { PaginaMisDatos } from '../../../features/privacidad/mis-datos/pagina-mis-datos.tsx'
import { cargarMisDatos } from '../../../features/privacidad/mis-datos/queries.ts'

// The student's data and rights: linked from Información Personal, the privacy policy and every
// notice about a request or a download.
export const Route = createFileRoute('/_alumno/privacidad/mis-datos')({
  loader: ({ context }) => cargarMisDatos(context.queryClient),
  component: PaginaMisDatos,
})
