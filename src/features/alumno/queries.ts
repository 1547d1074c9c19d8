import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'
import { guardarSesion, haySesion, sesionDesdeRespuesta } from '../../lib/session.ts'

export type DatosPendientes = RespuestaDe<typeof cliente.alumno.pendientes.$get>['data']
export type PendienteAlumno = DatosPendientes['pendientes'][number]

export const alumnoQueries = {
  all: () => ['alumno'] as const,
  /** getAlumno: the session's student, same shape as the login reply. */
  detalle: () =>
    queryOptions({
      queryKey: [...alumnoQueries.all(), 'detalle'],
      queryFn: async ({ signal }) => {
        const respuesta = await leer(cliente.alumno.$get({}, { init: { signal } }))
        // Keep the stored marker (name, assistant…) current so every screen and the next cold
        // start show fresh data before the network answers.
        const sesion = sesionDesdeRespuesta(respuesta)
        if (sesion && haySesion()) guardarSesion(sesion)
        return respuesta
      },
    }),
  /**
   * What the student has to do next (the home page and its tiles). Persisted with the cache, so
   * it shows offline; whatever changes it (a payment, a document, the survey, the regulations)
   * invalidates it when the server confirms the change.
   */
  pendientes: () =>
    queryOptions({
      queryKey: [...alumnoQueries.all(), 'pendientes'],
      queryFn: async ({ signal }) => (await leer(cliente.alumno.pendientes.$get({}, { init: { signal } }))).data,
    }),
  /**
   * Whether the home page shows the 'Ofertas Laborales' tile: the school's setting, read again on
   * every visit to the home (never fresh from the cache), so a change on /admin/ofertas shows at
   * once; the cached value only stands in while offline or while the answer comes.
   */
  mosaicoOfertas: () =>
    queryOptions({
      queryKey: [...alumnoQueries.all(), 'mosaico-ofertas'],
      queryFn: async ({ signal }) => (await leer(cliente.ofertas.mosaico.$get({}, { init: { signal } }))).data,
      staleTime: 0,
    }),
}

/** After a change the server confirmed: the pending list is read again when next shown. */
export function invalidarPendientes(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: alumnoQueries.pendientes().queryKey })
}

/**
 * The home route's loader: starts reading the pending list (also when a link to home is hovered)
 * without holding the page, which paints at once from the stored data and the session marker;
 * the list shows when it arrives, or from the cache offline.
 */
export function cargarInicio(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(alumnoQueries.pendientes())
}
