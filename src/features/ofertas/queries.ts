import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'

export type OfertaLaboral = RespuestaDe<typeof cliente.ofertas.$get>['data']['ofertas'][number]

export const ofertaQueries = {
  all: () => ['ofertas'] as const,
  lista: () =>
    queryOptions({
      queryKey: [...ofertaQueries.all(), 'lista'],
      queryFn: async ({ signal }) => (await leer(cliente.ofertas.$get({}, { init: { signal } }))).data.ofertas,
    }),
  /**
   * Whether the home page shows the 'Ofertas Laborales' tile: the school's setting, read again on
   * every visit to the home (never fresh from the cache), so a change on /admin/ofertas shows at
   * once; the cached value only stands in while offline or while the answer comes.
   */
  mosaico: () =>
    queryOptions({
      queryKey: [...ofertaQueries.all(), 'mosaico'],
      queryFn: async ({ signal }) => (await leer(cliente.ofertas.mosaico.$get({}, { init: { signal } }))).data,
      staleTime: 0,
    }),
}

/** The route's loader; a failure is shown by the screen, not thrown. */
export async function cargarOfertas(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(ofertaQueries.lista())])
}
