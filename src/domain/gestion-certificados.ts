import * as v from 'valibot'
import { fechaLarga } from './fechas.ts'
import { FILTROS_ESTADO_CERTIFICADO, type FiltroEstadoCertificado } from './busqueda-certificados.ts'
import type { EstadoCuota } from './pagos.ts'
import type { RevisionDocumento } from './pendientes.ts'
import { textoRequerido } from './validacion.ts'

// The school issues and revokes program certificates: which enrolments are due one, how their
// state is told, and the refusals, shared by the staff's screen and the server.

/** Rows per page of the certificates list. */
export const TAMANO_PAGINA_CERTIFICADOS = 20

export const ETIQUETA_FILTRO_ESTADO: Record<FiltroEstadoCertificado, string> = {
  'por-emitir': 'Por emitir (sin certificado vigente)',
  emitido: 'Emitido',
  revocado: 'Revocado, sin volver a emitir',
}

/** A program has ended once its last day is over in Chile: from the day after `fechaTermino`. */
export function programaTerminado(fechaTermino: string | null, hoy: string): boolean {
  return fechaTermino !== null && fechaTermino < hoy
}

// One text for an enrolment not found, the student's and the school's (src/domain/solicitudes.ts).
export { MENSAJE_SOLICITUD_NO_ENCONTRADA } from './solicitudes.ts'
export const MENSAJE_CERTIFICADO_NO_ENCONTRADO = 'Certificado no encontrado.'
export const MENSAJE_CERTIFICADO_VIGENTE =
  'Esta solicitud ya tiene un certificado vigente. Para emitir uno nuevo, revoque primero el vigente.'
export const MENSAJE_SIN_FECHA_TERMINO =
  'El programa de esta solicitud no tiene fecha de término registrada: no es posible emitir su certificado.'

export function mensajeProgramaNoTerminado(fechaTermino: string): string {
  return `El programa de esta solicitud termina el ${fechaLarga(fechaTermino)}: el certificado se emite una vez terminado.`
}

/** Why a revocation was refused: the certificate already is (by someone else, perhaps just now). */
export function mensajeYaRevocado(revocadoEn: string): string {
  return `Este certificado ya fue revocado el ${fechaLarga(revocadoEn)}: no es posible revocarlo de nuevo.`
}

// ---------------------------------------------------------------------------------------------
// What an enrolment still lacks when its certificate is issued. Issuing is not refused for it (the
// school may have its reasons), but it is never done by mistake: the staff member is told what is
// lacking, in words, and must confirm exactly that list; the audit row records it.
// ---------------------------------------------------------------------------------------------

/** The enrolment as the rule reads it: its installments, regulations, survey and documents. */
export type SituacionParaCertificado = {
  cuotas: readonly { estado: EstadoCuota }[]
  reglamento: 'firmado' | 'pendiente' | 'no-aplica'
  encuesta: 'enviada' | 'pendiente' | 'no-aplica'
  /** The documents the enrolment requires, each with its file's review (null: never uploaded). */
  documentos: readonly { archivo: { revision?: RevisionDocumento | null | undefined } | null }[]
}

export type FaltantesCertificado = {
  cuotasVencidas: number
  /** Unpaid and not yet due. */
  cuotasPorVencer: number
  reglamentoSinFirmar: boolean
  /** Never uploaded, or rejected by the school. */
  documentosPendientes: number
  /** Uploaded and still waiting for the school's review. */
  documentosEnRevision: number
  encuestaSinEnviar: boolean
}

export function faltantesParaCertificado(s: SituacionParaCertificado): FaltantesCertificado {
  return {
    cuotasVencidas: s.cuotas.filter((c) => c.estado === 'vencida').length,
    cuotasPorVencer: s.cuotas.filter((c) => c.estado === 'pendiente').length,
    reglamentoSinFirmar: s.reglamento === 'pendiente',
    documentosPendientes: s.documentos.filter((d) => d.archivo === null || d.archivo.revision === 'rechazado').length,
    documentosEnRevision: s.documentos.filter(
      (d) => d.archivo !== null && d.archivo.revision !== 'rechazado' && d.archivo.revision !== 'aprobado',
    ).length,
    encuestaSinEnviar: s.encuesta === 'pendiente',
  }
}

