// What was sent to a student, when and by which channel, for the staff's page of that student:
// GET /api/admin/alumnos/:id/avisos. Who may read the student (alumnos.ver, and an assistant only
// their own students) reads this; a student out of reach answers as one that does not exist.
import { Hono } from 'hono'
import { MENSAJE_ALUMNO_NO_ENCONTRADO } from '../../../src/domain/busqueda-alumnos.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { avisosDelAlumno } from '../../notificaciones/historial.ts'
import { puedeConAlumno } from '../../personal/alcance.ts'
import { rechazar } from '../../http/respuesta.ts'

export const rutasAvisosAlumno = new Hono<EntornoApp>().get(
  '/:id/avisos',
  requiereCapacidad('alumnos.ver'),
  async (c) => {
    const { db } = c.var.deps
    const alumnoId = c.req.param('id')
    if (!(await puedeConAlumno(db, c.var.personal, 'alumnos.ver', alumnoId)))
      return rechazar(c, 404, MENSAJE_ALUMNO_NO_ENCONTRADO)
    return c.json({ avisos: await avisosDelAlumno(db, alumnoId) })
  },
)
