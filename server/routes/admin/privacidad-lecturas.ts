// Who read it, from the school's side, mounted at /api/admin/privacidad (capability
// privacidad.gestionar): GET /lecturas?alumno=&desde=&hasta=&pagina=, newest first.
import { Hono } from 'hono'
import { consultaLecturasSchema } from '../../../src/domain/lecturas.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { lecturasRegistradas } from '../../privacidad/lecturas.ts'
import { consultaValida } from '../../http/validacion.ts'

export const rutasLecturasAdmin = new Hono<EntornoApp>().get(
  '/lecturas',
  requiereCapacidad('privacidad.gestionar'),
  consultaValida(consultaLecturasSchema),
  async (c) => {
    const { db, lecturas } = c.var.deps
    // What this server still holds in memory is written first.
    await lecturas.vaciar()
    return c.json(await lecturasRegistradas(db, c.req.valid('query')))
  },
)