function cuantos(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`
}

/**
 * What is lacking, in the order the school reads it (money, regulations, documents, survey): '1
 * cuota vencida', 'reglamento sin firmar', '2 documentos pendientes', 'encuesta sin enviar'…
 * Empty when nothing is.
 */
export function faltantesEnPalabras(f: FaltantesCertificado): string[] {
  const partes: string[] = []
  if (f.cuotasVencidas > 0) partes.push(cuantos(f.cuotasVencidas, 'cuota vencida', 'cuotas vencidas'))
  if (f.cuotasPorVencer > 0) partes.push(cuantos(f.cuotasPorVencer, 'cuota por vencer', 'cuotas por vencer'))
  if (f.reglamentoSinFirmar) partes.push('reglamento sin firmar')
  if (f.documentosPendientes > 0)
    partes.push(cuantos(f.documentosPendientes, 'documento pendiente', 'documentos pendientes'))
  if (f.documentosEnRevision > 0)
    partes.push(cuantos(f.documentosEnRevision, 'documento en revisión', 'documentos en revisión'))
  if (f.encuestaSinEnviar) partes.push('encuesta sin enviar')
  return partes
}

/** The question the staff member answers before issuing anyway. */
export function preguntaEmitirConFaltantes(faltantes: readonly string[]): string {
  return `Esta inscripción aún tiene: ${faltantes.join(', ')}. ¿Emitir de todos modos?`
}

/** The refusal while what is lacking was not confirmed (or changed since it was). */
export function mensajeFaltantesSinConfirmar(faltantes: readonly string[]): string {
  return `Esta inscripción aún tiene: ${faltantes.join(', ')}. Para emitir su certificado de todos modos, confirme la emisión.`
}

/** Whether every thing lacking now is among those the staff member confirmed. */
export function faltantesConfirmados(actuales: readonly string[], confirmados: readonly string[]): boolean {
  return actuales.every((f) => confirmados.includes(f))
}

const MENSAJE_CONFIRMACION = 'La confirmación de la emisión no es válida.'

/**
 * The body: what is lacking, as the confirmation showed it, when the staff member chose to
 * issue anyway; empty (or absent) otherwise.
 */
export const emitirCertificadoSchema = v.object({
  confirmarFaltantes: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(MENSAJE_CONFIRMACION), v.maxLength(100, MENSAJE_CONFIRMACION)), MENSAJE_CONFIRMACION),
      v.maxLength(10, MENSAJE_CONFIRMACION),
    ),
    [],
  ),
})
export type EmitirCertificado = v.InferInput<typeof emitirCertificadoSchema>

export const MAXIMO_MOTIVO_REVOCACION = 500
export const MENSAJE_MOTIVO_REVOCACION = `Indique el motivo de la revocación (hasta ${MAXIMO_MOTIVO_REVOCACION} caracteres).`

/** A revocation says why: the student's history and the audit trail keep it. */
export const revocarCertificadoSchema = v.object({
  motivo: textoRequerido(MAXIMO_MOTIVO_REVOCACION, MENSAJE_MOTIVO_REVOCACION),
})
export type RevocarCertificado = v.InferInput<typeof revocarCertificadoSchema>

export const MENSAJE_FILTRO_NO_VALIDO = 'Los filtros de la lista no son válidos.'

/**
 * The list's query string as the server reads it (strings only); a value it does not know is a
 * 400. Empty means "all".
 */
export const consultaCertificadosSchema = v.object({
  programa: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, MENSAJE_FILTRO_NO_VALIDO)), ''),
  estado: v.optional(v.picklist(['', ...FILTROS_ESTADO_CERTIFICADO], MENSAJE_FILTRO_NO_VALIDO), ''),
  pagina: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,5}$/, MENSAJE_FILTRO_NO_VALIDO),
      v.transform((p) => Number(p)),
    ),
    '1',
  ),
})
