import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { numeroCuotaSchema } from '../../../../domain/numero-cuota.ts'
import { PaginaConfirmarPago } from '../../../../features/pagos/pagina-confirmar-pago.tsx'
import { cargarCuotas } from '../../../../features/pagos/queries.ts'

// Installment `numero` of enrolment `codigo`: confirm, then the gateway (also reached by
// `/?pagoInsc=codigo&posPago=numero`). A number that is not one is a page that does not exist.
export const Route = createFileRoute('/_alumno/pagos/$codigo/$numero')({
  params: {
    parse: ({ codigo, numero }) => ({ codigo, numero: v.parse(numeroCuotaSchema, numero) }),
    stringify: ({ codigo, numero }) => ({ codigo, numero: String(numero) }),
  },
  loader: ({ context, params }) => cargarCuotas(context.queryClient, params.codigo),
  component: function ConfirmarPago() {
    const { codigo, numero } = Route.useParams()
    return <PaginaConfirmarPago codigo={codigo} numero={numero} />
  },
})
