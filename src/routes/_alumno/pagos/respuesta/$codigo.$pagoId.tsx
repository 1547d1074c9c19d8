import { createFileRoute } from '@tanstack/react-router'
import { PaginaResultadoPago } from '../../../../features/pagos/pagina-resultado-pago.tsx'
import { cargarResultado } from '../../../../features/pagos/queries.ts'

// The outcome of payment `pagoId`, of an installment of enrolment `codigo`: where the gateway's
// return lands (src/domain/urls.ts, urlResultadoPago).
export const Route = createFileRoute('/_alumno/pagos/respuesta/$codigo/$pagoId')({
  loader: ({ context, params }) => cargarResultado(context.queryClient, params.pagoId),
  component: function ResultadoPagoDeCuota() {
    const { pagoId } = Route.useParams()
    return <PaginaResultadoPago pagoId={pagoId} />
  },
})
