import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { leerBusquedaAlumnos, paginaEnDireccionSchema, type BusquedaAlumnos } from '../../../domain/busqueda-alumnos.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// Students from the school's side: the search, a student's page and their history. Keys start
// with 'admin' (through personalQueries.all), so none is ever persisted on the device.

export type ResultadoBusqueda = RespuestaDe<typeof cliente.admin.alumnos.$get>
export type FichaAlumno = RespuestaDe<(typeof cliente.admin.alumnos)[':id']['$get']>
export type HistorialAlumno = RespuestaDe<(typeof cliente.admin.alumnos)[':id']['historial']['$get']>

export const alumnosQueries = {
  all: () => [...personalQueries.all(), 'alumnos'] as const,
  busqueda: ({ q, pagina, orden }: BusquedaAlumnos) =>
    queryOptions({
      queryKey: [...alumnosQueries.all(), 'busqueda', { q, pagina, orden }],
      queryFn: ({ signal }) =>
        leer(cliente.admin.alumnos.$get({ query: { q, pagina: String(pagina), orden } }, { init: { signal } })),
      // The page being left stays on screen while the next one arrives.
      placeholderData: (anterior) => anterior,
    }),
  ficha: (id: string) =>
    queryOptions({
      queryKey: [...alumnosQueries.all(), 'ficha', id],
      queryFn: ({ signal }) => leer(cliente.admin.alumnos[':id'].$get({ param: { id } }, { init: { signal } })),
    }),
  historial: (id: string, pagina: number) =>
    queryOptions({
      queryKey: [...alumnosQueries.all(), 'historial', id, pagina],
      queryFn: ({ signal }) =>
        leer(
          cliente.admin.alumnos[':id'].historial.$get(
            { param: { id }, query: { pagina: String(pagina) } },
            { init: { signal } },
          ),
        ),
      placeholderData: (anterior) => anterior,
    }),
}

/** The loaders: data in the cache before the screen opens; a failure is shown by the screen. */
export async function cargarBusqueda(queryClient: QueryClient, direccion: Record<string, unknown>): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(alumnosQueries.busqueda(leerBusquedaAlumnos(direccion)))])
}

export async function cargarFicha(queryClient: QueryClient, id: string, historial: string | undefined): Promise<void> {
  await Promise.allSettled([
    queryClient.ensureQueryData(alumnosQueries.ficha(id)),
    queryClient.ensureQueryData(alumnosQueries.historial(id, v.parse(paginaEnDireccionSchema, historial))),
  ])
}
