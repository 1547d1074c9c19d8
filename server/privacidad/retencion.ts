// The retention run: what the registry says is due (TAREAS_RETENCION in
// src/domain/registro-datos.ts) is proposed to the school as a batch, a dry run with counts that
// deletes nothing; an admin confirms it, and only then is it applied, element by element, each
// checked again when applied (an applicant who enrolled meanwhile is left alone). Applicants are
// suppressed through suprimirDatosAlumno, so what a kept category needs (payments, issued
// documents, the audit trail) is kept exactly as a suppression request keeps it (Moodle's purge
// once deleted what had to stay: MDL-71316).
//
// It runs on the durable scheduler's pattern (server/notificaciones/programador.ts): the work is
// in the database (`retencion_lotes`, `retencion_elementos`); a confirmed batch is taken under a
// lease written by a conditional update, so one server applies it, and a server that dies
// mid-batch leaves its lease to run out: the next run goes on from the elements not yet applied.
// One batch is proposed at a time (a unique index on the proposed state).
import { randomUUID } from 'node:crypto'
import {
  REGISTRO_DATOS,
  TAREAS_RETENCION,
  type CategoriaDatos,
  type TareaRetencion,
} from '../../src/domain/registro-datos.ts'
import { ARCHIVOS_SUBIDOS, type TablaArchivos } from '../archivos/tablas.ts'
import type { Config } from '../config.ts'
import { esViolacionDeUnicidad, type Db } from '../db/connection.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { quitarSubida, type AlmacenSubidas } from '../subidas/tus.ts'
import { suprimirDatosAlumno, supresionesInconclusas, type DependenciasSupresion } from './supresion.ts'
import { mensajeDeFallo } from '../bitacora.ts'

export type DependenciasRetencion = Omit<DependenciasSupresion, 'subidas'> & {
  subidas: AlmacenSubidas
  config: Pick<Config, 'retencionPostulantesMeses'>
}

/** Longer than applying a batch of a few hundred elements. */
export const PLAZO_TOMA_LOTE_MS = 10 * 60_000
/** A new batch is proposed when the last proposal is older than this. */
export const CADA_PROPUESTA_MS = 24 * 3_600_000

export const MENSAJE_LOTE_NO_ENCONTRADO = 'La revisión de conservación no existe.'
export const MENSAJE_LOTE_NO_PROPUESTO =
  'Esta revisión ya no se puede confirmar: fue confirmada o reemplazada por una más reciente. Recargue la página.'
export const MENSAJE_LOTE_VACIO = 'No hay nada que eliminar en esta revisión.'

/** The cut-off moments a batch was computed with (kept with it, and used again when applied). */
export type Criterios = {
  ahora: string
  postulantes: string
  documentosRechazados: string
  avisos: string
  mesesPostulantes: number
}

function mesesAntes(ahora: Date, meses: number): string {
  const d = new Date(ahora)
  d.setUTCMonth(d.getUTCMonth() - meses)
  return d.toISOString()
}

export function criteriosDe(ahora: Date, config: Pick<Config, 'retencionPostulantesMeses'>): Criterios {
  return {
    ahora: ahora.toISOString(),
    postulantes: mesesAntes(ahora, config.retencionPostulantesMeses),
    documentosRechazados: mesesAntes(ahora, TAREAS_RETENCION.documentosRechazados.meses),
    avisos: mesesAntes(ahora, TAREAS_RETENCION.avisos.meses),
    mesesPostulantes: config.retencionPostulantesMeses,
  }
}

type Elemento = { tipo: TareaRetencion; ref: string; alumno_id: string | null; detalle: string | null }

/** The three tables of a student's uploaded files, as server/archivos describes them. */
const TABLAS_DOCUMENTOS: TablaArchivos[] = Object.values(ARCHIVOS_SUBIDOS).map((d) => d.tabla)

