import * as v from 'valibot'
import { esRutPlaceholder } from './rut.ts'
import { sinCaracteresInvisibles } from './validacion.ts'

// Finding a student from the school's side: by name, e-mail, student code, passport or RUT (typed
// with or without dots and hyphen, a lowercase k, or only its first digits), or enrolment code.
// Each student is indexed as a set of search terms (lower-case, without accents) and what is typed
// becomes keys that must each begin one of those terms: a prefix on an index, never a scan of
// every student. The server keeps the terms up to date wherever a student is written.

/** Students per page of the search. */
export const TAMANO_PAGINA_ALUMNOS = 25

/** The most that is read of a search. */
export const MAX_BUSQUEDA = 100

/** At most this many words of a search are used; more only narrow what is already narrow. */
const MAX_PALABRAS = 6

export const ORDENES_ALUMNOS = ['nombre', '-nombre', 'email', '-email', 'registro', '-registro'] as const
export type OrdenAlumnos = (typeof ORDENES_ALUMNOS)[number]

export const MENSAJE_BUSQUEDA_LARGA = `La búsqueda admite hasta ${MAX_BUSQUEDA} caracteres.`
export const MENSAJE_PAGINA_INVALIDA = 'La página indicada no es válida.'
export const MENSAJE_ORDEN_INVALIDO = 'El orden indicado no es válido.'
export const MENSAJE_ALUMNO_NO_ENCONTRADO = 'Alumno no encontrado'

export function mensajeSinResultados(busqueda: string): string {
  return `No encontramos alumnos que coincidan con «${busqueda}»`
}

/** Lower-case and without accents or other marks: 'Muñoz Pérez' -> 'munoz perez'. */
export function sinAcentos(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** A text's words as the search sees them: letters and digits, lower-case, without accents. */
export function palabras(texto: string): string[] {
  return sinAcentos(texto)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((p) => p !== '')
}

/** A RUT as typed, in whole or its first digits: '16.789.432-1', '16789432-k', '16789'. */
const PARECE_RUT = /^\d[\d.]*(-?[\dk])?$/i

/** A RUT's search term: its digits and check digit, lower-case ('16.789.432-K' -> '16789432k'). */
function terminoRut(rut: string): string {
  return rut.replace(/[.\s-]/g, '').toLowerCase()
}

/**
 * What a search asks for, as keys that must each begin one of a student's terms. A RUT (or the
 * first digits of one) is one key without dots or hyphen; an e-mail address is one key, as typed;
 * anything else is its words.
 */
export function clavesDeBusqueda(busqueda: string): string[] {
  const compacta = busqueda.replace(/\s/g, '')
  if (compacta === '') return []
  if (PARECE_RUT.test(compacta)) return [terminoRut(compacta)]
  if (compacta.includes('@') && !/\s/.test(busqueda.trim())) return [compacta.toLowerCase()]
  return [...new Set(palabras(busqueda))].slice(0, MAX_PALABRAS)
}

/** What an enrolment code looks like typed ('ins-26-40018'): compared upper-case and whole. */
export function codigoInscripcionBuscado(busqueda: string): string | null {
  const codigo = busqueda.trim().toUpperCase()
  return /^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(codigo) ? codigo : null
}

export type AlumnoBuscable = {
  nombres: string
  apellidos: string
  email: string
  rut: string
  numero_documento: string | null
  codigo_alumno: string
}

/**
 * The terms a student is found by: each word of their names and surnames, their e-mail address
 * (whole, and the words before the '@'), their RUT's digits, their passport or DNI and their
 * student code.
 */
export function terminosDeAlumno(alumno: AlumnoBuscable): string[] {
  const email = alumno.email.trim().toLowerCase()
  const local = palabras(email.split('@')[0] ?? '')
  const terminos = [
    ...palabras(alumno.nombres),
    ...palabras(alumno.apellidos),
    email,
    ...local,
    local.join(''),
    esRutPlaceholder(alumno.rut) ? '' : terminoRut(alumno.rut),
    palabras(alumno.numero_documento ?? '').join(''),
    sinAcentos(alumno.codigo_alumno),
  ]
  return [...new Set(terminos.filter((t) => t !== ''))]
}

/** How students sort by name: surnames first, then names, without accents or case. */
export function nombreParaOrden(alumno: Pick<AlumnoBuscable, 'nombres' | 'apellidos'>): string {
  return [...palabras(alumno.apellidos), ...palabras(alumno.nombres)].join(' ')
}

/**
 * The smallest text after every text that begins with `prefijo` (in code point order, as the
 * database compares the terms): the search asks for terms `>= prefijo` and `< siguiente`.
 */
export function siguientePrefijo(prefijo: string): string {
  const puntos = [...prefijo]
  const ultimo = puntos.pop()
  if (ultimo === undefined) return ''
  return puntos.join('') + String.fromCodePoint((ultimo.codePointAt(0) ?? 0) + 1)
}

/** A page number in a URL: a whole number from 1, 1 when absent. */
export function paginaSchema() {
  return v.pipe(
    v.optional(v.string(), '1'),
    v.regex(/^[1-9]\d{0,5}$/, MENSAJE_PAGINA_INVALIDA),
    v.transform((p) => Number(p)),
  )
}

/** The student search's query: `q`, `pagina`, `orden` (the screen keeps them in its URL). */
export const consultaAlumnosSchema = v.object({
  q: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    sinCaracteresInvisibles(),
    v.maxLength(MAX_BUSQUEDA, MENSAJE_BUSQUEDA_LARGA),
  ),
  pagina: paginaSchema(),
  orden: v.optional(v.picklist(ORDENES_ALUMNOS, MENSAJE_ORDEN_INVALIDO), 'nombre'),
})
export type ConsultaAlumnos = v.InferOutput<typeof consultaAlumnosSchema>

/** A list with only a page to ask for (a student's history). */
export const consultaPaginaSchema = v.object({ pagina: paginaSchema() })

// ---------------------------------------------------------------------------------------------
// The search in the screen's address. The route keeps the address's texts as they are (so
// nothing of this module weighs on the app's first screen); the screen reads them here, and what
// cannot be read is the default. Defaults are left out of the address.
// ---------------------------------------------------------------------------------------------

export type BusquedaAlumnos = { q: string; pagina: number; orden: OrdenAlumnos }

/** A page in an address: 1 when it cannot be read. */
export const paginaEnDireccionSchema = v.fallback(paginaSchema(), 1)

const busquedaEnDireccionSchema = v.object({
  q: v.fallback(v.pipe(v.optional(v.string(), ''), v.trim()), ''),
  pagina: paginaEnDireccionSchema,
  orden: v.fallback(v.optional(v.picklist(ORDENES_ALUMNOS), 'nombre'), 'nombre'),
})

export function leerBusquedaAlumnos(direccion: Record<string, unknown>): BusquedaAlumnos {
  return v.parse(busquedaEnDireccionSchema, direccion)
}

export function busquedaEnDireccion({ q, pagina, orden }: BusquedaAlumnos) {
  return {
    q: q === '' ? undefined : q,
    pagina: pagina === 1 ? undefined : String(pagina),
    orden: orden === 'nombre' ? undefined : orden,
  }
}
