import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { RespuestaDerecho } from '../../../domain/derechos.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The school's queue of rights requests. Never stored for offline use: a deadline is only worth
// what the server says now.

const api = cliente.admin.privacidad.solicitudes
export type SolicitudEnCola = RespuestaDe<typeof api.$get>['solicitudes'][number]
export type DetalleSolicitud = RespuestaDe<(typeof api)[':id']['$get']>

export const derechosQueries = {
  all: () => ['admin', 'privacidad', 'solicitudes'] as const,
  cola: () =>
    queryOptions({
      queryKey: [...derechosQueries.all(), 'cola'],
      meta: { persistir: false },
      queryFn: async ({ signal }) => (await leer(api.$get({}, { init: { signal } }))).solicitudes,
    }),
  detalle: (id: string) =>
    queryOptions({
      queryKey: [...derechosQueries.all(), 'detalle', id],
      meta: { persistir: false },
      queryFn: ({ signal }) => leer(api[':id'].$get({ param: { id } }, { init: { signal } })),
    }),
}

async function refrescar(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: derechosQueries.all() })
  await queryClient.invalidateQueries({ queryKey: personalQueries.resumen().queryKey })
}

export async function prorrogarSolicitud(queryClient: QueryClient, id: string, motivo: string) {
  const hecho = await leer(api[':id'].prorroga.$post({ param: { id }, json: { motivo } }))
  await refrescar(queryClient)
  return hecho
}

export async function responderSolicitud(queryClient: QueryClient, id: string, respuesta: RespuestaDerecho) {
  const hecho = await leer(api[':id'].respuesta.$post({ param: { id }, json: respuesta }))
  await refrescar(queryClient)
  return hecho
}

export async function reintentarCorreoRespuesta(queryClient: QueryClient, id: string) {
  const hecho = await leer(api[':id']['correo-respuesta'].$post({ param: { id } }))
  await refrescar(queryClient)
  return hecho
}
