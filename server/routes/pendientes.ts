// 'Pendientes': what the session student has to do next, mounted at /api/alumno/pendientes (the
// reading and the rules' inputs are in solicitudes/situacion.ts).
import { Hono } from 'hono'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { pendientesDeAlumno } from '../solicitudes/situacion.ts'

export const rutasPendientes = new Hono<EntornoApp>().get('/', requiereAlumno, async (c) => {
  return c.json({ status: 'ok' as const, data: await pendientesDeAlumno(c.var.deps, c.var.alumno) })
})
