import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CrearClave } from '../../../domain/integracion.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The integration API's keys (admins only): the list, a new key, revoking one. Under 'admin', like
// every staff query: never persisted on the device (a new key's value is not kept in any cache).

export type ListaClaves = RespuestaDe<typeof cliente.admin.integracion.claves.$get>
export type ClaveIntegracion = ListaClaves['claves'][number]

export const clavesQueries = {
  all: () => [...personalQueries.all(), 'integracion', 'claves'] as const,
  lista: () =>
    queryOptions({
      queryKey: clavesQueries.all(),
      queryFn: ({ signal }) => leer(cliente.admin.integracion.claves.$get(undefined, { init: { signal } })),
    }),
}

export const clavesMutations = {
  crear: (datos: CrearClave) => leer(cliente.admin.integracion.claves.$post({ json: datos })),
  revocar: (id: string) => leer(cliente.admin.integracion.claves[':id'].revocar.$post({ param: { id } })),
}

export function actualizarClaves(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: clavesQueries.all() })
}
