import * as v from 'valibot'
import { esFechaValida } from './auditoria.ts'
import { ESTADO_CONCURSO_EN_PALABRAS, esCodigoDeDocumento, type EstadoConcurso } from './concursos.ts'
import { fechaCorta } from './solicitudes.ts'
import { sinCaracteresInvisibles, tieneCaracteresInvisibles, textoRequerido } from './validacion.ts'

// Contests as the school runs them (/admin/concursos): the rules of a contest's data, shared by
// the form and the server, and how its publication reads. A contest is created as a draft the
// students do not see; opening it publishes it (it takes applications within its period);
// closing it stops applications, payments and documents whatever its dates, and it can be
// opened again.
//
// The form holds plain text (the requirements one per line, the calendar one milestone per line,
// the documents as the codes ticked); the API may send the lists as lists. The schema reads
// both and gives the same output, so there is one set of rules and messages.

export const PUBLICACIONES_CONCURSO = ['borrador', 'publicado', 'cerrado'] as const
export type PublicacionConcurso = (typeof PUBLICACIONES_CONCURSO)[number]

export const PUBLICACION_EN_PALABRAS: Readonly<Record<PublicacionConcurso, string>> = {
  borrador: 'Borrador (no visible para los estudiantes)',
  publicado: 'Publicado',
  cerrado: 'Cerrado por la escuela',
}

export function esPublicacionConcurso(valor: string): valor is PublicacionConcurso {
  return (PUBLICACIONES_CONCURSO as readonly string[]).includes(valor)
}

/** A contest's state as the school reads it: its publication, and once published what students read. */
export function estadoGestionEnPalabras(c: { publicacion: PublicacionConcurso; estado: EstadoConcurso }): string {
  if (c.publicacion !== 'publicado') return PUBLICACION_EN_PALABRAS[c.publicacion]
  return `${PUBLICACION_EN_PALABRAS.publicado}: ${ESTADO_CONCURSO_EN_PALABRAS[c.estado].toLowerCase()}`
}

/** Whether the school may publish a contest in this state: a draft, or one it closed. */
export const puedeAbrirse = (p: PublicacionConcurso) => p !== 'publicado'

/**
 * Whether the school may close a contest: only a published one whose application period has not
 * ended (`estado`, what students read). Once its last day has passed it takes nothing anyway, so
 * closing it would change nothing; to take applications again the school edits its dates.
 */
export const puedeCerrarse = (p: PublicacionConcurso, estado: EstadoConcurso) =>
  p === 'publicado' && estado !== 'cerrado'

/**
 * The button that publishes a contest: 'Publicar' a draft, 'Volver a publicar' one the school
 * closed. (Publishing is what makes students see it; it takes applications within its dates.)
 */
export function accionPublicar(p: PublicacionConcurso): string {
  return p === 'cerrado' ? 'Volver a publicar' : 'Publicar'
}

export const MAXIMO_VACANTES = 999
export const MAXIMO_DERECHO_POSTULACION = 10_000_000
export const MAXIMO_REQUISITOS = 30
export const MAXIMO_REQUISITO = 300
export const MAXIMO_HITOS = 20
export const MAXIMO_HITO = 200
export const MAXIMO_DESCRIPCION_CONCURSO = 4000

export const MENSAJE_ESPECIALIDAD = 'Indique la especialidad (hasta 120 caracteres).'
export const MENSAJE_SEDE = 'Indique la sede u hospital (hasta 160 caracteres).'
export const MENSAJE_CIUDAD = 'Indique la ciudad (hasta 80 caracteres).'
export const MENSAJE_VACANTES = `Indique las vacantes como un número entero entre 1 y ${MAXIMO_VACANTES}.`
export const MENSAJE_DERECHO_POSTULACION =
  'Indique el derecho de postulación en pesos chilenos, un número entero mayor que cero y sin decimales (por ejemplo 85000).'
