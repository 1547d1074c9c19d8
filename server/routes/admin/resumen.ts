// What needs someone today, for the staff's home, mounted at /api/admin/resumen (any staff
// member): each count only for what the member's role may do (null otherwise) and only over the
// students in their reach (server/personal/resumen.ts). The week is Chile's, Monday to Sunday.
import { Hono } from 'hono'
import type { EntornoApp } from '../../contexto.ts'
import { requierePersonal } from '../../middleware/capacidad.ts'
import { resumenDelDia } from '../../personal/resumen.ts'

export const rutasResumenAdmin = new Hono<EntornoApp>().get('/', requierePersonal, async (c) =>
  c.json(await resumenDelDia(c.var.deps, c.var.personal, c.var.deps.clock())),
)
