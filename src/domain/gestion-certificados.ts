import * as v from 'valibot'
import { fechaLarga } from './fechas.ts'
import { FILTROS_ESTADO_CERTIFICADO, type FiltroEstadoCertificado } from './busqueda-certificados.ts'
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

export const MENSAJE_SOLICITUD_NO_ENCONTRADA = 'Solicitud no encontrada.'
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
