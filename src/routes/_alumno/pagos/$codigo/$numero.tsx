import { createFileRoute } from '@tanstack/react-router'
import { PaginaConfirmarPago } from '../../../../features/pagos/pagina-confirmar-pago.tsx'
import { cargarCuotas } from '../../../../features/pagos/queries.ts'

// Installment b of enrolment a: confirm, then the gateway (also reached by `/?pagoInsc=a&posPago=b`).
export const Route = createFileRoute('/_alumno/pagos/$a/$b')({
  loader: ({ context, params }) => cargarCuotas(context.queryClient, params.a),
  component: function ConfirmarPago() {
    const { a, b } = Route.useParams()
    return <PaginaConfirmarPago codigo={a} numero={Number(b)} />
  },
})
