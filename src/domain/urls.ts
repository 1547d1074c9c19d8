// The portal's addresses, written once: every app path the server puts in a redirect, an e-mail,
// a notice or a document's QR, and every one the client builds as text rather than through a
// typed <Link>. src/urls.test.tsx opens each in the router's real tree, so renaming a route
// without its address here fails a test instead of sending students to the not-found page.

import type { DestinoSolicitud } from './busqueda-solicitudes.ts'

const parte = encodeURIComponent

export const URL_INICIO = '/home'
/** The student's sign-in, where an expired session lands. */
export const URL_INGRESO = '/login'
/** The staff's home, where a staff member lands after signing in. */
export const URL_INICIO_PERSONAL = '/admin/home'
export const URL_INFO_PERSONAL = '/info/personal'
export const URL_SOLICITUDES = '/info/solicitudes'
/** The student's notice preferences, linked from every notice e-mail. */
export const URL_NOTIFICACIONES = '/notificaciones'
/**
 * One enrolment in the list, its card open, and what of it to open: a dialog (its documents, with
 * one of them brought into view by its type code; the survey; the regulations) or the link to its
 * certificate or invoice.
 */
export function urlSolicitud(codigoInscripcion: string, abrir?: DestinoSolicitud, codDocumento?: string): string {
  const busqueda = new URLSearchParams({ solicitud: codigoInscripcion })
  if (abrir) busqueda.set('abrir', abrir)
  if (abrir === 'documentos' && codDocumento) busqueda.set('documento', codDocumento)
  return `${URL_SOLICITUDES}?${busqueda.toString()}`
}

/** The anchor of one document on a page of documents (`documento-<type code>`). */
export function anclaDocumento(codDocumento: string): string {
  return `documento-${codDocumento}`
}

/** One personal document on Información Personal, where it is uploaded and replaced. */
export function urlDocumentoPersonal(codDocumento: string): string {
  return `${URL_INFO_PERSONAL}#${anclaDocumento(codDocumento)}`
}

/** The public validator, which every issued document's QR opens on whatever host printed it. */
export const URL_VALIDADOR = '/certificado/validador'

/** The validator's address for a code (`base`: the public URL, or '' for a path). */
export function urlValidador(base: string, codigo: string): string {
  return `${base}${URL_VALIDADOR}?codcertificado=${parte(codigo)}`
}

/** An enrolment's installments. */
export function urlListaPagos(codigoInscripcion: string): string {
  return `/pagos/lista/${parte(codigoInscripcion)}`
}

/** An installment's confirmation page, on the way to the gateway. */
export function urlPagarCuota(codigoInscripcion: string, numero: number): string {
  return `/pagos/${parte(codigoInscripcion)}/${numero}`
}

/** Where every payment's outcome lives (a prefix of `urlResultadoPago`). */
export const PREFIJO_RESULTADO_PAGO = '/pagos/respuesta/'

/** A payment's outcome: under its enrolment for an installment, alone for anything else (a contest fee). */
export function urlResultadoPago(pagoId: string, codigoInscripcion: string | null): string {
  return codigoInscripcion === null
    ? `${PREFIJO_RESULTADO_PAGO}${parte(pagoId)}`
    : `${PREFIJO_RESULTADO_PAGO}${parte(codigoInscripcion)}/${parte(pagoId)}`
}

/** Where every contest page a student opens lives (a prefix of the contest addresses below). */
export const PREFIJO_CONCURSO = '/concurso/'

/** A contest's application fee: where a contest link lands. */
export function urlDerechoPostulacion(concursoId: string): string {
  return `/concurso/derechopostulacion/${parte(concursoId)}`
}

/**
 * The link the school shares with a contest's applicants (`base`: the portal's address): the
 * portal's entry with `?concurso=`, which leads to the contest's fee, through sign-in or
 * registration for someone without a session.
 */
export function urlPostularConcurso(base: string, concursoId: string): string {
  return `${base}/?concurso=${parte(concursoId)}`
}

/** The student's application to a contest (where the gateway brings them back). */
export function urlPostulacion(concursoId: string): string {
  return `/concurso/derechopostulacion/detalle/${parte(concursoId)}`
}

/** One document of the student's application to a contest, where it is uploaded and replaced. */
export function urlDocumentoPostulacion(concursoId: string, codDocumento: string): string {
  return `${urlPostulacion(concursoId)}#${anclaDocumento(codDocumento)}`
}

/** The e-mailed link that opens the new-password form. */
export function urlRecuperarPassword(token: string): string {
  return `/?recoverpass=${parte(token)}`
}

/** The e-mailed link with which a new staff member creates their password. */
export function urlInvitacionPersonal(token: string): string {
  return `/admin/invitacion?token=${parte(token)}`
}

/** Where a staff member who forgot their password asks for a link to create a new one. */
export const URL_RECUPERAR_PASSWORD_PERSONAL = '/admin/recuperar'

/** The e-mailed link with which a staff member creates a new password (the second factor stays). */
export function urlRestablecerPasswordPersonal(token: string): string {
  return `/admin/restablecer?token=${parte(token)}`
}
