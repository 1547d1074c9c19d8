import * as v from 'valibot'

// The certificates list's filters as the screen's address holds them. Apart from the rest of the
// certificates' rules (gestion-certificados.ts) because the route checks its search before
// anything loads, in the school's route tree: a module imported there is carried whole (valibot's
// schemas are calls a bundler keeps), so this one holds nothing more.

/**
 * What the list can be narrowed to: 'por-emitir' is every enrolment without a valid certificate
 * (never issued, or revoked and not issued again: the work to do); 'revocado' only those whose
 * last certificate was revoked; 'emitido' those with a valid one.
 */
export const FILTROS_ESTADO_CERTIFICADO = ['por-emitir', 'emitido', 'revocado'] as const
export type FiltroEstadoCertificado = (typeof FILTROS_ESTADO_CERTIFICADO)[number]

/**
 * The same filters in the screen's address (plain strings there; the page a number once read):
 * whatever does not fit falls back to "all" (or the first page) instead of breaking the page.
 */
export const busquedaCertificadosSchema = v.object({
  programa: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
  estado: v.fallback(v.optional(v.picklist(FILTROS_ESTADO_CERTIFICADO)), undefined),
  pagina: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform((p) => Number(p)),
        v.integer(),
        v.minValue(1),
      ),
    ),
    undefined,
  ),
})
export type BusquedaCertificados = v.InferOutput<typeof busquedaCertificadosSchema>
