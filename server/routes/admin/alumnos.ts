// Students from the school's side, mounted at /api/admin/alumnos: the search, a student's page
// and their history. Only what the staff member reaches (an assistant: their own students); a
// student out of reach is answered like one that does not exist. Reads only: nothing here is
// audited, since nothing changes.
import { Hono } from 'hono'
import {
  consultaAlumnosSchema,
  consultaPaginaSchema,
  MENSAJE_ALUMNO_NO_ENCONTRADO,
} from '../../../src/domain/busqueda-alumnos.ts'
import { fechaEnChile } from '../../../src/domain/fechas.ts'
import { buscarAlumnos } from '../../alumnos/busqueda.ts'
import { fichaDeAlumno } from '../../alumnos/ficha.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { puedeConAlumno } from '../../personal/alcance.ts'
import { historialDeAlumno } from '../../personal/consultas-auditoria.ts'
import { consultaValida } from '../../http/validacion.ts'
import { rechazar } from '../../http/respuesta.ts'

export const rutasAlumnosAdmin = new Hono<EntornoApp>()
  .get('/', requiereCapacidad('alumnos.ver'), consultaValida(consultaAlumnosSchema), async (c) => {
    return c.json(await buscarAlumnos(c.var.deps.db, c.var.personal, c.req.valid('query')))
  })
  .get('/:id', requiereCapacidad('alumnos.ver'), async (c) => {
    const { db, clock } = c.var.deps
    const id = c.req.param('id')
    const ficha =
      (await puedeConAlumno(db, c.var.personal, 'alumnos.ver', id)) &&
      (await fichaDeAlumno(db, id, fechaEnChile(clock())))
    if (!ficha) return rechazar(c, 404, MENSAJE_ALUMNO_NO_ENCONTRADO)
    return c.json(ficha)
  })
  .get('/:id/historial', requiereCapacidad('alumnos.ver'), consultaValida(consultaPaginaSchema), async (c) => {
    const { db } = c.var.deps
    const id = c.req.param('id')
    if (!(await puedeConAlumno(db, c.var.personal, 'alumnos.ver', id)))
      return rechazar(c, 404, MENSAJE_ALUMNO_NO_ENCONTRADO)
    return c.json(await historialDeAlumno(db, id, c.req.valid('query').pagina))
  })