/** Applicants with no enrolment and no movement since `corte` (optionally only one of them). */
function postulantesVencidos(db: Db, corte: string, alumnoId?: string) {
  let q = db
    .selectFrom('alumnos as a')
    .select('a.id')
    .where('a.creado', '<', corte)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('solicitudes as s').select('s.alumno_id').whereRef('s.alumno_id', '=', 'a.id'))),
        eb.not(eb.exists(eb.selectFrom('supresiones as x').select('x.alumno_id').whereRef('x.alumno_id', '=', 'a.id'))),
        eb.not(
          eb.exists(
            eb
              .selectFrom('historial_persona as h')
              .select('h.alumno_id')
              .whereRef('h.alumno_id', '=', 'a.id')
              .where('h.cambiado_en', '>=', corte),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('postulaciones as p')
              .select('p.alumno_id')
              .whereRef('p.alumno_id', '=', 'a.id')
              .where('p.creada_en', '>=', corte),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('sesiones as se')
              .select('se.actor_id')
              .where('se.actor_tipo', '=', 'alumno')
              .whereRef('se.actor_id', '=', 'a.id')
              .where('se.creada', '>=', corte),
          ),
        ),
      ]),
    )
  if (alumnoId) q = q.where('a.id', '=', alumnoId)
  return q
}

async function contar(db: Db, tabla: 'sesiones' | 'tokens_recuperacion' | 'limites', hasta: string): Promise<number> {
  const fila = await db
    .selectFrom(tabla)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('expira', '<=', hasta)
    .executeTakeFirstOrThrow()
  return Number(fila.n)
}

/** Everything the registry says is due now: the batch's elements. */
async function vencidos(db: Db, c: Criterios): Promise<Elemento[]> {
  const elementos: Elemento[] = []
  for (const { id } of await postulantesVencidos(db, c.postulantes).execute())
    elementos.push({ tipo: 'postulantes', ref: id, alumno_id: id, detalle: null })
  for (const tabla of TABLAS_DOCUMENTOS) {
    const filas = await db
      .selectFrom(tabla)
      .select(['id', 'alumno_id'])
      .where('estado_revision', '=', 'rechazado')
      .where('revisado_en', '<', c.documentosRechazados)
      .execute()
    for (const f of filas)
      elementos.push({ tipo: 'documentosRechazados', ref: `${tabla}:${f.id}`, alumno_id: f.alumno_id, detalle: null })
  }
  for (const f of await db.selectFrom('subidas').select(['id', 'alumno_id']).where('expira', '<=', c.ahora).execute())
    elementos.push({ tipo: 'subidasTerminadas', ref: f.id, alumno_id: f.alumno_id, detalle: null })
  for (const f of await db
    .selectFrom('notificaciones')
    .select(['id', 'alumno_id'])
    .where('creada_en', '<', c.avisos)
    .execute())
    elementos.push({ tipo: 'avisos', ref: f.id, alumno_id: f.alumno_id, detalle: null })
  // Sessions and technical records: counted, never copied (their keys hold e-mails and addresses).
  for (const tabla of ['sesiones', 'tokens_recuperacion'] as const) {
    const n = await contar(db, tabla, c.ahora)
    if (n > 0) elementos.push({ tipo: 'sesiones', ref: tabla, alumno_id: null, detalle: String(n) })
  }
  const limites = await contar(db, 'limites', c.ahora)
  if (limites > 0) elementos.push({ tipo: 'registrosIp', ref: 'limites', alumno_id: null, detalle: String(limites) })
  const bloqueos = await db
    .selectFrom('bloqueos_ingreso')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ventana_hasta', '<=', c.ahora)
    .where((eb) => eb.or([eb('bloqueada_hasta', 'is', null), eb('bloqueada_hasta', '<=', c.ahora)]))
    .executeTakeFirstOrThrow()
  if (Number(bloqueos.n) > 0)
    elementos.push({ tipo: 'registrosIp', ref: 'bloqueos_ingreso', alumno_id: null, detalle: String(bloqueos.n) })
  return elementos
}

