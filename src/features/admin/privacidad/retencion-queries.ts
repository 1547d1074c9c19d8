import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The retention run (admins only): the proposal waiting for confirmation and the last batches; a
// fresh proposal; the confirmation. Under 'admin', like every staff query: never persisted.

export type EstadoRetencion = RespuestaDe<typeof cliente.admin.privacidad.retencion.$get>
export type LoteRetencion = NonNullable<EstadoRetencion['propuesto']>

export const retencionQueries = {
  all: () => [...personalQueries.all(), 'privacidad', 'retencion'] as const,
  estado: () =>
    queryOptions({
      queryKey: retencionQueries.all(),
      queryFn: ({ signal }) => leer(cliente.admin.privacidad.retencion.$get(undefined, { init: { signal } })),
    }),
}

export const retencionMutations = {
  revisar: () => leer(cliente.admin.privacidad.retencion.revisar.$post()),
  confirmar: (lote: string) => leer(cliente.admin.privacidad.retencion[':lote'].confirmar.$post({ param: { lote } })),
}

export function actualizarRetencion(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: retencionQueries.all() })
}
