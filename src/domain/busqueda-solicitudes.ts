import * as v from 'valibot'

// The enrolment list's address. Kept apart from the list's other rules: the router reads it with
// the first screen, which must not download the rest.

/** What the list opens for an enrolment: its documents, survey, conditions or regulations. */
export const DIALOGOS_SOLICITUD = ['documentos', 'encuesta', 'condiciones', 'reglamento'] as const
export type DialogoSolicitud = (typeof DIALOGOS_SOLICITUD)[number]

/**
 * The list's address may name an enrolment to show (its card open) and what to open of it:
 * '/info/solicitudes?solicitud=INS-26-40018&abrir=encuesta', where a pending action leads.
 */
export const busquedaSolicitudesSchema = v.object({
  solicitud: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined),
  abrir: v.fallback(v.optional(v.picklist(DIALOGOS_SOLICITUD)), undefined),
})
