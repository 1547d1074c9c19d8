import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { CLAVE_SOLICITUDES } from '../../lib/claves-consulta.ts'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'

// The student's enrolments and each one's survey. Persisted with the query cache, so the list
// opens at once and with no network; changes go through the outbox (`envios.ts`).

export type DatosSolicitudes = RespuestaDe<typeof cliente.solicitudes.$get>['data']
export type Solicitud = DatosSolicitudes['solicitudes'][number]

export const solicitudQueries = {
  all: () => CLAVE_SOLICITUDES,
  lista: () =>
    queryOptions({
      queryKey: [...solicitudQueries.all(), 'lista'],
      queryFn: async ({ signal }) => (await leer(cliente.solicitudes.$get({}, { init: { signal } }))).data,
    }),
  documentos: (codigo: string) =>
    queryOptions({
      queryKey: [...solicitudQueries.all(), 'documentos', codigo],
      queryFn: async ({ signal }) =>
        (await leer(cliente.solicitudes[':codigo'].documentos.$get({ param: { codigo } }, { init: { signal } }))).data,
    }),
  encuesta: (codigo: string) =>
    queryOptions({
      queryKey: [...solicitudQueries.all(), 'encuesta', codigo],
      queryFn: async ({ signal }) =>
        (await leer(cliente.solicitudes[':codigo'].encuesta.$get({ param: { codigo } }, { init: { signal } }))).data,
    }),
}

/**
 * The route's loader: the list in the cache before the screen opens (and preloaded when a link
 * to it is hovered or focused). A failure is not thrown: the screen shows it, and whatever the
 * cache already holds still shows offline.
 */
export async function cargarSolicitudes(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(solicitudQueries.lista())])
}
