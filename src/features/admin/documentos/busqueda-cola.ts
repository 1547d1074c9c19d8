import * as v from 'valibot'
import { ESTADOS_REVISION, ORDENES_COLA } from '../../../domain/estado-revision.ts'

// Apart from the queries: the route checks its search with this before anything loads, so it
// goes in the school's route tree, and that should carry nothing more.

/**
 * The queue's search as the URL keeps it: what it does not understand (a hand-edited address)
 * falls back to the default instead of failing the page.
 */
export const busquedaColaSchema = v.object({
  estado: v.fallback(v.optional(v.picklist(ESTADOS_REVISION)), undefined),
  programa: v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty())), undefined),
  tipo: v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty())), undefined),
  pagina: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(2))),
    undefined,
  ),
  orden: v.fallback(v.optional(v.picklist(ORDENES_COLA)), undefined),
})
export type BusquedaCola = v.InferOutput<typeof busquedaColaSchema>

/**
 * A review page's search: the upload shown, and the queue it was opened from (its filters and
 * order), so 'Siguiente documento' follows that queue and 'Volver' returns to it.
 */
export const busquedaRevisionSchema = v.object({
  ...busquedaColaSchema.entries,
  documento: v.fallback(v.optional(v.string()), undefined),
})
export type BusquedaRevision = v.InferOutput<typeof busquedaRevisionSchema>

/** The queue's part of a review page's search. */
export function colaDe({ estado, programa, tipo, pagina, orden }: BusquedaRevision): BusquedaCola {
  return { estado, programa, tipo, pagina, orden }
}
