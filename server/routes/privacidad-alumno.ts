// The signed-in student's own privacy, mounted at /api/privacidad beside the policy's routes:
// GET /lecturas: who at the school or which integration read their sensitive data, and when.
import { Hono } from 'hono'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { lecturasDelAlumno } from '../privacidad/lecturas.ts'

export const rutasPrivacidadAlumno = new Hono<EntornoApp>().get('/lecturas', requiereAlumno, async (c) => {
  const { db, lecturas } = c.var.deps
  // What this server still holds in memory is written first, so a read a moment ago is listed.
  await lecturas.vaciar()
  return c.json({ lecturas: await lecturasDelAlumno(db, c.var.alumno.id) })
})
