import { createFileRoute, redirect } from '@tanstack/react-router'
import { sePuedePagar } from '../../../../domain/pagos.ts'
import { pagoQueries } from '../../../../features/pagos/queries.ts'

// 'Pay enrolment a': the next installment to pay (the oldest due first), or the list when none
// is left or the installments cannot be read now (the list then says why).
export const Route = createFileRoute('/_alumno/pagos/$a/')({
  loader: async ({ context, params }) => {
    const datos = await context.queryClient.ensureQueryData(pagoQueries.cuotas(params.a)).catch(() => undefined)
    const siguiente = datos?.cuotas.find((c) => sePuedePagar(c.estado))
    if (siguiente)
      throw redirect({ to: '/pagos/$a/$b', params: { a: params.a, b: String(siguiente.numero) }, replace: true })
    throw redirect({ to: '/pagos/lista/$a', params: { a: params.a }, replace: true })
  },
})
