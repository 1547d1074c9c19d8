import { createFileRoute } from '@tanstack/react-router'
import { PaginaResultadoPago } from '../../../../../features/pagos/pagina-resultado-pago.tsx'
import { cargarResultado } from '../../../../../features/pagos/queries.ts'

// The outcome of payment b, of an installment of enrolment a: where the gateway's return lands.
export const Route = createFileRoute('/_alumno/pagos/respuesta/$a/$b')({
  loader: ({ context, params }) => cargarResultado(context.queryClient, params.b),
  component: function ResultadoPagoDeCuota() {
    const { b } = Route.useParams()
    return <PaginaResultadoPago pagoId={b} />
  },
})
