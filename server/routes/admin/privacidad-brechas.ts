// The breach register, mounted at /api/admin/privacidad/brechas (capability privacidad.brechas,
// the administration's): every incident recorded; recording one, which tells the affected
// students in the same act; and when the Agencia was told, if that came later. Every change
// audited; the work is in server/privacidad/brechas.ts.
import { Hono } from 'hono'
import { rechazar } from '../../http/respuesta.ts'
import { agenciaSchema, brechaSchema } from '../../../src/domain/brechas.ts'
import { fechaEnChile } from '../../../src/domain/fechas.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { listarBrechas, registrarAvisoAgencia, registrarBrecha } from '../../privacidad/brechas.ts'
import { cuerpoJson } from '../../http/validacion.ts'

const brechas = requiereCapacidad('privacidad.brechas')

const hoy = (c: { var: Pick<EntornoApp['Variables'], 'deps'> }) => fechaEnChile(c.var.deps.clock())

export const rutasBrechasAdmin = new Hono<EntornoApp>()
  .get('/', brechas, async (c) => c.json({ brechas: await listarBrechas(c.var.deps.db) }))
  .post(
    '/',
    brechas,
    cuerpoJson((c) => brechaSchema(hoy(c))),
    async (c) => {
      const { deps } = c.var
      const r = await registrarBrecha(
        deps,
        { personal: c.var.personal, ip: c.var.ip, ahora: deps.clock() },
        c.req.valid('json'),
      )
      if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error, r.rechazo.campos ?? {})
      return c.json(r, 201)
    },
  )
  .post(
    '/:id/agencia',
    brechas,
    cuerpoJson((c) => agenciaSchema(hoy(c))),
    async (c) => {
      const { deps } = c.var
      const r = await registrarAvisoAgencia(
        deps,
        { personal: c.var.personal, ip: c.var.ip, ahora: deps.clock() },
        c.req.param('id'),
        c.req.valid('json').agenciaInformadaEl,
      )
      if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
      return c.json(r)
    },
  )
