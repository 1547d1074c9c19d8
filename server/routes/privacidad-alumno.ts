// The signed-in student's own privacy, mounted at /api/privacidad beside the policy's routes:
// GET /lecturas: who at the school or which integration read their sensitive data, and when;
// GET /consentimientos: each express consent's state; POST /consentimientos/:finalidad/retirar.
import { Hono } from 'hono'
import {
  esFinalidadConsentimiento,
  MENSAJE_FINALIDAD_DESCONOCIDA,
  MENSAJE_SIN_CONSENTIMIENTO,
} from '../../src/domain/consentimiento.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { estadoConsentimientos, retirarConsentimiento } from '../privacidad/consentimientos.ts'
import { lecturasDelAlumno } from '../privacidad/lecturas.ts'
import { rechazar } from '../http/respuesta.ts'

export const rutasPrivacidadAlumno = new Hono<EntornoApp>()
  .get('/lecturas', requiereAlumno, async (c) => {
    const { db, lecturas } = c.var.deps
    // What this server still holds in memory is written first, so a read a moment ago is listed.
    await lecturas.vaciar()
    return c.json({ lecturas: await lecturasDelAlumno(db, c.var.alumno.id) })
  })
  .get('/consentimientos', requiereAlumno, async (c) =>
    c.json({ consentimientos: await estadoConsentimientos(c.var.deps.db, c.var.alumno.id) }),
  )
  .post('/consentimientos/:finalidad/retirar', requiereAlumno, async (c) => {
    const { db, clock } = c.var.deps
    const finalidad = c.req.param('finalidad')
    if (!esFinalidadConsentimiento(finalidad)) return rechazar(c, 404, MENSAJE_FINALIDAD_DESCONOCIDA)
    if (!(await retirarConsentimiento(db, c.var.alumno.id, finalidad, clock())))
      return rechazar(c, 409, MENSAJE_SIN_CONSENTIMIENTO)
    return c.json({ consentimientos: await estadoConsentimientos(db, c.var.alumno.id) })
  })