/**
 * Proposes a new batch (a dry run): the previous proposal, never confirmed, is replaced. Answers
 * its id, or null when another server was proposing one at the same moment.
 */
export async function proponerLote(
  deps: Pick<DependenciasRetencion, 'db' | 'clock' | 'config'>,
): Promise<string | null> {
  const criterios = criteriosDe(deps.clock(), deps.config)
  const elementos = await vencidos(deps.db, criterios)
  const id = randomUUID()
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('retencion_lotes').set({ estado: 'descartado' }).where('estado', '=', 'propuesto').execute()
      await trx
        .insertInto('retencion_lotes')
        .values({ id, estado: 'propuesto', propuesto_en: criterios.ahora, criterios: JSON.stringify(criterios) })
        .execute()
      for (let i = 0; i < elementos.length; i += 200)
        await trx
          .insertInto('retencion_elementos')
          .values(elementos.slice(i, i + 200).map((e) => ({ ...e, lote_id: id, resultado: null })))
          .execute()
    })
  } catch (err) {
    if (esViolacionDeUnicidad(err)) return null
    throw err
  }
  return id
}

export type TareaEnLote = {
  tipo: TareaRetencion
  nombre: string
  categoria: string
  accion: string
  plazo: string
  cantidad: number
  /** Up to 20 of the elements, in words (a student's name, a file's name). */
  ejemplos: string[]
  aplicados: number
  omitidos: number
}

export type LoteRetencion = {
  id: string
  estado: 'propuesto' | 'confirmado' | 'aplicado' | 'descartado'
  propuestoEn: string
  confirmadoEn: string | null
  confirmadoPor: string | null
  aplicadoEn: string | null
  total: number
  tareas: TareaEnLote[]
}

function plazoDe(tipo: TareaRetencion, c: Criterios): string {
  const t = TAREAS_RETENCION[tipo]
  const meses = tipo === 'postulantes' ? c.mesesPostulantes : t.meses
  return meses === 0
    ? `Vencidos (desde ${t.desde})`
    : `Más de ${meses} ${meses === 1 ? 'mes' : 'meses'} desde ${t.desde}`
}

async function ejemplos(db: Db, tipo: TareaRetencion, loteId: string): Promise<string[]> {
  const elementos = await db
    .selectFrom('retencion_elementos as e')
    .leftJoin('alumnos as a', 'a.id', 'e.alumno_id')
    .select(['e.ref', 'e.detalle', 'a.nombres', 'a.apellidos', 'a.email'])
    .where('e.lote_id', '=', loteId)
    .where('e.tipo', '=', tipo)
    .orderBy('e.ref')
    .limit(20)
    .execute()
  return elementos.map((e) => {
    const quien = e.nombres !== null ? `${e.apellidos}, ${e.nombres}`.replace(/^, /, '') : ''
    switch (tipo) {
      case 'postulantes':
        return `${quien} (${e.email ?? ''})`
      case 'sesiones':
      case 'registrosIp':
        return `${e.detalle ?? '0'} en ${e.ref === 'limites' ? 'contadores de intentos' : e.ref === 'bloqueos_ingreso' ? 'bloqueos de ingreso' : e.ref === 'sesiones' ? 'sesiones' : 'enlaces de recuperación'}`
      default:
        return quien ? `De ${quien}` : 'De un alumno'
    }
  })
}

