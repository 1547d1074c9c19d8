import { createFileRoute } from '@tanstack/react-router'
import { PaginaResultadoPago } from '../../../../../features/pagos/pagina-resultado-pago.tsx'
import { cargarResultado } from '../../../../../features/pagos/queries.ts'

// The outcome of payment a (a payment outside an enrolment, such as a contest fee).
export const Route = createFileRoute('/_alumno/pagos/respuesta/$a/')({
  loader: ({ context, params }) => cargarResultado(context.queryClient, params.a),
  component: function ResultadoPago() {
    const { a } = Route.useParams()
    return <PaginaResultadoPago pagoId={a} />
  },
})
