// The student's notices as routes/notificaciones.ts serves them (/api/notificaciones): the bell's
// list (newest first, unread count), marking read, the preferences with the key a device
// subscribes with, and this device's Web Push subscription. Always the student's own.
import { randomUUID } from 'node:crypto'
import {
  MENSAJE_SUSCRIPCION,
  TIPOS_NOTIFICACION,
  type Preferencias,
  type SuscripcionPush,
} from '../../src/domain/notificaciones.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import { guardarPreferencias, preferenciasDe } from './preferencias.ts'
import { comprobarDestinoPush } from './push.ts'
import { clavesVapid } from './vapid.ts'

/** The bell lists the latest ones; older ones were e-mailed and their screens hold the rest. */
export const MAXIMO_LISTADO = 50

export const MENSAJE_NOTIFICACION_NO_ENCONTRADA = 'Aviso no encontrado.'

/** The push service's name could not be resolved just now, so its address could not be checked. */
export const MENSAJE_SUSCRIPCION_NO_COMPROBADA =
  'No fue posible comprobar el servicio de avisos de este dispositivo. Intente nuevamente en unos minutos.'

/** The bell's list: the kinds the student keeps in the app, the latest first, and how many are unread. */
export async function notificacionesDeAlumno(db: Db, alumnoId: string) {
  const { canales } = await preferenciasDe(db, alumnoId)
  // Kinds the student took out of the app are not listed (they still count for the other channels).
  const enApp = TIPOS_NOTIFICACION.filter((tipo) => canales[tipo].app)
  const filas =
    enApp.length === 0
      ? []
      : await db
          .selectFrom('notificaciones')
          .select(['id', 'tipo', 'titulo', 'cuerpo', 'ruta', 'creada_en', 'leida_en', 'retirada_en', 'retiro'])
          .where('alumno_id', '=', alumnoId)
          .where('tipo', 'in', enApp)
          .orderBy('creada_en', 'desc')
          .orderBy('id')
          .limit(MAXIMO_LISTADO)
          .execute()
  return {
    // A withdrawn notice (it no longer applies) is shown marked, and is nothing left to read.
    noLeidas: filas.filter((f) => !f.leida_en && !f.retirada_en).length,
    notificaciones: filas.map((f) => ({
      id: f.id,
      tipo: f.tipo,
      titulo: f.titulo,
      cuerpo: f.cuerpo,
      ruta: f.ruta,
      creadaEn: f.creada_en,
      leidaEn: f.leida_en,
      retirada: f.retirada_en ? { en: f.retirada_en, motivo: f.retiro ?? '' } : null,
    })),
  }
}

export async function marcarTodasLeidas(deps: Dependencias, alumnoId: string): Promise<void> {
  await deps.db
    .updateTable('notificaciones')
    .set({ leida_en: deps.clock().toISOString() })
    .where('alumno_id', '=', alumnoId)
    .where('leida_en', 'is', null)
    .execute()
}

/** One of the student's notices marked read (a second tap keeps the first moment); null when it is not theirs. */
export async function marcarLeida(deps: Dependencias, alumnoId: string, id: string) {
  const { db, clock } = deps
  const fila = await db
    .selectFrom('notificaciones')
    .select(['id', 'leida_en'])
    .where('id', '=', id)
    .where('alumno_id', '=', alumnoId)
    .executeTakeFirst()
  if (!fila) return null
  const leidaEn = fila.leida_en ?? clock().toISOString()
  if (!fila.leida_en)
    await db
      .updateTable('notificaciones')
      .set({ leida_en: leidaEn })
      .where('id', '=', fila.id)
      .where('leida_en', 'is', null)
      .execute()
  return { id: fila.id, leidaEn }
}

/** The student's preferences (the school's quiet hours where they set none) and the key a device subscribes with. */
export async function preferenciasConClave(deps: Dependencias, alumnoId: string) {
  const { db, config, clock } = deps
  const { canales, silencio } = await preferenciasDe(db, alumnoId, config.notificaciones.silencio)
  const vapid = await clavesVapid(db, config.notificaciones, clock())
  return {
    canales,
    silencio: silencio ?? config.notificaciones.silencio,
    resumenHora: config.notificaciones.resumenHora,
    /** The applicationServerKey a device subscribes with. */
    clavePublica: vapid.publicKey,
  }
}

export async function cambiarPreferencias(deps: Dependencias, alumnoId: string, preferencias: Preferencias) {
  await guardarPreferencias(deps.db, alumnoId, preferencias, deps.clock())
}

export type Suscripcion =
  | { tipo: 'ok' }
  /** The push service's address is not one the portal sends to: 400 on `endpoint`. */
  | { tipo: 'rechazada'; error: string }
  /** Its name could not be resolved just now: the device may try again in a moment (503). */
  | { tipo: 'no-comprobada'; error: string }

/**
 * This device's subscription, once its push service's address is checked. One per device: the same
 * browser subscribing again (or another student signing in on it and turning notices on) replaces
 * what it had. `idPeticion` names the request in the log of a refusal.
 */
export async function suscribir(
  deps: Dependencias,
  alumnoId: string,
  { endpoint, keys }: SuscripcionPush,
  idPeticion: string,
): Promise<Suscripcion> {
  const { db, clock } = deps
  const destino = await comprobarDestinoPush(endpoint, { publicUrl: deps.config.publicUrl, resolver: deps.resolverDns })
  if (!destino.permitido) {
    deps.log('suscripción push rechazada', { id: idPeticion, motivo: destino.motivo })
    // A resolver down is no fault of the device's.
    if (destino.causa === 'dns-temporal') return { tipo: 'no-comprobada', error: MENSAJE_SUSCRIPCION_NO_COMPROBADA }
    return { tipo: 'rechazada', error: MENSAJE_SUSCRIPCION }
  }
  await db
    .insertInto('suscripciones_push')
    .values({
      id: randomUUID(),
      alumno_id: alumnoId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      creada_en: clock().toISOString(),
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ alumno_id: alumnoId, p256dh: keys.p256dh, auth: keys.auth }),
    )
    .execute()
  return { tipo: 'ok' }
}

export async function darDeBaja(db: Db, alumnoId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('suscripciones_push').where('endpoint', '=', endpoint).where('alumno_id', '=', alumnoId).execute()
}
