// Accepting an enrolment's regulations, mounted at /api/solicitudes/:codigo/reglamento: the
// version the student read is checked and handed to solicitudes/reglamento.ts, which checks the
// enrolment, issues the signed 'Reglamento Firmado' and tells the assistant; the reply is its
// link (201), or the refusal (422, final: the outbox does not retry it).
import { Hono } from 'hono'
import { aceptacionReglamentoSchema } from '../../src/domain/reglamentos.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { aceptarReglamento } from '../solicitudes/reglamento.ts'
import { cuerpoJson } from '../http/validacion.ts'

export const rutasReglamento = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .post('/:codigo/reglamento', cuerpoJson(aceptacionReglamentoSchema), async (c) => {
    const { version } = c.req.valid('json')
    const r = await aceptarReglamento(c.var.deps, c.var.alumno, c.req.param('codigo'), version, c.var.idPeticion)
    if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
    return c.json({ status: 'ok' as const, data: r }, 201)
  })
