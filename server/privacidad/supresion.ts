// Suppression of a student's personal data (Ley 19.628 as amended by Ley 21.719, art. 7).
// What is deleted, anonymised or kept is the registry's (src/domain/registro-datos.ts:
// each suppressible category's `supresion`); this module only knows how to find a student's rows in
// each table, and in which order the database lets them go.
//
// It is idempotent and survives a crash halfway:
// 1. a `supresiones` row is written for the student (once);
// 2. one transaction deletes and anonymises every row, and records in that row the files those rows
//    named (the file store's keys, the resumable uploads' ids) together with any left by an earlier
//    run: either all of it happened or none of it did;
// 3. after the commit, the files are deleted (deleting a missing one is no error), and only then
//    is the row marked 'terminada'.
// A run killed in step 3 leaves the row 'en-curso' with its files listed: the next run (the same
// call again, or the retention run) finds them and deletes them. A run after the end finds nothing
// left and answers the same lists.
import type { Transaction } from 'kysely'
import {
  REGISTRO_DATOS,
  type CategoriaDatos,
  type IdCategoriaDatos,
  type PasoSupresion,
} from '../../src/domain/registro-datos.ts'
import type { Log } from '../bitacora.ts'
import type { BlobStore } from '../blobs.ts'
import type { Reloj } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'

export type DependenciasSupresion = {
  db: Db
  /** The uploaded files' store (disk or S3). */
  blobs: BlobStore
  /** The resumable uploads' store (server/subidas/tus.ts), where unfinished uploads wait. */
  subidas: { remove(id: string): Promise<void> }
  clock: Reloj
  log: Log
}

export type SolicitudSupresion = {
  alumnoId: string
  /** Who asked: 'personal:<id>', 'alumno:<id>', 'retencion:<lote>'… (kept as proof). */
  actor: string
  /** The rights request it answers, when there is one. */
  solicitudId?: number | null
}

/** In Spanish, ready to be quoted in the answer to the student. */
export type ResultadoSupresion = {
  eliminado: { categoria: string; descripcion: string }[]
  conservado: { categoria: string; motivo: string }[]
}

export class AlumnoNoEncontrado extends Error {
  constructor(alumnoId: string) {
    super(`No existe el alumno ${alumnoId}`)
  }
}

type Archivo = { almacen: 'blobs' | 'subidas'; clave: string }
type Trx = Transaction<Database>
type Alumno = { id: string; email: string }

/**
 * How a student's rows are found in each table: column = value pairs. `limites` is matched by the
 * e-mail in its keys ('login-cuenta:<email>|<ip>', 'recuperacion-email:<email>').
 */
function filtro(tabla: string, a: Alumno): [string, string][] | 'limites' | null {
  switch (tabla) {
    case 'sesiones':
      return [
        ['actor_tipo', 'alumno'],
        ['actor_id', a.id],
      ]
    case 'idempotencia':
      return [['actor', `alumno:${a.id}`]]
    case 'bloqueos_ingreso':
      return [
        ['ambito', 'alumno'],
        ['sujeto', a.email],
      ]
    case 'limites':
      return 'limites'
    case 'alumnos':
      return [['id', a.id]]
    case 'cuotas':
    case 'pagos_fisicos':
    case 'pasarela_sandbox':
    case 'reembolsos':
    case 'asistentes':
    case 'personal':
    case 'tokens_personal':
    case 'claves_integracion':
    case 'empresas':
    case 'ofertas_laborales':
    case 'retencion_lotes':
    case 'brechas':
    // A rights request's proof and reminders hang on the request, which names the student.
    case 'respuestas_derechos':
    case 'recordatorios_derechos':
      return null
    default:
      return [['alumno_id', a.id]]
  }
}

/**
 * The order rows can be deleted in: what refers to a row goes before it (deliveries before their
 * notice, files before their application or enrolment). A table the registry deletes that is not
 * here is an error, not a silent skip.
 */
const ORDEN_ELIMINACION = [
  'exportaciones_datos',
  'envios_notificacion',
  'notificaciones',
  'preferencias_notificacion',
  'suscripciones_push',
  'archivos_personales',
  'archivos_solicitud',
  'archivos_postulacion',
  'subidas',
  'encuestas',
  'condiciones',
  'postulaciones',
  'solicitudes',
  'alumnos_busqueda',
  'historial_persona',
  'sesiones',
  'tokens_recuperacion',
  'limites',
  'idempotencia',
  'bloqueos_ingreso',
  'exportaciones_datos',
]

