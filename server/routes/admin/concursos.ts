// Contests, mounted at /api/admin/concursos (capability concursos.gestionar): the list, creating
// (as a draft), one contest with its applications, editing, opening and closing, and the
// applicants' spreadsheet. The rules are in src/domain/gestion-concursos.ts; the work and its
// audit rows in concursos/gestion.ts. A bad body gets 400 with its field's message and changes
// nothing; an unknown contest 404; a state that refuses the action 409.
import { Hono, type Context } from 'hono'
import { rechazar } from '../../http/respuesta.ts'
import { MENSAJE_CONCURSO_NO_ENCONTRADO } from '../../../src/domain/concursos.ts'
import { concursoSchema } from '../../../src/domain/gestion-concursos.ts'
import {
  cambiarPublicacion,
  crearConcurso,
  detalleConcurso,
  editarConcurso,
  listarConcursos,
  planillaPostulantes,
  type Rechazo,
} from '../../concursos/gestion.ts'
import type { EntornoApp } from '../../contexto.ts'
import type { Personal } from '../../db/schema.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { auditar } from '../../personal/auditoria.ts'
import { contentDisposition } from '../../archivos/nombre.ts'
import { cuerpoJson } from '../../http/validacion.ts'
import { TIPO_XLSX } from '../../planilla.ts'

const gestionar = requiereCapacidad('concursos.gestionar')

function autor(c: { var: Pick<EntornoApp['Variables'], 'ip' | 'deps'> }, personal: Personal) {
  return { personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

function rechazarGestion(c: Pick<Context, 'json'>, { rechazo }: Rechazo) {
  return rechazar(c, rechazo.status, rechazo.error)
}

export const rutasConcursosAdmin = new Hono<EntornoApp>()
  .get('/', gestionar, async (c) => c.json(await listarConcursos(c.var.deps)))
  .post('/', gestionar, cuerpoJson(concursoSchema), async (c) => {
    const r = await crearConcurso(c.var.deps, autor(c, c.var.personal), c.req.valid('json'))
    return c.json(r, 201)
  })
  .get('/:id', gestionar, async (c) => {
    const detalle = await detalleConcurso(c.var.deps, c.req.param('id'))
    if (!detalle) return rechazar(c, 404, MENSAJE_CONCURSO_NO_ENCONTRADO)
    return c.json(detalle)
  })
  .put('/:id', gestionar, cuerpoJson(concursoSchema), async (c) => {
    const r = await editarConcurso(c.var.deps, autor(c, c.var.personal), c.req.param('id'), c.req.valid('json'))
    if ('rechazo' in r) return rechazarGestion(c, r)
    return c.json(r)
  })
  .post('/:id/abrir', gestionar, async (c) => {
    const r = await cambiarPublicacion(c.var.deps, autor(c, c.var.personal), c.req.param('id'), 'abrir')
    if ('rechazo' in r) return rechazarGestion(c, r)
    return c.json(r)
  })
  .post('/:id/cerrar', gestionar, async (c) => {
    const r = await cambiarPublicacion(c.var.deps, autor(c, c.var.personal), c.req.param('id'), 'cerrar')
    if ('rechazo' in r) return rechazarGestion(c, r)
    return c.json(r)
  })
  .get('/:id/planilla', gestionar, async (c) => {
    const { db } = c.var.deps
    const planilla = await planillaPostulantes(c.var.deps, c.req.param('id'))
    if (!planilla) return rechazar(c, 404, MENSAJE_CONCURSO_NO_ENCONTRADO)
    // Recorded before the file leaves: a download the trail cannot record is not sent.
    await auditar(db, autor(c, c.var.personal), {
      accion: 'concurso.exportar',
      entidad: 'concurso',
      entidadId: c.req.param('id'),
      despues: { filas: planilla.filas },
    })
    c.header('Content-Type', TIPO_XLSX)
    c.header('Content-Length', String(planilla.contenido.length))
    c.header('Content-Disposition', contentDisposition(planilla.nombre))
    c.header('Cache-Control', 'private, no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(new Uint8Array(planilla.contenido))
  })
