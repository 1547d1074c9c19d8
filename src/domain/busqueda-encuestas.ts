import * as v from 'valibot'

// The survey results' filters as the screen's address holds them. Apart from the rest of the
// results' rules (resultados-encuesta.ts) because the route checks its search in the school's route
// tree, which carries whole whatever module it imports: this one holds nothing more.

/** A program's code and a year; whatever does not fit falls back to "all" instead of breaking the page. */
export const busquedaEncuestasSchema = v.object({
  programa: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined),
  anio: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform((a) => Number(a)),
        v.integer(),
        v.minValue(1000),
        v.maxValue(9999),
      ),
    ),
    undefined,
  ),
})
export type BusquedaEncuestas = v.InferOutput<typeof busquedaEncuestasSchema>
