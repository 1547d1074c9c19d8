import * as v from 'valibot'
import { esFechaValida } from './auditoria.ts'
import { paginaSchema } from './busqueda-alumnos.ts'
import { sinCaracteresInvisibles } from './validacion.ts'

// Who read it: every read by the school's staff of a student's health document
// or of the survey's sensitive answers, and every read of a student's data by the CRM through the
// integration API, is recorded: who, what, when. The school filters the record; each student reads
// their own ('Mis datos').

/** The documents that are health data (Ley 19.628, arts. 16 and 16 bis): their codes. */
export const DOCUMENTOS_DE_SALUD: readonly string[] = [
  // Certificado de Inmunización Hepatitis B
  '42',
  // Seguro de Salud
  '43',
  // Carta de Seguro de Salud Extranjero
  '52',
]

export function esDocumentoDeSalud(codDocumento: string): boolean {
  return DOCUMENTOS_DE_SALUD.includes(codDocumento)
}

export const TIPOS_LECTURA = ['documento-salud', 'encuesta-sensible', 'integracion'] as const
export type TipoLectura = (typeof TIPOS_LECTURA)[number]

export const ETIQUETA_LECTURA: Record<TipoLectura, string> = {
  'documento-salud': 'Documento de salud',
  'encuesta-sensible': 'Respuestas sensibles de la encuesta',
  integracion: 'Datos leídos por el CRM (API de integración)',
}

/** Who read, as the lists show it. */
export const ETIQUETA_LECTOR = { personal: 'Personal de la escuela', integracion: 'Integración (CRM)' } as const

export const MENSAJE_FECHA_LECTURAS = 'Indique una fecha válida.'
export const MENSAJE_RANGO_LECTURAS = 'La fecha «Hasta» no puede ser anterior a la fecha «Desde».'
export const MENSAJE_SIN_LECTURAS = 'No hay lecturas registradas con estos filtros.'
export const MENSAJE_SIN_LECTURAS_PROPIAS = 'Nadie de la escuela ni ninguna integración ha leído sus datos sensibles.'

const fechaOpcional = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((f) => f === '' || esFechaValida(f), MENSAJE_FECHA_LECTURAS),
)

/** GET /api/admin/privacidad/lecturas: a student's id (or all), days in Chile, a page. */
export const consultaLecturasSchema = v.pipe(
  v.object({
    alumno: v.pipe(v.optional(v.string(), ''), v.trim(), sinCaracteresInvisibles(), v.maxLength(100)),
    desde: fechaOpcional,
    hasta: fechaOpcional,
    pagina: paginaSchema(),
  }),
  v.forward(
    v.check((c) => c.desde === '' || c.hasta === '' || c.desde <= c.hasta, MENSAJE_RANGO_LECTURAS),
    ['hasta'],
  ),
)
export type ConsultaLecturas = v.InferOutput<typeof consultaLecturasSchema>

export const LECTURAS_POR_PAGINA = 50

/** A read as both lists show it. */
export type LecturaRegistrada = {
  en: string
  lector: { tipo: 'personal' | 'integracion'; nombre: string; rol: string | null }
  que: TipoLectura
  detalle: string
}
