import { cantidad } from './textos.ts'

// The few names of the school's review that every side needs: an upload's review states and how
// each reads, where an upload comes from, the review queue's orders, and an enrolment's summary.
// Apart from the reasons and schemas (revision-documentos.ts), so the student's screens and the
// staff's route tree carry only these.

export const ESTADOS_REVISION = ['en-revision', 'aprobado', 'rechazado'] as const
export type EstadoRevision = (typeof ESTADOS_REVISION)[number]

export function esEstadoRevision(valor: string): valor is EstadoRevision {
  return (ESTADOS_REVISION as readonly string[]).includes(valor)
}

const ETIQUETA_ESTADO_REVISION: Record<EstadoRevision, string> = {
  'en-revision': 'En revisión',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
}

/** 'En revisión', 'Aprobado' or 'Rechazado: <motivo>', as the student and the reviewer read it. */
export function estadoRevisionEnPalabras(estado: string, motivo: string | null | undefined): string {
  if (!esEstadoRevision(estado)) return ETIQUETA_ESTADO_REVISION['en-revision']
  if (estado === 'rechazado' && motivo) return `${ETIQUETA_ESTADO_REVISION.rechazado}: ${motivo}`
  return ETIQUETA_ESTADO_REVISION[estado]
}

/**
 * The three kinds of uploads: an enrolment's required documents, the student's personal
 * documents (Información Personal) and a contest application's documents.
 */
export const ORIGENES_DOCUMENTO = ['solicitud', 'personal', 'postulacion'] as const
export type OrigenDocumento = (typeof ORIGENES_DOCUMENTO)[number]

export function esOrigenDocumento(valor: string): valor is OrigenDocumento {
  return (ORIGENES_DOCUMENTO as readonly string[]).includes(valor)
}

/** How the queue is ordered: by upload date (oldest first by default) or by the student's name. */
export const ORDENES_COLA = ['subidoEn', '-subidoEn', 'alumno', '-alumno'] as const

/** The student's summary of one enrolment's documents, for its row ('1 rechazado', '2 en revisión'). */
export function resumenRevision(conteo: { enRevision: number; aprobados: number; rechazados: number }): string[] {
  const partes: string[] = []
  if (conteo.rechazados > 0) partes.push(`${conteo.rechazados} ${conteo.rechazados === 1 ? 'rechazado' : 'rechazados'}`)
  if (conteo.enRevision > 0) partes.push(`${conteo.enRevision} en revisión`)
  if (conteo.aprobados > 0) partes.push(`${conteo.aprobados} ${conteo.aprobados === 1 ? 'aprobado' : 'aprobados'}`)
  return partes
}

/** A count of documents in one state, agreeing in number: '1 documento rechazado', '3 documentos en revisión'. */
export function documentosEnEstado(total: number, estado: EstadoRevision): string {
  const [singular, plural] = DOCUMENTOS_EN_ESTADO[estado]
  return cantidad(total, singular, plural)
}

const DOCUMENTOS_EN_ESTADO: Record<EstadoRevision, readonly [string, string]> = {
  'en-revision': ['documento en revisión', 'documentos en revisión'],
  aprobado: ['documento aprobado', 'documentos aprobados'],
  rechazado: ['documento rechazado', 'documentos rechazados'],
}

/** Counts the states of a set of uploads (each a document's current file). */
export function contarRevision(estados: readonly string[]): {
  enRevision: number
  aprobados: number
  rechazados: number
} {
  return {
    enRevision: estados.filter((e) => e !== 'aprobado' && e !== 'rechazado').length,
    aprobados: estados.filter((e) => e === 'aprobado').length,
    rechazados: estados.filter((e) => e === 'rechazado').length,
  }
}