/** A batch as the school's screen shows it: each task with its count and a few of its elements. */
export async function leerLote(db: Db, loteId: string): Promise<LoteRetencion | null> {
  const lote = await db
    .selectFrom('retencion_lotes as l')
    .leftJoin('personal as p', 'p.id', 'l.confirmado_por')
    .select([
      'l.id',
      'l.estado',
      'l.propuesto_en',
      'l.criterios',
      'l.confirmado_en',
      'l.aplicado_en',
      'p.nombre as confirmado_por',
    ])
    .where('l.id', '=', loteId)
    .executeTakeFirst()
  if (!lote) return null
  const criterios = JSON.parse(lote.criterios) as Criterios
  const filas = await db
    .selectFrom('retencion_elementos')
    .select(['tipo', 'resultado', 'detalle'])
    .where('lote_id', '=', loteId)
    .execute()
  const tareas: TareaEnLote[] = []
  for (const tipo of Object.keys(TAREAS_RETENCION) as TareaRetencion[]) {
    const t = TAREAS_RETENCION[tipo]
    const suyas = filas.filter((f) => f.tipo === tipo)
    const agregada = tipo === 'sesiones' || tipo === 'registrosIp'
    const cantidad = agregada ? suyas.reduce((n, f) => n + Number(f.detalle ?? 0), 0) : suyas.length
    tareas.push({
      tipo,
      nombre: t.nombre,
      categoria: (REGISTRO_DATOS[t.categoria] as CategoriaDatos).nombre,
      accion: t.accion,
      plazo: plazoDe(tipo, criterios),
      cantidad,
      ejemplos: suyas.length > 0 ? await ejemplos(db, tipo, loteId) : [],
      aplicados: suyas.filter((f) => f.resultado === 'aplicado').length,
      omitidos: suyas.filter((f) => f.resultado === 'omitido').length,
    })
  }
  return {
    id: lote.id,
    estado: lote.estado,
    propuestoEn: lote.propuesto_en,
    confirmadoEn: lote.confirmado_en,
    confirmadoPor: lote.confirmado_por,
    aplicadoEn: lote.aplicado_en,
    total: tareas.reduce((n, t) => n + t.cantidad, 0),
    tareas,
  }
}

/** The proposal waiting for confirmation (or null) and the last batches confirmed. */
export async function estadoRetencion(
  db: Db,
): Promise<{ propuesto: LoteRetencion | null; anteriores: LoteRetencion[] }> {
  const propuesto = await db
    .selectFrom('retencion_lotes')
    .select('id')
    .where('estado', '=', 'propuesto')
    .executeTakeFirst()
  const anteriores = await db
    .selectFrom('retencion_lotes')
    .select('id')
    .where('estado', 'in', ['confirmado', 'aplicado'])
    .orderBy('confirmado_en', 'desc')
    .limit(5)
    .execute()
  return {
    propuesto: propuesto ? await leerLote(db, propuesto.id) : null,
    anteriores: (await Promise.all(anteriores.map((l) => leerLote(db, l.id)))).filter((l) => l !== null),
  }
}

export type Rechazo = { rechazo: { status: 404 | 409; error: string } }

/** An admin confirms the proposal: audited, then applied at once (the scheduler finishes it if this server stops). */
export async function confirmarLote(
  deps: DependenciasRetencion,
  autor: Autor,
  loteId: string,
): Promise<Rechazo | { lote: LoteRetencion }> {
  const lote = await leerLote(deps.db, loteId)
  if (!lote) return { rechazo: { status: 404, error: MENSAJE_LOTE_NO_ENCONTRADO } }
  if (lote.estado !== 'propuesto') return { rechazo: { status: 409, error: MENSAJE_LOTE_NO_PROPUESTO } }
  if (lote.total === 0) return { rechazo: { status: 409, error: MENSAJE_LOTE_VACIO } }
  const confirmado = await deps.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('retencion_lotes')
      .set({ estado: 'confirmado', confirmado_por: autor.personal.id, confirmado_en: autor.ahora.toISOString() })
      .where('id', '=', loteId)
      .where('estado', '=', 'propuesto')
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return false
    await auditar(trx, autor, {
      accion: 'privacidad.retencion-confirmar',
      entidad: 'retencion-lote',
      entidadId: loteId,
      despues: Object.fromEntries(lote.tareas.filter((t) => t.cantidad > 0).map((t) => [t.tipo, t.cantidad])),
    })
    return true
  })
  if (!confirmado) return { rechazo: { status: 409, error: MENSAJE_LOTE_NO_PROPUESTO } }
  await aplicarLote(deps, loteId)
  return { lote: (await leerLote(deps.db, loteId))! }
}

