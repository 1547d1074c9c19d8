// Blocking a student's data from the school's side, mounted at /api/admin/alumnos:
// POST /:id/bloqueo blocks it directly with a reason, DELETE /:id/bloqueo lifts it with a reason
// (capability privacidad.gestionar: administration and the data protection delegate). Both audited
// (server/privacidad/bloqueo.ts). The school's queue blocks through the same function when it
// approves a student's blocking request.
import { Hono } from 'hono'
import {
  bloquearSchema,
  levantarBloqueoSchema,
  MENSAJE_SIN_BLOQUEO,
  MENSAJE_YA_BLOQUEADO,
} from '../../../src/domain/bloqueo-datos.ts'
import { MENSAJE_ALUMNO_NO_ENCONTRADO } from '../../../src/domain/busqueda-alumnos.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { puedeConAlumno } from '../../personal/alcance.ts'
import { bloquear, bloqueoVigente, levantar } from '../../privacidad/bloqueo.ts'
import { rechazar } from '../../http/respuesta.ts'
import { cuerpoJson } from '../../http/validacion.ts'

const gestionar = requiereCapacidad('privacidad.gestionar')

export const rutasBloqueoAdmin = new Hono<EntornoApp>()
  .post('/:id/bloqueo', gestionar, cuerpoJson(bloquearSchema), async (c) => {
    const { db, clock } = c.var.deps
    const alumnoId = c.req.param('id')
    if (!(await puedeConAlumno(db, c.var.personal, 'privacidad.gestionar', alumnoId)))
      return rechazar(c, 404, MENSAJE_ALUMNO_NO_ENCONTRADO)
    const actor = { personal: c.var.personal, ip: c.var.ip, ahora: clock() }
    const hecho = await bloquear(db, { alumnoId, motivo: c.req.valid('json').motivo, solicitudId: null, actor })
    if (!hecho) return rechazar(c, 409, MENSAJE_YA_BLOQUEADO)
    return c.json({ bloqueo: await bloqueoVigente(db, alumnoId) }, 201)
  })
  .delete('/:id/bloqueo', gestionar, cuerpoJson(levantarBloqueoSchema), async (c) => {
    const { db, clock } = c.var.deps
    const alumnoId = c.req.param('id')
    if (!(await puedeConAlumno(db, c.var.personal, 'privacidad.gestionar', alumnoId)))
      return rechazar(c, 404, MENSAJE_ALUMNO_NO_ENCONTRADO)
    const actor = { personal: c.var.personal, ip: c.var.ip, ahora: clock() }
    const hecho = await levantar(db, { alumnoId, actor, motivo: c.req.valid('json').motivo })
    if (!hecho) return rechazar(c, 409, MENSAJE_SIN_BLOQUEO)
    return c.json({ bloqueo: null })
  })
