import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { EntradaConcurso } from '../../../domain/gestion-concursos.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The contests screens' data (capability concursos.gestionar): the list, one contest with its
// applications, and their actions. Under 'admin', like every staff query: never persisted.

export type ConcursoAdmin = RespuestaDe<typeof cliente.admin.concursos.$get>['concursos'][number]
export type DetalleConcursoAdmin = RespuestaDe<(typeof cliente.admin.concursos)[':id']['$get']>
/** A contest's own fields, as the list and the contest's page both have them. */
export type DatosConcursoAdmin = DetalleConcursoAdmin['concurso']
export type PostulacionAdmin = DetalleConcursoAdmin['postulaciones'][number]

export const concursosAdminQueries = {
  all: () => [...personalQueries.all(), 'concursos'] as const,
  lista: () =>
    queryOptions({
      queryKey: [...concursosAdminQueries.all(), 'lista'],
      queryFn: ({ signal }) => leer(cliente.admin.concursos.$get(undefined, { init: { signal } })),
    }),
  detalle: (id: string) =>
    queryOptions({
      queryKey: [...concursosAdminQueries.all(), 'detalle', id],
      queryFn: ({ signal }) => leer(cliente.admin.concursos[':id'].$get({ param: { id } }, { init: { signal } })),
    }),
}

const uno = cliente.admin.concursos[':id']

export const concursosAdminMutations = {
  crear: (datos: EntradaConcurso) => leer(cliente.admin.concursos.$post({ json: datos })),
  editar: ({ id, datos }: { id: string; datos: EntradaConcurso }) => leer(uno.$put({ param: { id }, json: datos })),
  abrir: (id: string) => leer(uno.abrir.$post({ param: { id } })),
  cerrar: (id: string) => leer(uno.cerrar.$post({ param: { id } })),
}

/** The applicants' spreadsheet (a plain link: the browser downloads it with the staff's cookie). */
export function enlacePlanillaPostulantes(id: string): string {
  return `/api/admin/concursos/${encodeURIComponent(id)}/planilla`
}

export function actualizarConcursos(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: concursosAdminQueries.all() })
}