export const MENSAJE_FECHA_CONCURSO = 'Indique una fecha válida.'
export const MENSAJE_PERIODO_CONCURSO = 'El cierre de la postulación no puede ser anterior a su inicio.'
export const MENSAJE_DESCRIPCION_CONCURSO = `Describa el programa del concurso (hasta ${MAXIMO_DESCRIPCION_CONCURSO} caracteres).`
export const MENSAJE_REQUISITOS = `Indique al menos un requisito, uno por línea (hasta ${MAXIMO_REQUISITOS}, de hasta ${MAXIMO_REQUISITO} caracteres cada uno).`
export const MENSAJE_CALENDARIO_FORMATO =
  'Escriba cada hito en su línea: la fecha como dd-mm-aaaa, un espacio y el hito (por ejemplo «15-04-2026 Entrevistas personales»).'
export const MENSAJE_CALENDARIO_LARGO = `El calendario admite hasta ${MAXIMO_HITOS} hitos de hasta ${MAXIMO_HITO} caracteres cada uno.`
export const MENSAJE_DOCUMENTOS_CONCURSO = 'Elija los documentos de la lista.'
export const MENSAJE_CONCURSO_YA_PUBLICADO = 'El concurso ya está publicado.'
export const MENSAJE_CONCURSO_NO_PUBLICADO = 'Solo un concurso publicado puede cerrarse.'
export const MENSAJE_CONCURSO_PERIODO_TERMINADO =
  'El período de postulación de este concurso ya terminó: no recibe postulaciones y no hace falta cerrarlo. Para recibir más, edite sus fechas.'

export type HitoCalendario = { fecha: string; hito: string }

const lineas = (texto: string) =>
  texto
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')

/** A whole number of a form's text (digits, with or without the thousands' dots) or of the API. */
function enteroDe(valor: string | number): number {
  if (typeof valor === 'number') return valor
  const limpio = valor.trim().replace(/^\$\s*/, '')
  if (!/^(\d+|\d{1,3}(\.\d{3})+)$/.test(limpio)) return Number.NaN
  return Number(limpio.replace(/\./g, ''))
}

function entero(min: number, max: number, mensaje: string) {
  return v.pipe(
    v.union([v.string(mensaje), v.number(mensaje)], mensaje),
    v.transform(enteroDe),
    v.number(mensaje),
    v.integer(mensaje),
    v.minValue(min, mensaje),
    v.maxValue(max, mensaje),
  )
}

const fechaSchema = v.pipe(
  v.string(MENSAJE_FECHA_CONCURSO),
  v.trim(),
  v.check((f) => esFechaValida(f), MENSAJE_FECHA_CONCURSO),
)

const requisitosSchema = v.pipe(
  v.union(
    [v.string(MENSAJE_REQUISITOS), v.array(v.string(MENSAJE_REQUISITOS), MENSAJE_REQUISITOS)],
    MENSAJE_REQUISITOS,
  ),
  v.transform((r) => (typeof r === 'string' ? lineas(r) : r.map((x) => x.trim()).filter((x) => x !== ''))),
  v.minLength(1, MENSAJE_REQUISITOS),
  v.maxLength(MAXIMO_REQUISITOS, MENSAJE_REQUISITOS),
  v.check((r) => r.every((x) => x.length <= MAXIMO_REQUISITO), MENSAJE_REQUISITOS),
  v.check((r) => !r.some((requisito) => tieneCaracteresInvisibles(requisito)), MENSAJE_REQUISITOS),
)

/** '15-04-2026 Entrevistas' -> { fecha: '2026-04-15', hito: 'Entrevistas' }; null when it does not read. */
export function hitoDeLinea(linea: string): HitoCalendario | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})\s+(.+)$/.exec(linea.trim())
  if (!m) return null
  const fecha = `${m[3]}-${m[2]}-${m[1]}`
  return esFechaValida(fecha) ? { fecha, hito: (m[4] ?? '').trim() } : null
}

