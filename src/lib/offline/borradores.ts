import { abrirAlmacen, type Almacen } from './idb.ts'

// Drafts: every change to a long form is kept in IndexedDB, per student and per form (and per
// enrolment where the form belongs to one), so a reload, a crash, a closed tab or a lost
// connection never costs the student their typing.

export interface Borrador<T> {
  valor: T
  /** When it was saved (ms since the epoch), to show "borrador guardado a las …". */
  guardadoEn: number
}

let almacenPorDefecto: Almacen | undefined

function almacen(): Almacen {
  almacenPorDefecto ??= abrirAlmacen('portal-borradores', 'borradores')
  return almacenPorDefecto
}

/**
 * The key of a draft. The student's code comes first so that two students sharing a device never
 * see each other's drafts; `id` is the enrolment (or other record) the form edits, if any.
 */
export function claveBorrador(codigoAlumno: string, formulario: string, id?: string | number): string {
  return `${codigoAlumno}/${formulario}/${id ?? '-'}`
}

export async function guardarBorrador<T>(clave: string, valor: T, ahora: number = Date.now()): Promise<void> {
  const borrador: Borrador<T> = { valor, guardadoEn: ahora }
  await almacen().set(clave, borrador)
}

export function leerBorrador<T>(clave: string): Promise<Borrador<T> | undefined> {
  return almacen().get<Borrador<T>>(clave)
}

export function borrarBorrador(clave: string): Promise<void> {
  return almacen().del(clave)
}

/** How many drafts this student has: edits typed into a form and not saved yet. */
export async function contarBorradores(codigoAlumno: string): Promise<number> {
  // Keys start with the student's code (claveBorrador).
  const entradas = await almacen().entries()
  return entradas.filter(([clave]) => String(clave).startsWith(`${codigoAlumno}/`)).length
}

/** Removes every draft of every student ('Salir' clears all local data). */
export function vaciarBorradores(): Promise<void> {
  return almacen().clear()
}