/** The rows kept data refers to, for the tables whose step says `salvoReferidas`. */
function referidas(tabla: string) {
  switch (tabla) {
    case 'solicitudes':
      // An enrolment with installments, payments or issued documents: those are kept.
      return (trx: Trx, alumnoId: string): Promise<{ ref: string }[]> =>
        trx
          .selectFrom('solicitudes as s')
          .select('s.codigo_inscripcion as ref')
          .where('s.alumno_id', '=', alumnoId)
          .where((eb) =>
            eb.or([
              eb.exists(
                eb
                  .selectFrom('cuotas')
                  .select('numero')
                  .whereRef('cuotas.codigo_inscripcion', '=', 's.codigo_inscripcion'),
              ),
              eb.exists(
                eb.selectFrom('pagos').select('id').whereRef('pagos.codigo_inscripcion', '=', 's.codigo_inscripcion'),
              ),
              eb.exists(
                eb
                  .selectFrom('documentos_emitidos')
                  .select('codigo')
                  .whereRef('documentos_emitidos.codigo_inscripcion', '=', 's.codigo_inscripcion'),
              ),
            ]),
          )
          .execute()
    case 'postulaciones':
      // A paid application: its payment is kept.
      return (trx: Trx, alumnoId: string): Promise<{ ref: string }[]> =>
        trx
          .selectFrom('postulaciones')
          .select('id as ref')
          .where('alumno_id', '=', alumnoId)
          .where('pago_id', 'is not', null)
          .execute()
    default:
      throw new Error(`la supresión no sabe qué filas de ${tabla} se conservan`)
  }
}
const CLAVE_DE: Record<string, string> = { solicitudes: 'codigo_inscripcion', postulaciones: 'id' }

type Paso = { categoria: IdCategoriaDatos; tabla: string; paso: PasoSupresion }

/** Every step of every suppressible category, as the registry lists them. */
export function pasosDeSupresion(): Paso[] {
  const pasos: Paso[] = []
  for (const [id, c] of Object.entries(REGISTRO_DATOS) as [IdCategoriaDatos, CategoriaDatos][]) {
    if (!c.suprimible || !c.supresion || 'noAplica' in c.supresion) continue
    for (const [tabla, paso] of Object.entries(c.supresion.tablas)) pasos.push({ categoria: id, tabla, paso })
  }
  return pasos
}

