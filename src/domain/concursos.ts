import { TIPOS_DOCUMENTO_SOLICITUD, type TipoDocumentoSolicitud } from './documentos-solicitud.ts'
import { fechaCorta } from './solicitudes.ts'

// Specialty-medicine contests ('Concursos'): when a contest takes applications, when its fee can
// be paid, and how an application's state reads. A contest's application period is a pair of
// calendar days in Chile, both included: it opens at the start of the first day and closes at
// the end of the last one, Santiago time, whatever the time zone of the server or the phone.

/**
 * The days a contest takes applications, both included ('yyyy-mm-dd'), and whether the school
 * closed it by hand (then it takes none, whatever its days).
 */
export type PeriodoPostulacion = { postulacionDesde: string; postulacionHasta: string; cerradoPorLaEscuela?: boolean }

export const ESTADOS_CONCURSO = ['proximo', 'abierto', 'cerrado'] as const
export type EstadoConcurso = (typeof ESTADOS_CONCURSO)[number]

export const ESTADO_CONCURSO_EN_PALABRAS: Readonly<Record<EstadoConcurso, string>> = {
  proximo: 'Próximo a abrir',
  abierto: 'Postulación abierta',
  cerrado: 'Postulación cerrada',
}

/** Before its first day, within its days, or after its last day (`hoy` is Chile's day). */
export function estadoConcurso(periodo: PeriodoPostulacion, hoy: string): EstadoConcurso {
  if (periodo.cerradoPorLaEscuela) return 'cerrado'
  if (hoy < periodo.postulacionDesde) return 'proximo'
  if (hoy > periodo.postulacionHasta) return 'cerrado'
  return 'abierto'
}

/** 'Del 01-03-2026 al 31-03-2026'. */
export function periodoEnPalabras(periodo: PeriodoPostulacion): string {
  return `Del ${fechaCorta(periodo.postulacionDesde)} al ${fechaCorta(periodo.postulacionHasta)}`
}

export const MENSAJE_CONCURSO_NO_ENCONTRADO = 'Concurso no encontrado'
export const MENSAJE_POSTULACION_NO_ENCONTRADA = 'No tiene una postulación a este concurso.'
export const MENSAJE_DERECHO_YA_PAGADO = 'El derecho de postulación de este concurso ya está pagado.'
export const MENSAJE_CONCURSO_CERRADO_POR_LA_ESCUELA =
  'La escuela cerró la postulación a este concurso: ya no es posible postular ni pagar el derecho de postulación.'
export const MENSAJE_DOCUMENTOS_CERRADOS =
  'El período de postulación de este concurso terminó: ya no es posible subir ni reemplazar documentos.'

/**
 * Why a contest takes no application now (nor the payment of its fee), or null when it does.
 * Applying, paying the fee and changing documents all happen within the application period.
 */
export function motivoFueraDePlazo(periodo: PeriodoPostulacion, hoy: string): string | null {
  if (periodo.cerradoPorLaEscuela) return MENSAJE_CONCURSO_CERRADO_POR_LA_ESCUELA
  switch (estadoConcurso(periodo, hoy)) {
    case 'proximo':
      return `La postulación a este concurso abre el ${fechaCorta(periodo.postulacionDesde)}: el derecho de postulación podrá pagarse desde ese día.`
    case 'cerrado':
      return `El período de postulación de este concurso terminó el ${fechaCorta(periodo.postulacionHasta)}: ya no es posible pagar el derecho de postulación.`
    case 'abierto':
      return null
  }
}

/** Why the fee cannot be paid now (already paid, or outside the period), or null when it can. */
export function motivoNoPagable(periodo: PeriodoPostulacion, pagadaEn: string | null, hoy: string): string | null {
  if (pagadaEn) return MENSAJE_DERECHO_YA_PAGADO
  return motivoFueraDePlazo(periodo, hoy)
}

/**
 * The documents a contest asks of its applicants, in the order of the document types. Codes that
 * are not document types are left out (the server checks its contests against this list).
 */
export function documentosDeConcurso(codigos: readonly string[]): TipoDocumentoSolicitud[] {
  return TIPOS_DOCUMENTO_SOLICITUD.filter((t) => codigos.includes(t.codDocumento))
}

export function esCodigoDeDocumento(codigo: string): boolean {
  return TIPOS_DOCUMENTO_SOLICITUD.some((t) => t.codDocumento === codigo)
}

/**
 * An application as its state is read: paid or not, documents uploaded of those required, and how
 * many of those uploaded the school rejected (they count as not delivered until replaced).
 */
export type AvancePostulacion = {
  pagadaEn: string | null
  documentosSubidos: number
  documentosRechazados: number
  documentosRequeridos: number
  estadoConcurso: EstadoConcurso
}

const documentos = (n: number) => (n === 1 ? '1 documento' : `${n} documentos`)
const rechazados = (n: number) => `${documentos(n)} ${n === 1 ? 'rechazado' : 'rechazados'}`

/** The application's state in words, as the applicant reads it. */
export function estadoPostulacionEnPalabras(p: AvancePostulacion): string {
  const sinSubir = Math.max(0, p.documentosRequeridos - p.documentosSubidos)
  const porReemplazar = Math.min(p.documentosRechazados, p.documentosSubidos)
  const cerrado = p.estadoConcurso === 'cerrado'
  if (!p.pagadaEn)
    return cerrado
      ? 'No completada: el período de postulación terminó sin el pago del derecho de postulación'
      : 'Pendiente de pago del derecho de postulación'
  if (sinSubir === 0 && porReemplazar === 0) return 'Completa: en revisión por la comisión del concurso'
  if (cerrado) {
    const falto = [sinSubir > 0 && `${documentos(sinSubir)} sin subir`, porReemplazar > 0 && rechazados(porReemplazar)]
    return `Incompleta: el período de postulación terminó con ${falto.filter(Boolean).join(' y ')}`
  }
  const falta = [
    sinSubir > 0 &&
      `${sinSubir === 1 ? 'falta' : 'faltan'} ${documentos(sinSubir)} de ${p.documentosRequeridos} por subir`,
    porReemplazar > 0 && `${rechazados(porReemplazar)} por reemplazar`,
  ]
  return `Derecho de postulación pagado; ${falta.filter(Boolean).join(' y ')}`
}
