import * as v from 'valibot'
import { TIPOS_DOCUMENTO_PERSONAL } from './documentos.ts'
import { TIPOS_DOCUMENTO_SOLICITUD } from './documentos-solicitud.ts'
import { requeridoSi, sinCaracteresInvisibles } from './validacion.ts'
import {
  ESTADOS_REVISION,
  ORDENES_COLA,
  ORIGENES_DOCUMENTO,
  estadoRevisionEnPalabras,
  type EstadoRevision,
} from './estado-revision.ts'

// The school's review of an uploaded document: every upload (a replacement too) starts 'en
// revisión'; a reviewer approves it or rejects it with a reason the student reads. The review
// screens and the server share these rules (the states themselves are in estado-revision.ts).

/** The reason the reviewer writes in full. */
export const OTRO_MOTIVO = 'Otro motivo'

/**
 * The reasons an admissions office gives most, so each is written the same way every time, and
 * last the one the reviewer writes in full.
 */
export const OPCIONES_MOTIVO = [
  'Documento ilegible',
  'Documento vencido',
  'No corresponde al documento solicitado',
  'Documento incompleto: faltan páginas o partes',
  'Falta la firma o el timbre de quien lo emite',
  'Los datos no coinciden con los del estudiante',
  OTRO_MOTIVO,
] as const
export type MotivoRechazo = (typeof OPCIONES_MOTIVO)[number]

/** The free text: the whole reason with 'Otro motivo', or a detail added to a common one. */
export const MAX_DETALLE_MOTIVO = 300

export const MENSAJE_MOTIVO_OBLIGATORIO = 'Elija el motivo del rechazo.'
export const MENSAJE_DETALLE_OBLIGATORIO = 'Escriba el motivo del rechazo.'
export const MENSAJE_DETALLE_LARGO = `El detalle del motivo admite hasta ${MAX_DETALLE_MOTIVO} caracteres.`

/**
 * The reason stored and shown: the common reason, followed by the detail when there is one;
 * with 'Otro motivo', the detail alone.
 */
export function textoMotivoRechazo(motivo: MotivoRechazo, detalle: string): string {
  const limpio = detalle.trim()
  if (motivo === OTRO_MOTIVO) return limpio
  return limpio ? `${motivo}. ${limpio}` : motivo
}

// ---------------------------------------------------------------------------------------------
// A document type's name
// ---------------------------------------------------------------------------------------------

/**
 * Every document type a student can upload, personal and enrolment/contest ones, by code. A
 * function rather than a list built at load, so a screen that needs only the states and orders
 * of this module (the staff's route tree) does not carry the types.
 */
export function tiposDeDocumento(): { codDocumento: string; documento: string }[] {
  return [...TIPOS_DOCUMENTO_PERSONAL, ...TIPOS_DOCUMENTO_SOLICITUD].map((t) => ({
    codDocumento: t.codDocumento,
    documento: t.documento,
  }))
}

/** The name of a document type ('Carta de Intención'), or a plain 'Documento <código>'. */
export function nombreTipoDocumento(codDocumento: string): string {
  return tiposDeDocumento().find((t) => t.codDocumento === codDocumento)?.documento ?? `Documento ${codDocumento}`
}

// ---------------------------------------------------------------------------------------------
// The queue and a decision
// ---------------------------------------------------------------------------------------------

export const TAMANO_PAGINA_REVISION = 20

/**
 * The queue's search, as the screen keeps it in its URL and the server reads it: every field is
 * optional and falls back to the default (documents in review, every program and type, oldest
 * first, page 1). A program is an enrolment's program code or `concurso:<id>` for a contest.
 */
export const filtrosColaSchema = v.object({
  estado: v.optional(v.picklist(ESTADOS_REVISION, 'El estado no es válido.')),
  programa: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'El programa no es válido.'))),
  tipo: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10, 'El tipo de documento no es válido.'))),
  pagina: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.integer('La página no es válida.'),
      v.minValue(1, 'La página no es válida.'),
    ),
  ),
  orden: v.optional(v.picklist(ORDENES_COLA, 'El orden no es válido.')),
})
export type FiltrosCola = v.InferOutput<typeof filtrosColaSchema>

/** Most documents decided together (all of one enrolment, application or student's personal set). */
export const MAX_DOCUMENTOS_DECISION = 20

export const MENSAJE_SIN_DOCUMENTOS = 'Seleccione al menos un documento.'
export const MENSAJE_DEMASIADOS_DOCUMENTOS = `Puede decidir hasta ${MAX_DOCUMENTOS_DECISION} documentos a la vez.`
export const MENSAJE_DOCUMENTO_NO_VALIDO = 'El documento indicado no es válido.'
export const MENSAJE_DECISION_NO_VALIDA = 'Elija si aprueba o rechaza el documento.'

/**
 * The uploads decided, by id: the uploads the reviewer saw. A replacement is another upload with
 * another id, so a decision never lands on a file the reviewer did not see.
 */
const documentosSchema = v.pipe(
  v.optional(
    v.array(
      v.pipe(
        v.string(MENSAJE_DOCUMENTO_NO_VALIDO),
        v.nonEmpty(MENSAJE_DOCUMENTO_NO_VALIDO),
        v.maxLength(100, MENSAJE_DOCUMENTO_NO_VALIDO),
      ),
      MENSAJE_SIN_DOCUMENTOS,
    ),
    [],
  ),
  v.minLength(1, MENSAJE_SIN_DOCUMENTOS),
  v.maxLength(MAX_DOCUMENTOS_DECISION, MENSAJE_DEMASIADOS_DOCUMENTOS),
  v.check((ids) => new Set(ids).size === ids.length, MENSAJE_DOCUMENTO_NO_VALIDO),
)

