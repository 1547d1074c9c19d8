// The student's notices, mounted at /api/notificaciones: the bell's list (newest first, unread
// count), marking read, the preferences (channels per kind, quiet hours) and this device's Web
// Push subscription. Always the session's student's own; the work is in notificaciones/alumno.ts.
import { Hono } from 'hono'
import { bajaSuscripcionSchema, preferenciasSchema, suscripcionSchema } from '../../src/domain/notificaciones.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import {
  cambiarPreferencias,
  darDeBaja,
  marcarLeida,
  marcarTodasLeidas,
  MENSAJE_NOTIFICACION_NO_ENCONTRADA,
  notificacionesDeAlumno,
  preferenciasConClave,
  suscribir,
} from '../notificaciones/alumno.ts'
import { cuerpoJson } from '../http/validacion.ts'

export const rutasNotificaciones = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    return c.json({ status: 'ok' as const, data: await notificacionesDeAlumno(c.var.deps.db, c.var.alumno.id) })
  })
  .post('/leidas', async (c) => {
    await marcarTodasLeidas(c.var.deps, c.var.alumno.id)
    return c.json({ status: 'ok' as const })
  })
  .post('/:id/leida', async (c) => {
    const data = await marcarLeida(c.var.deps, c.var.alumno.id, c.req.param('id'))
    if (!data) return rechazar(c, 404, MENSAJE_NOTIFICACION_NO_ENCONTRADA)
    return c.json({ status: 'ok' as const, data })
  })
  .get('/preferencias', async (c) => {
    return c.json({ status: 'ok' as const, data: await preferenciasConClave(c.var.deps, c.var.alumno.id) })
  })
  .put('/preferencias', cuerpoJson(preferenciasSchema), async (c) => {
    const preferencias = c.req.valid('json')
    await cambiarPreferencias(c.var.deps, c.var.alumno.id, preferencias)
    return c.json({ status: 'ok' as const, data: preferencias })
  })
  .post('/suscripciones', cuerpoJson(suscripcionSchema), async (c) => {
    const suscripcion = await suscribir(c.var.deps, c.var.alumno.id, c.req.valid('json'), c.var.idPeticion)
    if (suscripcion.tipo === 'no-comprobada') return rechazar(c, 503, suscripcion.error)
    if (suscripcion.tipo === 'rechazada') return rechazar(c, 400, suscripcion.error, { endpoint: suscripcion.error })
    return c.json({ status: 'ok' as const }, 201)
  })
  .post('/suscripciones/baja', cuerpoJson(bajaSuscripcionSchema), async (c) => {
    await darDeBaja(c.var.deps.db, c.var.alumno.id, c.req.valid('json').endpoint)
    return c.json({ status: 'ok' as const })
  })
