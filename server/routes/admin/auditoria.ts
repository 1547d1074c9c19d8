// The whole audit log, mounted at /api/admin/auditoria (admins only): every staff action, filtered
// by staff member, action and Chile's calendar days, newest first.
import { Hono } from 'hono'
import { consultaAuditoriaSchema } from '../../../src/domain/auditoria.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { buscarEnAuditoria } from '../../personal/consultas-auditoria.ts'
import { consultaValida } from '../../http/validacion.ts'

export const rutasAuditoriaAdmin = new Hono<EntornoApp>().get(
  '/',
  requiereCapacidad('auditoria.ver'),
  consultaValida(consultaAuditoriaSchema),
  async (c) => c.json(await buscarEnAuditoria(c.var.deps.db, c.req.valid('query'))),
)
