// /api/subidas: the tus protocol's endpoints (server/subidas/tus.ts) behind the same session,
// XSRF and security headers as every student endpoint. POST /api/subidas begins an upload;
// HEAD (how many bytes the server has), PATCH (more bytes from there) and DELETE reach one upload,
// and only its own student's: another student's upload, or one that expired, is answered like
// one that does not exist. Every refusal is JSON in Spanish, tus's own included.
import { Hono } from 'hono'
import { MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { declarar } from '../middleware/declaracion.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { esSubidaPropia, olvidarSubidaCancelada } from '../subidas/propias.ts'
import { enEspanol, marcarAlumno, subidasDe } from '../subidas/tus.ts'

const METODOS_DE_UNA_SUBIDA = new Set(['HEAD', 'PATCH', 'DELETE'])

/** The student's request handed to tus, its reply in our words. */
async function atenderConTus(
  c: { req: { raw: Request }; var: Pick<EntornoApp['Variables'], 'deps' | 'idPeticion'> },
  alumnoId: string,
) {
  const { deps, idPeticion } = c.var
  marcarAlumno(c.req.raw, alumnoId)
  const respuesta = await subidasDe(deps).tus.handleWeb(c.req.raw)
  return enEspanol(respuesta, {
    maximoMb: deps.config.uploadMaxMb,
    registrar: (detalle) => deps.log('error de la subida', { id: idPeticion, error: detalle }),
  })
}

export const rutasSubidas = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .post('/', (c) => atenderConTus(c, c.var.alumno.id))
  .all('/:id', declarar({ cuerpo: 'archivo' }), async (c) => {
    if (!METODOS_DE_UNA_SUBIDA.has(c.req.method)) return rechazar(c, 404, MENSAJE_NO_ENCONTRADO)
    const id = c.req.param('id')
    if (!(await esSubidaPropia(c.var.deps, id, c.var.alumno.id))) return rechazar(c, 404, MENSAJE_NO_ENCONTRADO)
    const respuesta = await atenderConTus(c, c.var.alumno.id)
    if (c.req.method === 'DELETE' && [204, 404, 410].includes(respuesta.status))
      await olvidarSubidaCancelada(c.var.deps, id)
    return respuesta
  })
