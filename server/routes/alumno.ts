// getAlumno: the session's student, in the same shape as the login reply.
import { Hono } from 'hono'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { respuestaAlumno } from '../alumnos/respuesta-alumno.ts'

export const rutasAlumno = new Hono<EntornoApp>().get('/', requiereAlumno, async (c) => {
  const { db, config } = c.get('deps')
  const alumno = c.get('alumno')
  return c.json(await respuestaAlumno(db, alumno, config.serviceAccountEmail))
})
