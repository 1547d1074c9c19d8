import * as v from 'valibot'

// The enrolment list's address. Kept apart from the list's other rules: the router reads it with
// the first screen, which must not download the rest.

/** What the list opens for an enrolment: its documents, survey, conditions or regulations. */
export const DIALOGOS_SOLICITUD = ['documentos', 'encuesta', 'condiciones', 'reglamento'] as const
export type DialogoSolicitud = (typeof DIALOGOS_SOLICITUD)[number]

/**
 * An issued paper of the enrolment the list can point to: its certificate, its program's payment
 * receipt (the portal's own, not a tax document) or its tax documents (the SII's).
 */
export const PAPELES_SOLICITUD = ['certificado', 'comprobante', 'tributario'] as const
export type PapelSolicitud = (typeof PAPELES_SOLICITUD)[number]

/** Everything the address may ask the list to open of an enrolment. */
export type DestinoSolicitud = DialogoSolicitud | PapelSolicitud

/**
 * The list's address may name an enrolment to show (its card open) and what to open of it:
 * '/info/solicitudes?solicitud=INS-26-40018&abrir=encuesta', where a pending action or a notice
 * leads. With `abrir=documentos`, `documento` names one of them (its type code), whose
 * replacement is brought into view and focused; `abrir=certificado`, `comprobante` or `tributario`
 * points to that paper's link.
 */
export const busquedaSolicitudesSchema = v.object({
  solicitud: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined),
  abrir: v.fallback(v.optional(v.picklist([...DIALOGOS_SOLICITUD, ...PAPELES_SOLICITUD])), undefined),
  documento: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/))), undefined),
})
