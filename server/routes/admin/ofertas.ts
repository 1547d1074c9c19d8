// Job offers, mounted at /api/admin/ofertas (capability ofertas.gestionar): the list (with the
// home tile's setting), creating, editing and closing an offer, and the tile itself (stored in the
// database; OFERTAS_LABORALES_VISIBLES is only its default). The rules are in
// src/domain/gestion-ofertas.ts; the work and its audit rows in ofertas/gestion.ts.
import { Hono, type Context } from 'hono'
import { rechazar } from '../../http/respuesta.ts'
import { mosaicoOfertasSchema, ofertaSchema } from '../../../src/domain/gestion-ofertas.ts'
import type { EntornoApp } from '../../contexto.ts'
import type { Personal } from '../../db/schema.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import {
  cambiarMosaico,
  cerrarOferta,
  crearOferta,
  editarOferta,
  listarOfertas,
  type Rechazo,
} from '../../ofertas/gestion.ts'
import { cuerpoJson } from '../../http/validacion.ts'

const gestionar = requiereCapacidad('ofertas.gestionar')

function autor(c: { var: Pick<EntornoApp['Variables'], 'ip' | 'deps'> }, personal: Personal) {
  return { personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

function rechazarGestion(c: Pick<Context, 'json'>, { rechazo }: Rechazo) {
  return rechazar(c, rechazo.status, rechazo.error)
}

export const rutasOfertasAdmin = new Hono<EntornoApp>()
  .get('/', gestionar, async (c) => c.json(await listarOfertas(c.var.deps)))
  .post('/', gestionar, cuerpoJson(ofertaSchema), async (c) =>
    c.json(await crearOferta(c.var.deps, autor(c, c.var.personal), c.req.valid('json')), 201),
  )
  // Before '/:id', which would otherwise take 'mosaico' for an offer's id.
  .put('/mosaico', gestionar, cuerpoJson(mosaicoOfertasSchema), async (c) =>
    c.json(await cambiarMosaico(c.var.deps, autor(c, c.var.personal), c.req.valid('json').visible)),
  )
  .put('/:id', gestionar, cuerpoJson(ofertaSchema), async (c) => {
    const r = await editarOferta(c.var.deps, autor(c, c.var.personal), c.req.param('id'), c.req.valid('json'))
    if ('rechazo' in r) return rechazarGestion(c, r)
    return c.json(r)
  })
  .post('/:id/cerrar', gestionar, async (c) => {
    const r = await cerrarOferta(c.var.deps, autor(c, c.var.personal), c.req.param('id'))
    if ('rechazo' in r) return rechazarGestion(c, r)
    return c.json(r)
  })
