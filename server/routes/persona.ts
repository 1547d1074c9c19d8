// The student's person, mounted at /api/alumno/persona (the checks and the saving are in
// alumnos/persona.ts). The student comes from the session only: the body cannot name one, and
// its e-mail and RUT are read from the record, never from the body.
import { Hono } from 'hono'
import { crearPersonaSchema } from '../../src/domain/persona.ts'
import { actualizarPersona, respuestaPersona } from '../alumnos/persona.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { CABECERA_CLAVE } from '../middleware/idempotencia.ts'
import { respuestaLimite } from '../middleware/limites.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { cuerpoJson } from '../http/validacion.ts'

export const rutasPersona = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', (c) => {
    return c.json({ status: 'ok', data: respuestaPersona(c.var.alumno) })
  })
  // Built per request: the minimum age is measured on today's date, not the day the server started.
  .put(
    '/',
    cuerpoJson((c) => crearPersonaSchema(c.var.deps.clock())),
    async (c) => {
      const clave = c.req.header(CABECERA_CLAVE) ?? null
      const cambio = await actualizarPersona(c.var.deps, c.var.alumno, c.req.valid('json'), clave)
      if (cambio.tipo === 'limite') return respuestaLimite(c, cambio.limite)
      if (cambio.tipo === 'invalida') return rechazar(c, 400, cambio.error, cambio.campos)
      return c.json({ status: 'ok', data: respuestaPersona(cambio.alumno) })
    },
  )