/** Applies one element, checked again now; answers what came of it. */
async function aplicarElemento(
  deps: DependenciasRetencion,
  loteId: string,
  c: Criterios,
  e: { tipo: string; ref: string; detalle: string | null },
): Promise<{ resultado: 'aplicado' | 'omitido'; detalle?: string | null }> {
  const { db } = deps
  switch (e.tipo as TareaRetencion) {
    case 'postulantes': {
      // Still an applicant with no movement? (A suppression a crash left unfinished is finished too.)
      const sigue = await postulantesVencidos(db, c.postulantes, e.ref).executeTakeFirst()
      const inconclusa = await db
        .selectFrom('supresiones')
        .select('estado')
        .where('alumno_id', '=', e.ref)
        .where('actor', '=', `retencion:${loteId}`)
        .executeTakeFirst()
      if (!sigue && !inconclusa)
        return { resultado: 'omitido', detalle: 'Se inscribió o tuvo movimiento después de la revisión.' }
      await suprimirDatosAlumno(deps, { alumnoId: e.ref, actor: `retencion:${loteId}` })
      return { resultado: 'aplicado' }
    }
    case 'documentosRechazados': {
      const [tabla, id] = e.ref.split(':') as [TablaArchivos, string]
      if (!TABLAS_DOCUMENTOS.includes(tabla)) throw new Error(`tabla de documentos desconocida: ${tabla}`)
      const fila = await db
        .selectFrom(tabla)
        .select('blob_clave')
        .where('id', '=', id)
        .where('estado_revision', '=', 'rechazado')
        .where('revisado_en', '<', c.documentosRechazados)
        .executeTakeFirst()
      // The file's key is kept with the element first: a crash after the row is gone still finds it.
      const clave = fila?.blob_clave ?? e.detalle
      if (!fila && !e.detalle) return { resultado: 'omitido', detalle: 'Ya no está rechazado o ya no existe.' }
      if (fila) {
        await db
          .updateTable('retencion_elementos')
          .set({ detalle: fila.blob_clave })
          .where('lote_id', '=', loteId)
          .where('tipo', '=', e.tipo)
          .where('ref', '=', e.ref)
          .execute()
        await db.deleteFrom(tabla).where('id', '=', id).execute()
      }
      if (clave) await deps.blobs.delete(clave)
      return { resultado: 'aplicado', detalle: clave }
    }
    case 'subidasTerminadas': {
      const fila = await db
        .selectFrom('subidas')
        .select('id')
        .where('id', '=', e.ref)
        .where('expira', '<=', c.ahora)
        .executeTakeFirst()
      if (!fila) return { resultado: 'omitido', detalle: 'Ya no existe.' }
      await quitarSubida(db, deps.subidas, e.ref)
      return { resultado: 'aplicado' }
    }
    case 'avisos':
      await db.transaction().execute(async (trx) => {
        const viejo = await trx
          .selectFrom('notificaciones')
          .select('id')
          .where('id', '=', e.ref)
          .where('creada_en', '<', c.avisos)
          .executeTakeFirst()
        if (!viejo) return
        await trx.deleteFrom('envios_notificacion').where('notificacion_id', '=', e.ref).execute()
        await trx.deleteFrom('notificaciones').where('id', '=', e.ref).execute()
      })
      return { resultado: 'aplicado' }
    case 'sesiones':
      if (e.ref === 'sesiones') await db.deleteFrom('sesiones').where('expira', '<=', c.ahora).execute()
      else await db.deleteFrom('tokens_recuperacion').where('expira', '<=', c.ahora).execute()
      return { resultado: 'aplicado', detalle: e.detalle }
    case 'registrosIp':
      if (e.ref === 'limites') await db.deleteFrom('limites').where('expira', '<=', c.ahora).execute()
      else
        await db
          .deleteFrom('bloqueos_ingreso')
          .where('ventana_hasta', '<=', c.ahora)
          .where((eb) => eb.or([eb('bloqueada_hasta', 'is', null), eb('bloqueada_hasta', '<=', c.ahora)]))
          .execute()
      return { resultado: 'aplicado', detalle: e.detalle }
  }
  throw new Error(`tarea de retención desconocida: ${e.tipo}`)
}

