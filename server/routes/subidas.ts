// /api/subidas: the tus protocol's endpoints (server/subidas/tus.ts) behind the same session,
// XSRF and security headers as every student endpoint. POST /api/subidas begins an upload;
// HEAD (how many bytes the server has), PATCH (more bytes from there) and DELETE reach one upload,
// and only its own student's: another student's upload, or one that expired, is answered like
// one that does not exist.
import { Hono } from 'hono'
import type { EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { marcarAlumno, subidasDe } from '../subidas/tus.ts'
import { MENSAJE_NO_ENCONTRADO } from './archivos.ts'

const METODOS_DE_UNA_SUBIDA = new Set(['HEAD', 'PATCH', 'DELETE'])

export const rutasSubidas = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .post('/', (c) => {
    marcarAlumno(c.req.raw, c.var.alumno.id)
    return subidasDe(c.var.deps).tus.handleWeb(c.req.raw)
  })
  .all('/:id', declarar({ cuerpo: 'archivo' }), async (c) => {
    if (!METODOS_DE_UNA_SUBIDA.has(c.req.method)) return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
    const { db, clock } = c.var.deps
    const propia = await db
      .selectFrom('subidas')
      .select('id')
      .where('id', '=', c.req.param('id'))
      .where('alumno_id', '=', c.var.alumno.id)
      .where('expira', '>', clock().toISOString())
      .executeTakeFirst()
    if (!propia) return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
    marcarAlumno(c.req.raw, c.var.alumno.id)
    return subidasDe(c.var.deps).tus.handleWeb(c.req.raw)
  })
