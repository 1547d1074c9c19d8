import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// A payment's refunds, read and made. Under 'admin', like every staff query: never persisted on the
// device. The key sits under ['admin', 'pagos'], so a refund also refreshes the payments' screens.

export type ReembolsosDePago = RespuestaDe<(typeof cliente.admin.pagos)[':id']['reembolsos']['$get']>

export const reembolsoQueries = {
  all: () => [...personalQueries.all(), 'pagos'] as const,
  lista: (pagoId: string) =>
    queryOptions({
      queryKey: [...reembolsoQueries.all(), pagoId, 'reembolsos'],
      queryFn: ({ signal }) =>
        leer(cliente.admin.pagos[':id'].reembolsos.$get({ param: { id: pagoId } }, { init: { signal } })),
    }),
}

export type NuevoReembolsoDePago = { pagoId: string; monto: number; motivo: string; clave: string }

export const reembolsoMutations = {
  /**
   * `clave` is the Idempotency-Key of one confirmation: sent again (a retry, a second click that
   * got through), the server applies the refund once and answers the same.
   */
  reembolsar: ({ pagoId, monto, motivo, clave }: NuevoReembolsoDePago) =>
    leer(
      cliente.admin.pagos[':id'].reembolsos.$post(
        { param: { id: pagoId }, json: { monto, motivo } },
        { init: { headers: { 'Idempotency-Key': clave } } },
      ),
    ),
}

/** After a refund: the payment's refunds, the payments' lists and details, the home's counts. */
export function actualizarTrasReembolso(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reembolsoQueries.all() }),
    queryClient.invalidateQueries({ queryKey: personalQueries.resumen().queryKey }),
  ])
}