/** The calendar as the form writes it: one milestone per line, 'dd-mm-aaaa hito'. */
export function calendarioComoTexto(calendario: readonly HitoCalendario[]): string {
  return calendario.map((h) => `${fechaCorta(h.fecha)} ${h.hito}`).join('\n')
}

const hitoSchema = v.object({ fecha: fechaSchema, hito: v.pipe(v.string(), v.trim(), v.nonEmpty()) })

const calendarioSchema = v.pipe(
  v.union([v.string(MENSAJE_CALENDARIO_FORMATO), v.array(v.unknown())], MENSAJE_CALENDARIO_FORMATO),
  v.transform((c): (HitoCalendario | null)[] =>
    typeof c === 'string'
      ? lineas(c).map(hitoDeLinea)
      : c.map((h) => {
          const r = v.safeParse(hitoSchema, h)
          return r.success ? r.output : null
        }),
  ),
  v.check((c) => c.every((h) => h !== null), MENSAJE_CALENDARIO_FORMATO),
  v.transform((c) => (c as HitoCalendario[]).toSorted((a, b) => a.fecha.localeCompare(b.fecha))),
  v.maxLength(MAXIMO_HITOS, MENSAJE_CALENDARIO_LARGO),
  v.check((c) => c.every((h) => h.hito.length <= MAXIMO_HITO), MENSAJE_CALENDARIO_LARGO),
  v.check((c) => !c.some((h) => tieneCaracteresInvisibles(h.hito)), MENSAJE_CALENDARIO_FORMATO),
)

const documentosSchema = v.pipe(
  v.union(
    [v.string(MENSAJE_DOCUMENTOS_CONCURSO), v.array(v.string(MENSAJE_DOCUMENTOS_CONCURSO))],
    MENSAJE_DOCUMENTOS_CONCURSO,
  ),
  v.transform((d) => (typeof d === 'string' ? d.split(',') : d).map((x) => x.trim()).filter((x) => x !== '')),
  v.check((d) => d.every(esCodigoDeDocumento), MENSAJE_DOCUMENTOS_CONCURSO),
  v.transform((d) => [...new Set(d)].sort()),
)

/** A contest's data, created or edited (the school's form and POST/PUT /api/admin/concursos). */
export const concursoSchema = v.pipe(
  v.object({
    especialidad: textoRequerido(120, MENSAJE_ESPECIALIDAD),
    sede: textoRequerido(160, MENSAJE_SEDE),
    ciudad: textoRequerido(80, MENSAJE_CIUDAD),
    vacantes: entero(1, MAXIMO_VACANTES, MENSAJE_VACANTES),
    derechoPostulacion: entero(1, MAXIMO_DERECHO_POSTULACION, MENSAJE_DERECHO_POSTULACION),
    postulacionDesde: fechaSchema,
    postulacionHasta: fechaSchema,
    descripcion: v.pipe(
      v.string(MENSAJE_DESCRIPCION_CONCURSO),
      v.trim(),
      v.nonEmpty(MENSAJE_DESCRIPCION_CONCURSO),
      v.maxLength(MAXIMO_DESCRIPCION_CONCURSO, MENSAJE_DESCRIPCION_CONCURSO),
      // Paragraphs are allowed; other control characters are not.
      sinCaracteresInvisibles(MENSAJE_DESCRIPCION_CONCURSO, { lineas: true }),
    ),
    requisitos: requisitosSchema,
    calendario: v.optional(calendarioSchema, []),
    documentos: v.optional(documentosSchema, []),
  }),
  v.forward(
    v.partialCheck(
      [['postulacionDesde'], ['postulacionHasta']],
      (c) => c.postulacionDesde <= c.postulacionHasta,
      MENSAJE_PERIODO_CONCURSO,
    ),
    ['postulacionHasta'],
  ),
)
export type DatosConcurso = v.InferOutput<typeof concursoSchema>
export type EntradaConcurso = v.InferInput<typeof concursoSchema>
