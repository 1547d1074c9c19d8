import { createFileRoute } from '@tanstack/react-router'
import { PaginaResultadoPago } from '../../../../features/pagos/pagina-resultado-pago.tsx'
import { cargarResultado } from '../../../../features/pagos/queries.ts'

// The outcome of payment `pagoId` outside an enrolment, such as a contest fee.
export const Route = createFileRoute('/_alumno/pagos/respuesta/$pagoId')({
  loader: ({ context, params }) => cargarResultado(context.queryClient, params.pagoId),
  component: function ResultadoPago() {
    const { pagoId } = Route.useParams()
    return <PaginaResultadoPago pagoId={pagoId} />
  },
})
