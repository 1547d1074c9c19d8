// Blocking a student's data (art. 8 of Ley 19.628 as amended by Ley 21.719): processing stops for
// a time, the data is kept. One row per block in `bloqueos_datos`; the one in force is the row not
// lifted (at most one per student: a partial unique index). Setting and lifting are staff actions,
// each audited in the same transaction. While a block is in force:
// - the CRM API leaves the student out (server/integracion/lecturas.ts, `sinBloqueo`),
// - no notice is made or sent but those about their privacy requests (notificar.ts, programador.ts),
// - staff cannot change their data (`rechazarSiBloqueado` in the endpoints that change it),
// - the staff's page of the student shows the block and who may lift it.
import { randomUUID } from 'node:crypto'
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely'
import { MENSAJE_ALUMNO_BLOQUEADO, type BloqueoVigente } from '../../src/domain/bloqueo-datos.ts'
import type { Database } from '../db/schema.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'

type Bd = Kysely<Database> | Transaction<Database>

/** The block in force on a student, or null. */
export async function bloqueoVigente(db: Bd, alumnoId: string): Promise<BloqueoVigente | null> {
  const fila = await db
    .selectFrom('bloqueos_datos')
    .select(['desde', 'motivo'])
    .where('alumno_id', '=', alumnoId)
    .where('levantado_en', 'is', null)
    .executeTakeFirst()
  return fila ?? null
}

/** Whether a student's data is blocked now. */
export async function estaBloqueado(db: Bd, alumnoId: string): Promise<boolean> {
  return (await bloqueoVigente(db, alumnoId)) !== null
}

/**
 * For a query's `where` over `alumnos` (joined or alone): the students with no block in force (the
 * CRM API's lists leave the others out).
 */
export function alumnoSinBloqueo() {
  return (eb: ExpressionBuilder<Database, 'alumnos'>) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('bloqueos_datos as bloqueo_vigente')
          .select('bloqueo_vigente.id')
          .whereRef('bloqueo_vigente.alumno_id', '=', 'alumnos.id')
          .where('bloqueo_vigente.levantado_en', 'is', null),
      ),
    )
}

export type DatosBloqueo = {
  alumnoId: string
  motivo: string
  /** The privacy request that asked for it (the school's queue), when one did. */
  solicitudId?: number | null
  actor: Autor
}

/**
 * Blocks a student's data; true when this call blocked it, false when a block was already in
 * force (nothing changes then, so approving a request twice blocks once).
 */
export async function bloquear(db: Kysely<Database>, datos: DatosBloqueo): Promise<boolean> {
  const { alumnoId, motivo, actor } = datos
  const solicitudId = datos.solicitudId ?? null
  try {
    return await db.transaction().execute(async (trx) => {
      if (await bloqueoVigente(trx, alumnoId)) return false
      await trx
        .insertInto('bloqueos_datos')
        .values({
          id: randomUUID(),
          alumno_id: alumnoId,
          motivo,
          solicitud_id: solicitudId,
          desde: actor.ahora.toISOString(),
          bloqueado_por_id: actor.personal.id,
          bloqueado_por: actor.personal.nombre,
        })
        .execute()
      await auditar(trx, actor, {
        accion: 'privacidad.bloquear',
        entidad: 'alumno',
        entidadId: alumnoId,
        alumnoId,
        despues: { motivo, ...(solicitudId !== null ? { solicitudPrivacidad: solicitudId } : {}) },
      })
      return true
    })
  } catch (err) {
    // Two blocks at once: the partial unique index let one in; the other finds it in force.
    if (await bloqueoVigente(db, alumnoId)) return false
    throw err
  }
}

/** Lifts the block in force; true when this call lifted it, false when there was none. */
export async function levantar(
  db: Kysely<Database>,
  datos: { alumnoId: string; actor: Autor; motivo: string },
): Promise<boolean> {
  const { alumnoId, actor, motivo } = datos
  return db.transaction().execute(async (trx) => {
    const vigente = await trx
      .selectFrom('bloqueos_datos')
      .select(['id', 'desde', 'motivo'])
      .where('alumno_id', '=', alumnoId)
      .where('levantado_en', 'is', null)
      .executeTakeFirst()
    if (!vigente) return false
    const r = await trx
      .updateTable('bloqueos_datos')
      .set({
        levantado_en: actor.ahora.toISOString(),
        levantado_por_id: actor.personal.id,
        levantado_por: actor.personal.nombre,
        motivo_levantamiento: motivo,
      })
      .where('id', '=', vigente.id)
      .where('levantado_en', 'is', null)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) === 0) return false
    await auditar(trx, actor, {
      accion: 'privacidad.levantar-bloqueo',
      entidad: 'alumno',
      entidadId: alumnoId,
      alumnoId,
      antes: { bloqueadoDesde: vigente.desde },
      despues: { motivo },
    })
    return true
  })
}

/** The interface the school's queue calls when it approves a blocking request. */
export async function bloquearAlumno(db: Kysely<Database>, datos: DatosBloqueo): Promise<void> {
  await bloquear(db, datos)
}

export async function levantarBloqueo(
  db: Kysely<Database>,
  datos: { alumnoId: string; actor: Autor; motivo: string },
): Promise<void> {
  await levantar(db, datos)
}

/** The refusal an endpoint that changes a student's data gives while they are blocked, or null. */
export async function rechazoPorBloqueo(db: Bd, alumnoId: string | null | undefined): Promise<string | null> {
  if (!alumnoId) return null
  return (await estaBloqueado(db, alumnoId)) ? MENSAJE_ALUMNO_BLOQUEADO : null
}
