import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { CLAVE_CONCURSOS } from '../../lib/claves-consulta.ts'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'

// Contests and the student's application to each. Persisted with the query cache, so the screens
// open with what was last seen when there is no network; the state of a contest (open, closed)
// comes from the server's clock, never the phone's.

export type Concursos = RespuestaDe<typeof cliente.concursos.$get>['data']['concursos']
export type ResumenConcurso = Concursos[number]
export type DetalleConcurso = RespuestaDe<(typeof cliente.concursos)[':id']['$get']>['data']
export type Postulacion = RespuestaDe<(typeof cliente.concursos)[':id']['postulacion']['$get']>['data']

export const concursoQueries = {
  all: () => CLAVE_CONCURSOS,
  lista: () =>
    queryOptions({
      queryKey: [...concursoQueries.all(), 'lista'],
      queryFn: async ({ signal }) => (await leer(cliente.concursos.$get({}, { init: { signal } }))).data.concursos,
    }),
  detalle: (id: string) =>
    queryOptions({
      queryKey: [...concursoQueries.all(), 'detalle', id],
      queryFn: async ({ signal }) =>
        (await leer(cliente.concursos[':id'].$get({ param: { id } }, { init: { signal } }))).data,
    }),
  postulacion: (id: string) =>
    queryOptions({
      queryKey: [...concursoQueries.all(), 'postulacion', id],
      queryFn: async ({ signal }) =>
        (await leer(cliente.concursos[':id'].postulacion.$get({ param: { id } }, { init: { signal } }))).data,
    }),
}

/** Applying (once per contest): the application goes into the cache, and the list and detail are refreshed. */
export async function postular(queryClient: QueryClient, id: string): Promise<Postulacion> {
  const { data } = await leer(cliente.concursos[':id'].postulacion.$post({ param: { id } }))
  queryClient.setQueryData(concursoQueries.postulacion(id).queryKey, data)
  void queryClient.invalidateQueries({ queryKey: concursoQueries.lista().queryKey })
  void queryClient.invalidateQueries({ queryKey: concursoQueries.detalle(id).queryKey })
  return data
}

// The routes' loaders: the data in the cache before the screen opens (and preloaded when a link
// to it is hovered or focused). A failure is not thrown: the screen shows it, and whatever the
// cache already holds still shows offline.

export async function cargarListado(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(concursoQueries.lista())])
}

export async function cargarDetalle(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(concursoQueries.detalle(id))])
}

export async function cargarPostulacion(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.allSettled([
    queryClient.ensureQueryData(concursoQueries.detalle(id)),
    queryClient.ensureQueryData(concursoQueries.postulacion(id)),
  ])
}
