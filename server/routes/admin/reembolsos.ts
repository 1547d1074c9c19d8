// Refunds of online payments, mounted at /api/admin/pagos: a payment's refunds (capability
// pagos.ver) and a new refund of it (pagos.reembolsar), whole or partial, with a reason. The new
// refund needs the client's Idempotency-Key (the refund dialog makes one per confirmation): the
// same request sent twice is one refund (server/pagos/reembolsos.ts). A payment of a student out
// of the staff member's reach is answered as one that does not exist (pagoAlAlcance, the same
// lookup as the receipt's; the capability itself is checked by requiereCapacidad).
import { Hono } from 'hono'
import { rechazar } from '../../http/respuesta.ts'
import { despacharDocumentos } from '../../tributario/programador.ts'
import { MENSAJE_PAGO_NO_ENCONTRADO } from '../../../src/domain/pagos.ts'
import { cuerpoReembolsoSchema, MENSAJE_FALTA_CLAVE_REEMBOLSO } from '../../../src/domain/reembolsos.ts'
import type { Dependencias, EntornoApp } from '../../contexto.ts'
import type { Personal } from '../../db/schema.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { CABECERA_CLAVE } from '../../middleware/idempotencia.ts'
import { listarReembolsos, reembolsar, type DependenciasReembolso } from '../../pagos/reembolsos.ts'
import { pagoAlAlcance } from '../../pagos/gestion.ts'
import { cuerpoJson } from '../../http/validacion.ts'

/** The same shape the idempotency middleware accepts. */
const CLAVE_VALIDA = /^[A-Za-z0-9_-]{8,100}$/

function dependencias(deps: Dependencias): DependenciasReembolso {
  return {
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    pasarela: deps.pasarela,
    papel: { blobs: deps.blobs, firma: deps.firma, urlPublica: deps.config.publicUrl },
  }
}

function autor(c: { var: Pick<EntornoApp['Variables'], 'ip' | 'deps'> }, personal: Personal) {
  return { personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

export const rutasReembolsosAdmin = new Hono<EntornoApp>()
  .get('/:id/reembolsos', requiereCapacidad('pagos.ver'), async (c) => {
    const pago = await pagoAlAlcance(c.var.deps.db, c.var.personal, c.req.param('id'))
    if (!pago) return rechazar(c, 404, MENSAJE_PAGO_NO_ENCONTRADO)
    return c.json(await listarReembolsos(dependencias(c.var.deps), autor(c, c.var.personal), pago))
  })
  .post('/:id/reembolsos', requiereCapacidad('pagos.reembolsar'), cuerpoJson(cuerpoReembolsoSchema), async (c) => {
    const clave = c.req.header(CABECERA_CLAVE)
    if (!clave || !CLAVE_VALIDA.test(clave)) return rechazar(c, 400, MENSAJE_FALTA_CLAVE_REEMBOLSO)
    const pago = await pagoAlAlcance(c.var.deps.db, c.var.personal, c.req.param('id'))
    if (!pago) return rechazar(c, 404, MENSAJE_PAGO_NO_ENCONTRADO)
    const resultado = await reembolsar(
      dependencias(c.var.deps),
      autor(c, c.var.personal),
      pago,
      c.req.valid('json'),
      clave,
    )
    if (!resultado.ok) return rechazar(c, resultado.status, resultado.error)
    // Its nota de crédito was queued with it: issued now in the background.
    if (!resultado.repetido) despacharDocumentos(c.var.deps)
    return c.json({ reembolso: resultado.reembolso }, resultado.repetido ? 200 : 201)
  })
