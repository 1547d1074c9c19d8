// Staff accounts, mounted at /api/admin/personal (capability personal.gestionar, admins only):
// the list, inviting a new member, and each account's role, state, second factor, invitation and
// sign-in lock.
// The rules and the audit rows are in personal/cuentas.ts; here each request is checked and
// answered: 400 with the field's message for a bad body, 404 for an unknown account, 409 when the
// account's state refuses the action (the last active admin, above all).
import { Hono, type Context } from 'hono'
import { cambiarRolSchema, invitarPersonalSchema } from '../../../src/domain/gestion-personal.ts'
import type { EntornoApp } from '../../contexto.ts'
import type { Personal } from '../../db/schema.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import {
  activarCuenta,
  cambiarRol,
  desactivarCuenta,
  desbloquearCuenta,
  invitarPersonal,
  listarCuentas,
  reenviarInvitacion,
  reiniciarSegundoFactor,
  type Rechazo,
} from '../../personal/cuentas.ts'
import { cuerpoJson } from '../../http/validacion.ts'
import { rechazar } from '../../http/respuesta.ts'

const gestionar = requiereCapacidad('personal.gestionar')

/** Who acts, from where and when: what the audit row records. */
function autor(c: { var: Pick<EntornoApp['Variables'], 'ip' | 'deps'> }, personal: Personal) {
  return { personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

function rechazarCuenta(c: Pick<Context, 'json'>, { rechazo }: Rechazo) {
  return rechazar(c, rechazo.status, rechazo.error, rechazo.campos)
}

export const rutasPersonalAdmin = new Hono<EntornoApp>()
  .get('/', gestionar, async (c) => c.json(await listarCuentas(c.var.deps.db, c.var.deps.clock())))
  .post('/', gestionar, cuerpoJson(invitarPersonalSchema), async (c) => {
    const r = await invitarPersonal(c.var.deps, autor(c, c.var.personal), c.req.valid('json'))
    if ('rechazo' in r) return rechazarCuenta(c, r)
    return c.json({ cuenta: r.cuenta, correoEnviado: r.correoEnviado ?? false }, 201)
  })
  .post('/:id/rol', gestionar, cuerpoJson(cambiarRolSchema), async (c) => {
    const r = await cambiarRol(c.var.deps, autor(c, c.var.personal), c.req.param('id'), c.req.valid('json'))
    if ('rechazo' in r) return rechazarCuenta(c, r)
    return c.json({ cuenta: r.cuenta })
  })
  .post('/:id/desactivar', gestionar, async (c) => {
    const r = await desactivarCuenta(c.var.deps, autor(c, c.var.personal), c.req.param('id'))
    if ('rechazo' in r) return rechazarCuenta(c, r)
    return c.json({ cuenta: r.cuenta })
  })
  .post('/:id/activar', gestionar, async (c) => {
    const r = await activarCuenta(c.var.deps, autor(c, c.var.personal), c.req.param('id'))
    if ('rechazo' in r) return rechazarCuenta(c, r)
    return c.json({ cuenta: r.cuenta })
  })
  .post('/:id/segundo-factor/reiniciar', gestionar, async (c) => {
    const r = await reiniciarSegundoFactor(c.var.deps, autor(c, c.var.personal), c.req.param('id'))
    if ('rechazo' in r) return rechazarCuenta(c, r)
    return c.json({ cuenta: r.cuenta, correoEnviado: r.correoEnviado ?? false })
  })
  .post('/:id/invitacion', gestionar, async (c) => {
    const r = await reenviarInvitacion(c.var.deps, autor(c, c.var.personal), c.req.param('id'))
    if ('rechazo' in r) return rechazarCuenta(c, r)
    return c.json({ cuenta: r.cuenta, correoEnviado: r.correoEnviado ?? false })
  })
  .post('/:id/desbloquear', gestionar, async (c) => {
    const r = await desbloquearCuenta(c.var.deps, autor(c, c.var.personal), c.req.param('id'))
    if ('rechazo' in r) return rechazarCuenta(c, r)
    return c.json({ cuenta: r.cuenta })
  })
