import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { BrechaInput } from '../../../domain/brechas.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The breach register (admins only): every incident; recording one; the Agencia's date.

export type ListaBrechas = RespuestaDe<typeof cliente.admin.privacidad.brechas.$get>
export type Brecha = ListaBrechas['brechas'][number]

export const brechasQueries = {
  all: () => [...personalQueries.all(), 'privacidad', 'brechas'] as const,
  lista: () =>
    queryOptions({
      queryKey: brechasQueries.all(),
      queryFn: ({ signal }) => leer(cliente.admin.privacidad.brechas.$get(undefined, { init: { signal } })),
    }),
}

export const brechasMutations = {
  registrar: (datos: BrechaInput) => leer(cliente.admin.privacidad.brechas.$post({ json: datos })),
  agencia: (id: string, agenciaInformadaEl: string) =>
    leer(cliente.admin.privacidad.brechas[':id'].agencia.$post({ param: { id }, json: { agenciaInformadaEl } })),
}

export function actualizarBrechas(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: brechasQueries.all() })
}