/**
 * Applies a confirmed batch under a lease; elements already applied are skipped, so a batch left
 * halfway goes on where it stopped. Answers whether this run took it.
 */
export async function aplicarLote(deps: DependenciasRetencion, loteId: string): Promise<boolean> {
  const { db } = deps
  const ahora = deps.clock()
  const token = randomUUID()
  const tomado = await db
    .updateTable('retencion_lotes')
    .set((eb) => ({
      tomado_por: token,
      tomado_hasta: new Date(ahora.getTime() + PLAZO_TOMA_LOTE_MS).toISOString(),
      intentos: eb('intentos', '+', 1),
    }))
    .where('id', '=', loteId)
    .where('estado', '=', 'confirmado')
    .where((eb) => eb.or([eb('tomado_hasta', 'is', null), eb('tomado_hasta', '<', ahora.toISOString())]))
    .executeTakeFirst()
  if (Number(tomado.numUpdatedRows) !== 1) return false
  const lote = await db
    .selectFrom('retencion_lotes')
    .select('criterios')
    .where('id', '=', loteId)
    .executeTakeFirstOrThrow()
  const criterios = JSON.parse(lote.criterios) as Criterios
  try {
    const pendientes = await db
      .selectFrom('retencion_elementos')
      .select(['tipo', 'ref', 'detalle'])
      .where('lote_id', '=', loteId)
      .where('resultado', 'is', null)
      .execute()
    for (const e of pendientes) {
      const r = await aplicarElemento(deps, loteId, criterios, e)
      await db
        .updateTable('retencion_elementos')
        .set({ resultado: r.resultado, detalle: r.detalle ?? e.detalle })
        .where('lote_id', '=', loteId)
        .where('tipo', '=', e.tipo)
        .where('ref', '=', e.ref)
        .execute()
    }
    await db
      .updateTable('retencion_lotes')
      .set({ estado: 'aplicado', aplicado_en: deps.clock().toISOString(), tomado_hasta: null, ultimo_error: null })
      .where('id', '=', loteId)
      .where('tomado_por', '=', token)
      .execute()
    deps.log('revisión de conservación aplicada', { lote: loteId, elementos: pendientes.length })
  } catch (err) {
    const mensaje = mensajeDeFallo(err)
    deps.log('error al aplicar una revisión de conservación', { lote: loteId, error: mensaje })
    await db
      .updateTable('retencion_lotes')
      .set({ tomado_hasta: null, ultimo_error: mensaje })
      .where('id', '=', loteId)
      .where('tomado_por', '=', token)
      .execute()
  }
  return true
}

/**
 * The scheduler's run (every server, now and then): finishes suppressions a crash left halfway,
 * applies confirmed batches not yet applied, and proposes a new batch once a day.
 */
export async function correrRetencion(deps: DependenciasRetencion): Promise<void> {
  const { db } = deps
  for (const s of await supresionesInconclusas(db))
    await suprimirDatosAlumno(deps, { alumnoId: s.alumno_id, actor: s.actor }).catch((err: unknown) =>
      deps.log('error al terminar una supresión', { alumno: s.alumno_id, error: String(err) }),
    )
  for (const { id } of await db.selectFrom('retencion_lotes').select('id').where('estado', '=', 'confirmado').execute())
    await aplicarLote(deps, id)
  const ultima = await db
    .selectFrom('retencion_lotes')
    .select('propuesto_en')
    .orderBy('propuesto_en', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!ultima || Date.parse(ultima.propuesto_en) <= deps.clock().getTime() - CADA_PROPUESTA_MS) await proponerLote(deps)
}
