// The integration API's keys, mounted at /api/admin/integracion (capability integracion.gestionar,
// admins only): the list, a new key (its value in this reply only) and revoking one. The rules and
// the audit rows are in integracion/claves.ts.
import { Hono } from 'hono'
import { rechazar } from '../../http/respuesta.ts'
import { crearClaveSchema, MENSAJE_CLAVE_YA_ENTREGADA } from '../../../src/domain/integracion.ts'
import type { EntornoApp } from '../../contexto.ts'
import { crearClave, listarClaves, revocarClave } from '../../integracion/claves.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { declarar } from '../../middleware/declaracion.ts'
import { cuerpoJson } from '../../http/validacion.ts'

const gestionar = requiereCapacidad('integracion.gestionar')

export const rutasIntegracionAdmin = new Hono<EntornoApp>()
  .get('/claves', gestionar, async (c) => c.json(await listarClaves(c.var.deps.db)))
  // The new key is in this reply only: a repeat with the same Idempotency-Key creates nothing and
  // gets a refusal that says so, never the key (the idempotency store does not keep this reply).
  .post(
    '/claves',
    gestionar,
    declarar({ respuestaSecreta: MENSAJE_CLAVE_YA_ENTREGADA }),
    cuerpoJson(crearClaveSchema),
    async (c) => {
      const { db, clock } = c.var.deps
      const autor = { personal: c.var.personal, ip: c.var.ip, ahora: clock() }
      return c.json(await crearClave(db, autor, c.req.valid('json')), 201)
    },
  )
  .post('/claves/:id/revocar', gestionar, async (c) => {
    const { db, clock } = c.var.deps
    const autor = { personal: c.var.personal, ip: c.var.ip, ahora: clock() }
    const r = await revocarClave(db, autor, c.req.param('id'))
    if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
    return c.json({ clave: r.clave })
  })
