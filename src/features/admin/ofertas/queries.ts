import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { DatosOferta } from '../../../domain/gestion-ofertas.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The job offers screen's data (capability ofertas.gestionar): the offers and the home tile's
// setting, and their actions. Under 'admin', like every staff query: never persisted.

export type ListaOfertasAdmin = RespuestaDe<typeof cliente.admin.ofertas.$get>
export type OfertaAdmin = ListaOfertasAdmin['ofertas'][number]

export const ofertasAdminQueries = {
  all: () => [...personalQueries.all(), 'ofertas'] as const,
  lista: () =>
    queryOptions({
      queryKey: ofertasAdminQueries.all(),
      queryFn: ({ signal }) => leer(cliente.admin.ofertas.$get(undefined, { init: { signal } })),
    }),
}

export const ofertasAdminMutations = {
  crear: (datos: DatosOferta) => leer(cliente.admin.ofertas.$post({ json: datos })),
  editar: ({ id, datos }: { id: string; datos: DatosOferta }) =>
    leer(cliente.admin.ofertas[':id'].$put({ param: { id }, json: datos })),
  cerrar: (id: string) => leer(cliente.admin.ofertas[':id'].cerrar.$post({ param: { id } })),
  mosaico: (visible: boolean) => leer(cliente.admin.ofertas.mosaico.$put({ json: { visible } })),
}

export function actualizarOfertas(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ofertasAdminQueries.all() })
}
