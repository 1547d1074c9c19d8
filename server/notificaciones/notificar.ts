// Producing a notice is one call, made inside the transaction of the change it announces (a
// payment approved, a document rejected…), so the notice exists exactly when the change does:
//
//   await notificar(trx, { alumnoId, tipo: 'documento-rechazado', ocasion: archivoId, aviso, ahora })
//
// The notice is unique per student, kind and occasion: a second call for the same occasion (a
// retry, a restart, another server running the same reminder check) inserts nothing and returns
// null. A new notice gets its deliveries queued in the same transaction, one row per channel the
// student has on for this kind (push only with a device subscribed); the scheduler sends them.
import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { TIPOS, type Aviso, type TipoNotificacion } from '../../src/domain/notificaciones.ts'
import { esAvisoDePrivacidad } from '../../src/domain/bloqueo-datos.ts'
import type { Database } from '../db/schema.ts'
import { estaBloqueado } from '../privacidad/bloqueo.ts'
import { preferenciasDe } from './preferencias.ts'

export type NuevaNotificacion = {
  alumnoId: string
  tipo: TipoNotificacion
  /** What makes this occasion unique for the student and kind (an id, a due date, a week). */
  ocasion: string
  /**
   * What a newer notice replaces on a device that was off (Web Push's Topic): e.g. the enrolment
   * of a weekly survey reminder, so next week's replaces this week's. Defaults to the occasion.
   */
  tema?: string
  aviso: Aviso
  ahora: Date
}

type Bd = Kysely<Database> | Transaction<Database>

/** The new notice's id, or null when this occasion was already notified. */
export async function notificar(db: Bd, n: NuevaNotificacion): Promise<string | null> {
  // A student whose data is blocked gets no notice but those about their privacy requests; the
  // occasion is not spent, so a reminder still due once the block is lifted is made then.
  if (!esAvisoDePrivacidad(n.tipo) && (await estaBloqueado(db, n.alumnoId))) return null
  const id = randomUUID()
  const ahora = n.ahora.toISOString()
  const insertada = await db
    .insertInto('notificaciones')
    .values({
      id,
      alumno_id: n.alumnoId,
      tipo: n.tipo,
      ocasion: n.ocasion,
      tema: `${n.tipo}:${n.tema ?? n.ocasion}`,
      titulo: n.aviso.titulo,
      cuerpo: n.aviso.cuerpo,
      ruta: n.aviso.ruta,
      creada_en: ahora,
      leida_en: null,
    })
    .onConflict((oc) => oc.columns(['alumno_id', 'tipo', 'ocasion']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!insertada) return null

  const { canales } = await preferenciasDe(db, n.alumnoId)
  const quiere = canales[n.tipo]
  const envio = { notificacion_id: id, alumno_id: n.alumnoId, estado: 'pendiente' as const, creado_en: ahora }
  if (quiere.correo)
    await db
      .insertInto('envios_notificacion')
      .values({
        ...envio,
        id: randomUUID(),
        canal: 'correo',
        modo: TIPOS[n.tipo].correoInmediato ? 'inmediato' : 'resumen',
        disponible_desde: ahora,
      })
      .execute()
  if (quiere.push) {
    const dispositivo = await db
      .selectFrom('suscripciones_push')
      .select('id')
      .where('alumno_id', '=', n.alumnoId)
      .executeTakeFirst()
    if (dispositivo)
      await db
        .insertInto('envios_notificacion')
        .values({ ...envio, id: randomUUID(), canal: 'push', modo: 'inmediato', disponible_desde: ahora })
        .execute()
  }
  return id
}

/** Runs `trabajo` in a transaction, or in the one `db` already is. */
export async function enTransaccion<T>(db: Bd, trabajo: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? trabajo(db as Transaction<Database>) : db.transaction().execute(trabajo)
}
