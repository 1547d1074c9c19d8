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
}

/** The route's loader; a failure is shown by the screen, not thrown. */
export async function cargarOfertas(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(ofertaQueries.lista())])
}
