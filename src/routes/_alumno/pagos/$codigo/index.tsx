import { createFileRoute, redirect } from '@tanstack/react-router'
import { sePuedePagar } from '../../../../domain/pagos.ts'
import { pagoQueries } from '../../../../features/pagos/queries.ts'

// 'Pay enrolment `codigo`': the next installment to pay (the oldest due first), or the list when
// none is left or the installments cannot be read now (the list then says why).
export const Route = createFileRoute('/_alumno/pagos/$codigo/')({
  loader: async ({ context, params: { codigo } }) => {
    const datos = await context.queryClient.ensureQueryData(pagoQueries.cuotas(codigo)).catch(() => undefined)
    const siguiente = datos?.cuotas.find((c) => sePuedePagar(c.estado))
    if (siguiente)
      throw redirect({ to: '/pagos/$codigo/$numero', params: { codigo, numero: siguiente.numero }, replace: true })
    throw redirect({ to: '/pagos/lista/$codigo', params: { codigo }, replace: true })
  },
})
