import { createFileRoute } from '@tanstack/react-router'
import { PaginaPago } from '../../../../features/admin/pagos/pagina-pago.tsx'
import { pagosQueries } from '../../../../features/admin/pagos/queries.ts'

export const Route = createFileRoute('/admin/_personal/pagos/$id')({
  loader: async ({ context, params }) => {
    await Promise.allSettled([context.queryClient.ensureQueryData(pagosQueries.detalle(params.id))])
  },
  component: function RutaPago() {
    const { id } = Route.useParams()
    return <PaginaPago key={id} id={id} />
  },
})
