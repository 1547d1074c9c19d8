// The school's queue of rights requests, mounted at /api/admin/privacidad/solicitudes, for the
// roles with 'privacidad.gestionar' (administration and the data protection officer): every
// request with its deadline, what falls due first on top; one request with every message sent;
// the one extension with its reason; the answer (reply, approve, refuse with grounds); a
// suppression's answer e-mail that could not be sent, tried again. Each change
// is audited in its own transaction with its proof (server/privacidad/derechos.ts).
import { Hono } from 'hono'
import { prorrogaSchema, respuestaDerechoSchema } from '../../../src/domain/derechos.ts'
import type { EntornoApp } from '../../contexto.ts'
import type { Personal } from '../../db/schema.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import {
  colaDeSolicitudes,
  detalleDeSolicitud,
  MENSAJE_SOLICITUD_NO_EXISTE,
  prorrogarSolicitud,
  responderSolicitud,
} from '../../privacidad/derechos.ts'
import { reintentarRespuestaPorCorreo } from '../../privacidad/respuesta-por-correo.ts'
import { rechazar } from '../../http/respuesta.ts'
import { cuerpoJson } from '../../http/validacion.ts'

const gestionar = requiereCapacidad('privacidad.gestionar')

/** Who acts, from where and when: what the audit row and the proof record. */
function autor(c: { var: Pick<EntornoApp['Variables'], 'ip' | 'deps'> }, personal: Personal) {
  return { personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

export const rutasDerechosAdmin = new Hono<EntornoApp>()
  .get('/', gestionar, async (c) => c.json({ solicitudes: await colaDeSolicitudes(c.var.deps.db) }))
  .get('/:id', gestionar, async (c) => {
    const detalle = await detalleDeSolicitud(c.var.deps.db, c.req.param('id'))
    return detalle ? c.json(detalle) : rechazar(c, 404, MENSAJE_SOLICITUD_NO_EXISTE)
  })
  .post('/:id/prorroga', gestionar, cuerpoJson(prorrogaSchema), async (c) => {
    const hecho = await prorrogarSolicitud(
      c.var.deps,
      autor(c, c.var.personal),
      c.req.param('id'),
      c.req.valid('json').motivo,
    )
    if ('error' in hecho) return rechazar(c, hecho.status, hecho.error)
    return c.json(hecho)
  })
  .post('/:id/correo-respuesta', gestionar, async (c) => {
    const hecho = await reintentarRespuestaPorCorreo(c.var.deps, autor(c, c.var.personal), c.req.param('id'))
    if ('error' in hecho) return rechazar(c, hecho.status, hecho.error)
    return c.json(hecho)
  })
  .post('/:id/respuesta', gestionar, cuerpoJson(respuestaDerechoSchema), async (c) => {
    const hecho = await responderSolicitud(c.var.deps, autor(c, c.var.personal), c.req.param('id'), c.req.valid('json'))
    if ('error' in hecho) return rechazar(c, hecho.status, hecho.error)
    return c.json(hecho)
  })
