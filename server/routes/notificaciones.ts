// The student's notices, mounted at /api/notificaciones: the bell's list (newest first, unread
// count), marking read, the preferences (channels per kind, quiet hours) and this device's Web
// Push subscription. Always the session's student's own.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import {
  bajaSuscripcionSchema,
  MENSAJE_SUSCRIPCION,
  preferenciasSchema,
  suscripcionSchema,
  TIPOS_NOTIFICACION,
} from '../../src/domain/notificaciones.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { guardarPreferencias, preferenciasDe } from '../notificaciones/preferencias.ts'
import { comprobarDestinoPush } from '../notificaciones/push.ts'
import { clavesVapid } from '../notificaciones/vapid.ts'
import { cuerpoJson } from './validacion.ts'

/** The bell lists the latest ones; older ones were e-mailed and their screens hold the rest. */
export const MAXIMO_LISTADO = 50

export const MENSAJE_NOTIFICACION_NO_ENCONTRADA = 'Aviso no encontrado.'

/** The push service's name could not be resolved just now, so its address could not be checked. */
export const MENSAJE_SUSCRIPCION_NO_COMPROBADA =
  'No fue posible comprobar el servicio de avisos de este dispositivo. Intente nuevamente en unos minutos.'

export const rutasNotificaciones = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const alumno = c.var.alumno
    const { db } = c.var.deps
    const { canales } = await preferenciasDe(db, alumno.id)
    // Kinds the student took out of the app are not listed (they still count for the other channels).
    const enApp = TIPOS_NOTIFICACION.filter((tipo) => canales[tipo].app)
    const filas =
      enApp.length === 0
        ? []
        : await db
            .selectFrom('notificaciones')
            .select(['id', 'tipo', 'titulo', 'cuerpo', 'ruta', 'creada_en', 'leida_en'])
            .where('alumno_id', '=', alumno.id)
            .where('tipo', 'in', enApp)
            .orderBy('creada_en', 'desc')
            .orderBy('id')
            .limit(MAXIMO_LISTADO)
            .execute()
    return c.json({
      status: 'ok' as const,
      data: {
        noLeidas: filas.filter((f) => !f.leida_en).length,
        notificaciones: filas.map((f) => ({
          id: f.id,
          tipo: f.tipo,
          titulo: f.titulo,
          cuerpo: f.cuerpo,
          ruta: f.ruta,
          creadaEn: f.creada_en,
          leidaEn: f.leida_en,
        })),
      },
    })
  })
  .post('/leidas', async (c) => {
    const { db, clock } = c.var.deps
    await db
      .updateTable('notificaciones')
      .set({ leida_en: clock().toISOString() })
      .where('alumno_id', '=', c.var.alumno.id)
      .where('leida_en', 'is', null)
      .execute()
    return c.json({ status: 'ok' as const })
  })
  .post('/:id/leida', async (c) => {
    const { db, clock } = c.var.deps
    const fila = await db
      .selectFrom('notificaciones')
      .select(['id', 'leida_en'])
      .where('id', '=', c.req.param('id'))
      .where('alumno_id', '=', c.var.alumno.id)
      .executeTakeFirst()
    if (!fila) return c.json({ error: MENSAJE_NOTIFICACION_NO_ENCONTRADA }, 404)
    // Read once: a second tap keeps the first moment.
    const leidaEn = fila.leida_en ?? clock().toISOString()
    if (!fila.leida_en)
      await db
        .updateTable('notificaciones')
        .set({ leida_en: leidaEn })
        .where('id', '=', fila.id)
        .where('leida_en', 'is', null)
        .execute()
    return c.json({ status: 'ok' as const, data: { id: fila.id, leidaEn } })
  })
  .get('/preferencias', async (c) => {
    const { db, config, clock } = c.var.deps
    const { canales, silencio } = await preferenciasDe(db, c.var.alumno.id, config.notificaciones.silencio)
    const vapid = await clavesVapid(db, config.notificaciones, clock())
    return c.json({
      status: 'ok' as const,
      data: {
        canales,
        silencio: silencio ?? config.notificaciones.silencio,
        resumenHora: config.notificaciones.resumenHora,
        /** The applicationServerKey a device subscribes with. */
        clavePublica: vapid.publicKey,
      },
    })
  })
  .put('/preferencias', cuerpoJson(preferenciasSchema), async (c) => {
    const { db, clock } = c.var.deps
    const preferencias = c.req.valid('json')
    await guardarPreferencias(db, c.var.alumno.id, preferencias, clock())
    return c.json({ status: 'ok' as const, data: preferencias })
  })
  .post('/suscripciones', cuerpoJson(suscripcionSchema), async (c) => {
    const { db, clock } = c.var.deps
    const { endpoint, keys } = c.req.valid('json')
    const destino = await comprobarDestinoPush(endpoint, {
      publicUrl: c.var.deps.config.publicUrl,
      resolver: c.var.deps.resolverDns,
    })
    if (!destino.permitido) {
      c.var.deps.log('suscripción push rechazada', { id: c.var.idPeticion, motivo: destino.motivo })
      // A resolver down is no fault of the device's: it may subscribe again in a moment.
      if (destino.causa === 'dns-temporal') return c.json({ error: MENSAJE_SUSCRIPCION_NO_COMPROBADA }, 503)
      return c.json({ error: MENSAJE_SUSCRIPCION, campos: { endpoint: MENSAJE_SUSCRIPCION } }, 400)
    }
    const alumnoId = c.var.alumno.id
    // One subscription per device: the same browser subscribing again (or another student signing
    // in on it and turning notices on) replaces what it had.
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
    return c.json({ status: 'ok' as const }, 201)
  })
  .post('/suscripciones/baja', cuerpoJson(bajaSuscripcionSchema), async (c) => {
    await c.var.deps.db
      .deleteFrom('suscripciones_push')
      .where('endpoint', '=', c.req.valid('json').endpoint)
      .where('alumno_id', '=', c.var.alumno.id)
      .execute()
    return c.json({ status: 'ok' as const })
  })
