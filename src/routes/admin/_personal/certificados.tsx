import { createFileRoute } from '@tanstack/react-router'
import { busquedaCertificadosSchema } from '../../../domain/busqueda-certificados.ts'
import { PaginaCertificados } from '../../../features/admin/certificados/pagina-certificados.tsx'
import { certificadosQueries } from '../../../features/admin/certificados/queries.ts'
import { personalQueries, tieneCapacidad } from '../../../features/admin/queries.ts'

// The school's certificates; the filters and the page live in the address.
export const Route = createFileRoute('/admin/_personal/certificados')({
  validateSearch: busquedaCertificadosSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'certificados.gestionar'))
      await context.queryClient.prefetchQuery(certificadosQueries.lista(deps))
  },
  component: function RutaCertificados() {
    return <PaginaCertificados busqueda={Route.useSearch()} />
  },
})