function sustituir(valor: string | null, alumnoId: string): string | null {
  return valor === null ? null : valor.replaceAll('{id}', alumnoId)
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the table comes from the registry, checked above */
function donde<Q extends { where: (...args: any[]) => Q }>(q: Q, pares: [string, string][]): Q {
  return pares.reduce((acc, [columna, valor]) => acc.where(columna, '=', valor), q)
}

async function clavesDeLimites(trx: Trx, email: string): Promise<string[]> {
  // LIKE narrows the search; the exact test is ours (an e-mail may hold '_', which LIKE reads as any).
  const filas = await trx.selectFrom('limites').select('clave').where('clave', 'like', `%${email}%`).execute()
  return filas.map((f) => f.clave).filter((c) => c.includes(`:${email}|`) || c.endsWith(`:${email}`))
}

/** The database step: everything in one transaction. Answers the files to delete and what was kept. */
async function pasoDeDatos(
  trx: Trx,
  alumno: Alumno,
  ahora: string,
): Promise<{ archivos: Archivo[]; conservadas: Set<string> }> {
  const pasos = pasosDeSupresion()
  const archivos: Archivo[] = []
  const conservadas = new Set<string>()

  // The files first: the rows that name them are about to go (some by cascade).
  for (const { tabla, paso } of pasos) {
    if (paso.accion !== 'eliminar' || !paso.archivos) continue
    const pares = filtro(tabla, alumno)
    if (!Array.isArray(pares)) throw new Error(`la supresión no sabe buscar los archivos de ${tabla}`)
    const columna = paso.archivos === 'blobs' ? 'blob_clave' : 'id'
    const filas = (await donde((trx as any).selectFrom(tabla).select(`${columna} as clave`), pares).execute()) as {
      clave: string | null
    }[]
    for (const { clave } of filas) if (clave) archivos.push({ almacen: paso.archivos, clave })
  }

  // The student's own row: every category's replacements in one update.
  const valores: Record<string, string | null> = {}
  for (const { tabla, paso } of pasos)
    if (paso.accion === 'anonimizar') {
      if (tabla !== 'alumnos') throw new Error(`la supresión no sabe anonimizar ${tabla}`)
      for (const [columna, valor] of Object.entries(paso.valores)) valores[columna] = sustituir(valor, alumno.id)
    }

  const eliminar = pasos.filter((p) => p.paso.accion === 'eliminar')
  for (const { tabla } of eliminar)
    if (!ORDEN_ELIMINACION.includes(tabla)) throw new Error(`la supresión no sabe en qué orden eliminar ${tabla}`)
  eliminar.sort((a, b) => ORDEN_ELIMINACION.indexOf(a.tabla) - ORDEN_ELIMINACION.indexOf(b.tabla))
  for (const { tabla, paso } of eliminar) {
    const pares = filtro(tabla, alumno)
    if (pares === null) throw new Error(`la supresión no sabe buscar las filas de ${tabla}`)
    if (pares === 'limites') {
      const claves = await clavesDeLimites(trx, alumno.email)
      if (claves.length > 0) await trx.deleteFrom('limites').where('clave', 'in', claves).execute()
      continue
    }
    let q = donde((trx as any).deleteFrom(tabla), pares)
    if (paso.accion === 'eliminar' && paso.salvoReferidas) {
      const quedan = (await referidas(tabla)(trx, alumno.id)).map((f) => f.ref)
      if (quedan.length > 0) {
        conservadas.add(tabla)
        q = q.where(CLAVE_DE[tabla], 'not in', quedan)
      }
    }
    await q.execute()
  }
  if (Object.keys(valores).length > 0)
    await trx.updateTable('alumnos').set(valores).where('id', '=', alumno.id).execute()

  const previa = await trx
    .selectFrom('supresiones')
    .select('archivos_pendientes')
    .where('alumno_id', '=', alumno.id)
    .executeTakeFirstOrThrow()
  const pendientes = [...(JSON.parse(previa.archivos_pendientes) as Archivo[]), ...archivos]
  const unicos = [...new Map(pendientes.map((a) => [`${a.almacen}:${a.clave}`, a])).values()]
  await trx
    .updateTable('supresiones')
    .set({ archivos_pendientes: JSON.stringify(unicos), datos_en: ahora })
    .where('alumno_id', '=', alumno.id)
    .execute()
  return { archivos: unicos, conservadas }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Whether the student has rows in any of a kept category's tables we can look into. */
async function tieneDatos(db: Db, c: CategoriaDatos, alumno: Alumno): Promise<boolean> {
  let buscadas = 0
  for (const tabla of Object.keys(c.columnas)) {
    const pares = filtro(tabla, alumno)
    if (!Array.isArray(pares)) continue
    buscadas++
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry table, see filtro()
    const fila: unknown = await donde((db as any).selectFrom(tabla).select(pares[0]![0]), pares)
      .limit(1)
      .executeTakeFirst()
      // A kept table with no student column (another part's) only makes the answer list the category.
      .catch(() => true)
    if (fila) return true
  }
  return buscadas === 0
}

async function resultado(db: Db, alumno: Alumno, conservadas: Set<string>): Promise<ResultadoSupresion> {
  const eliminado: ResultadoSupresion['eliminado'] = []
  const conservado: ResultadoSupresion['conservado'] = []
  for (const c of Object.values(REGISTRO_DATOS) as CategoriaDatos[]) {
    if (c.supresion && 'noAplica' in c.supresion) continue
    if (c.suprimible && c.supresion) {
      eliminado.push({ categoria: c.nombre, descripcion: c.supresion.eliminado })
      for (const [tabla, paso] of Object.entries(c.supresion.tablas))
        if (paso.accion === 'eliminar' && paso.salvoReferidas && conservadas.has(tabla))
          conservado.push({ categoria: c.nombre, motivo: paso.salvoReferidas })
    } else if (await tieneDatos(db, c, alumno)) conservado.push({ categoria: c.nombre, motivo: c.conservacion.porque })
  }
  return { eliminado, conservado }
}

/**
 * Deletes or anonymises the student's personal data as the registry says and answers what was
 * deleted and what was kept, and why. Safe to call again at any time (see the top of this file).
 */
export async function suprimirDatosAlumno(
  deps: DependenciasSupresion,
  { alumnoId, actor, solicitudId = null }: SolicitudSupresion,
): Promise<ResultadoSupresion> {
  const { db, clock, log } = deps
  const fila = await db.selectFrom('alumnos').select(['id', 'email']).where('id', '=', alumnoId).executeTakeFirst()
  if (!fila) throw new AlumnoNoEncontrado(alumnoId)
  await db
    .insertInto('supresiones')
    .values({
      alumno_id: alumnoId,
      solicitud_id: solicitudId,
      actor,
      estado: 'en-curso',
      archivos_pendientes: '[]',
      iniciada_en: clock().toISOString(),
    })
    .onConflict((oc) => oc.column('alumno_id').doNothing())
    .execute()

  const { archivos, conservadas } = await db
    .transaction()
    .execute((trx) => pasoDeDatos(trx, fila, clock().toISOString()))

  // After the commit: a run killed here leaves the files listed for the next one.
  for (const { almacen, clave } of archivos) {
    if (almacen === 'blobs') await deps.blobs.delete(clave)
    else
      await deps.subidas.remove(clave).catch((err: unknown) => {
        // A missing upload is no error (@tus stores say so by throwing).
        const status = (err as { status_code?: number } | null)?.status_code
        if (status !== 404) throw err
      })
  }

  const final = await resultado(db, fila, conservadas)
  await db
    .updateTable('supresiones')
    .set({
      estado: 'terminada',
      archivos_pendientes: '[]',
      terminada_en: clock().toISOString(),
      resultado: JSON.stringify(final),
    })
    .where('alumno_id', '=', alumnoId)
    .execute()
  log('datos de un alumno suprimidos', { alumno: alumnoId, archivos: archivos.length })
  return final
}

/** Suppressions a crash left unfinished: the retention run's scheduler finishes them. */
export async function supresionesInconclusas(db: Db): Promise<{ alumno_id: string; actor: string }[]> {
  return db.selectFrom('supresiones').select(['alumno_id', 'actor']).where('estado', '=', 'en-curso').execute()
}
