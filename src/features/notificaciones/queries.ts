import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Preferencias } from '../../domain/notificaciones.ts'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'

// The student's notices (the bell) and their preferences. Both are persisted with the rest of the
// query cache, so the bell's list reads offline.

export type ListaAvisos = RespuestaDe<typeof cliente.notificaciones.$get>['data']
export type Aviso = ListaAvisos['notificaciones'][number]
export type PreferenciasAvisos = RespuestaDe<typeof cliente.notificaciones.preferencias.$get>['data']

/** A new notice shows within a minute while the app is open (at once when a push arrives). */
const REFRESCO_MS = 60_000

export const notificacionQueries = {
  all: () => ['notificaciones'] as const,
  lista: () =>
    queryOptions({
      queryKey: [...notificacionQueries.all(), 'lista'],
      queryFn: async ({ signal }) => (await leer(cliente.notificaciones.$get({}, { init: { signal } }))).data,
      refetchInterval: REFRESCO_MS,
    }),
  preferencias: () =>
    queryOptions({
      queryKey: [...notificacionQueries.all(), 'preferencias'],
      queryFn: async ({ signal }) =>
        (await leer(cliente.notificaciones.preferencias.$get({}, { init: { signal } }))).data,
    }),
}

/** Marks read in the cache first, so the bell's count drops at once; undone if the server refuses. */
export async function marcarLeidas(queryClient: QueryClient, ids: readonly string[] | 'todas'): Promise<void> {
  const clave = notificacionQueries.lista().queryKey
  const antes = queryClient.getQueryData(clave)
  const ahora = new Date().toISOString()
  queryClient.setQueryData(clave, (lista) => {
    if (!lista) return lista
    const notificaciones = lista.notificaciones.map((n) =>
      !n.leidaEn && (ids === 'todas' || ids.includes(n.id)) ? { ...n, leidaEn: ahora } : n,
    )
    return { notificaciones, noLeidas: notificaciones.filter((n) => !n.leidaEn && !n.retirada).length }
  })
  try {
    if (ids === 'todas') await leer(cliente.notificaciones.leidas.$post())
    else for (const id of ids) await leer(cliente.notificaciones[':id'].leida.$post({ param: { id } }))
  } catch (err) {
    queryClient.setQueryData(clave, antes)
    throw err
  }
}

export async function guardarPreferencias(queryClient: QueryClient, preferencias: Preferencias): Promise<void> {
  await leer(cliente.notificaciones.preferencias.$put({ json: preferencias }))
  queryClient.setQueryData(notificacionQueries.preferencias().queryKey, (previas) =>
    previas ? { ...previas, ...preferencias } : previas,
  )
  // Kinds taken out of (or back into) the app change the list.
  await queryClient.invalidateQueries({ queryKey: notificacionQueries.lista().queryKey })
}

/** The route's loader; a failure is shown by the screen, not thrown. */
export async function cargarPreferenciasAvisos(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(notificacionQueries.preferencias())])
}