const detalleSchema = v.pipe(
  v.optional(v.string(MENSAJE_DETALLE_LARGO), ''),
  v.trim(),
  sinCaracteresInvisibles(),
  v.maxLength(MAX_DETALLE_MOTIVO, MENSAJE_DETALLE_LARGO),
)

export const DECISIONES = ['aprobar', 'rechazar'] as const

/**
 * A reviewer's decision on one or several documents of the same owner: approve them all, or
 * reject them all with one reason (a common one, optionally detailed, or 'Otro motivo' written
 * in full). A reason sent with an approval is ignored.
 */
export const decisionDocumentosSchema = v.pipe(
  v.object({
    decision: v.picklist(DECISIONES, MENSAJE_DECISION_NO_VALIDA),
    documentos: documentosSchema,
    motivo: v.optional(v.picklist(OPCIONES_MOTIVO, MENSAJE_MOTIVO_OBLIGATORIO)),
    detalle: detalleSchema,
  }),
  requeridoSi<EntradaDecision>('motivo', 'decision', (d) => d === 'rechazar', MENSAJE_MOTIVO_OBLIGATORIO),
  requeridoSi<EntradaDecision>('detalle', 'motivo', (m) => m === OTRO_MOTIVO, MENSAJE_DETALLE_OBLIGATORIO),
)
type EntradaDecision = {
  decision: (typeof DECISIONES)[number]
  documentos: string[]
  motivo?: MotivoRechazo | undefined
  detalle: string
}
export type DecisionDocumentos = v.InferOutput<typeof decisionDocumentosSchema>
export type DecisionDocumentosEntrada = v.InferInput<typeof decisionDocumentosSchema>

/** The state a decision leaves its documents in. */
export function estadoTrasDecision(decision: DecisionDocumentos['decision']): Exclude<EstadoRevision, 'en-revision'> {
  return decision === 'aprobar' ? 'aprobado' : 'rechazado'
}

/**
 * What a reviewer who lost the race for a document is told: who decided it and what. Nothing of
 * their decision was kept, not even on the other documents they had selected with it.
 */
export function mensajeYaDecidido(
  documento: string,
  revisor: string | null,
  estado: string,
  motivo: string | null,
  varios: boolean,
): string {
  const quien = revisor ? ` por ${revisor}` : ''
  const nada = varios
    ? 'No se guardó su decisión sobre ninguno de los documentos seleccionados.'
    : 'No se guardó su decisión.'
  return `«${documento}» ya fue revisado${quien}: ${estadoRevisionEnPalabras(estado, motivo)}. ${nada}`
}

export const MENSAJE_DOCUMENTO_REEMPLAZADO =
  'El estudiante reemplazó un documento mientras usted lo revisaba: revise el archivo nuevo. No se guardó su decisión.'

export const MENSAJE_DOCUMENTOS_NO_ENCONTRADOS = 'No encontramos esos documentos.'

// ---------------------------------------------------------------------------------------------
// Undoing a rejection, before the student is told
// ---------------------------------------------------------------------------------------------

/**
 * How long a reviewer has to undo a rejection. A rejection e-mails the student and reaches their
 * devices, so its notice waits this long in the scheduler: long enough to see the wrong document
 * or reason on the screen and press 'Deshacer', short enough that the student still hears of it
 * within the minute, with their chance to upload a replacement.
 */
export const PLAZO_DESHACER_RECHAZO_MS = 20_000

/** Which of a reviewer's rejections to undo: the uploads they just rejected together. */
export const deshacerRechazoSchema = v.object({ documentos: documentosSchema })
export type DeshacerRechazoEntrada = v.InferInput<typeof deshacerRechazoSchema>

export const MENSAJE_DESHACER_VENCIDO =
  'El plazo para deshacer el rechazo terminó y el estudiante ya fue avisado. No se cambió nada.'
export const MENSAJE_DESHACER_REEMPLAZADO =
  'El estudiante ya reemplazó el documento: el rechazo no se puede deshacer. No se cambió nada.'

/** A reviewer may undo only a rejection of their own that still stands. */
export function mensajeNadaQueDeshacer(documento: string, estado: string, motivo: string | null): string {
  return `«${documento}» no tiene un rechazo suyo que deshacer (${estadoRevisionEnPalabras(estado, motivo)}). No se cambió nada.`
}

// ---------------------------------------------------------------------------------------------
// The next document of the queue
// ---------------------------------------------------------------------------------------------

/**
 * 'Siguiente documento': the queue's filters (program, type, order) and the document the reviewer
 * is on; the next one waiting for review comes after it in that order.
 */
export const siguienteDocumentoSchema = v.object({
  programa: filtrosColaSchema.entries.programa,
  tipo: filtrosColaSchema.entries.tipo,
  orden: filtrosColaSchema.entries.orden,
  origen: v.optional(v.picklist(ORIGENES_DOCUMENTO, MENSAJE_DOCUMENTO_NO_VALIDO)),
  documento: v.optional(v.pipe(v.string(), v.maxLength(100, MENSAJE_DOCUMENTO_NO_VALIDO))),
})
export type SiguienteDocumento = v.InferOutput<typeof siguienteDocumentoSchema>
