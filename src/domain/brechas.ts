import * as v from 'valibot'
import { fechaEnChile } from './fechas.ts'
import { REGISTRO_DATOS, type IdCategoriaDatos } from './registro-datos.ts'

// The breach register (Ley 19.628 as amended by Ley 21.719, art. 14 sexies):
// what the school records about a security incident, the form's rules (shared by the screen and
// the server) and what the affected students are told.

export const CATEGORIAS_DATOS = Object.keys(REGISTRO_DATOS) as IdCategoriaDatos[]

export const MENSAJE_FECHA_BRECHA = 'Indique la fecha en formato aaaa-mm-dd.'
export const MENSAJE_FECHA_FUTURA = 'La fecha no puede ser posterior a hoy.'
export const MENSAJE_DESCRIPCION_BRECHA = 'Describa qué ocurrió.'
export const MENSAJE_MEDIDAS_BRECHA = 'Indique las medidas adoptadas.'
export const MENSAJE_CATEGORIAS_BRECHA = 'Marque al menos una categoría de datos afectada.'
export const MENSAJE_ALUMNOS_BRECHA =
  'Indique los alumnos afectados (un correo o RUT por línea) o marque «Todos los alumnos».'
export const MENSAJE_ALUMNOS_DESCONOCIDOS = 'Estos correos o RUT no corresponden a ningún alumno:'

const LARGO_MAXIMO = 4000

const fecha = (hoy: string) =>
  v.pipe(
    v.string(MENSAJE_FECHA_BRECHA),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, MENSAJE_FECHA_BRECHA),
    v.check((f) => !Number.isNaN(Date.parse(`${f}T12:00:00Z`)), MENSAJE_FECHA_BRECHA),
    v.check((f) => f <= hoy, MENSAJE_FECHA_FUTURA),
  )

const texto = (mensaje: string) =>
  v.pipe(
    v.string(mensaje),
    v.trim(),
    v.nonEmpty(mensaje),
    v.maxLength(LARGO_MAXIMO, `Use a lo más ${LARGO_MAXIMO} caracteres.`),
  )

/** The form, with today's date in Chile (no date after it). */
export function brechaSchema(hoy: string = fechaEnChile(new Date())) {
  return v.pipe(
    v.object({
      detectadaEl: fecha(hoy),
      descripcion: texto(MENSAJE_DESCRIPCION_BRECHA),
      categorias: v.pipe(
        v.array(v.picklist(CATEGORIAS_DATOS, MENSAJE_CATEGORIAS_BRECHA), MENSAJE_CATEGORIAS_BRECHA),
        v.minLength(1, MENSAJE_CATEGORIAS_BRECHA),
      ),
      medidas: texto(MENSAJE_MEDIDAS_BRECHA),
      /** E-mails or RUTs, one a line (or separated by commas). */
      alumnos: v.optional(v.pipe(v.string(), v.maxLength(200_000)), ''),
      todos: v.optional(v.boolean(), false),
      /** When the Agencia de Protección de Datos Personales was told (empty: not yet). */
      agenciaInformadaEl: v.optional(v.union([v.literal(''), fecha(hoy)]), ''),
    }),
    v.forward(
      v.check((b) => b.todos || identificadores(b.alumnos).length > 0, MENSAJE_ALUMNOS_BRECHA),
      ['alumnos'],
    ),
  )
}
export type BrechaInput = v.InferInput<ReturnType<typeof brechaSchema>>

export const agenciaSchema = (hoy: string = fechaEnChile(new Date())) => v.object({ agenciaInformadaEl: fecha(hoy) })

/** The e-mails and RUTs typed, one each (blank lines and repeats dropped). */
export function identificadores(texto: string): string[] {
  return [
    ...new Set(
      texto
        .split(/[\n,;]+/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ]
}

/** Whether the incident touches data whose people must be told (art. 14 sexies: sensitive or financial data). */
export function exigeAvisarAfectados(categorias: readonly IdCategoriaDatos[]): boolean {
  return categorias.some((c) => REGISTRO_DATOS[c].sensible || c === 'pagos')
}

/** What each affected student reads, in the app and by e-mail. */
export function avisoBrecha(d: {
  detectadaEl: string
  categorias: readonly IdCategoriaDatos[]
  medidas: string
  correo: string
}) {
  const datos = d.categorias.map((c) => REGISTRO_DATOS[c].nombre.toLowerCase()).join(', ')
  return {
    titulo: 'Incidente de seguridad con sus datos',
    cuerpo:
      `El ${d.detectadaEl.split('-').reverse().join('-')} la escuela detectó un incidente de seguridad que pudo afectar sus datos (${datos}). ` +
      `Medidas adoptadas: ${d.medidas} Si tiene dudas, escriba a ${d.correo}. ` +
      'Puede reclamar ante la Agencia de Protección de Datos Personales.',
    ruta: '/privacidad',
  }
}
