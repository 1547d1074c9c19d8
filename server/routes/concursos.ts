// Specialty-medicine contests and the session student's application to each, mounted at
// /api/concursos: the list, one contest, applying, the application with its documents (uploaded
// like the enrolment documents). The reads are in concursos/publicos.ts, applying and the
// application in concursos/postulacion.ts; here the request is read and the reply written. The
// student comes from the session only, so an application is always the session student's own.
import { Hono } from 'hono'
import {
  MENSAJE_CONCURSO_NO_ENCONTRADO,
  MENSAJE_DOCUMENTOS_CERRADOS,
  MENSAJE_POSTULACION_NO_ENCONTRADA,
  motivoFueraDePlazo,
} from '../../src/domain/concursos.ts'
import { MENSAJE_TIPO_DOCUMENTO } from '../../src/domain/documentos.ts'
import type { EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { rechazar } from '../http/respuesta.ts'
import {
  archivoDePostulacionParaDescarga,
  postulacionDeAlumno,
  postular,
  type VistaPostulacion,
} from '../concursos/postulacion.ts'
import {
  codigosDocumentos,
  concursoParaAlumno,
  concursoPorId,
  concursosDeAlumno,
  hoyDe,
  periodo,
  postulacionPropia,
} from '../concursos/publicos.ts'
import { MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import { enviarArchivo } from '../archivos/enviar.ts'
import { guardarArchivoSubido } from '../archivos/guardar.ts'
import { archivoSubidoJson } from '../archivos/json.ts'
import { recibirArchivo } from '../archivos/recibir.ts'
import type { FilaArchivoSubido } from '../archivos/tablas.ts'

function enlaceArchivoPostulacion(concursoId: string, id: string): string {
  return `/api/concursos/${encodeURIComponent(concursoId)}/postulacion/documentos/${id}`
}

function archivoDePostulacionJson(concursoId: string, a: FilaArchivoSubido & { nombre_archivo: string }) {
  return archivoSubidoJson(a, a.nombre_archivo, enlaceArchivoPostulacion(concursoId, a.id))
}

/** The application as its page shows it, each file as the student's replies show an uploaded file. */
function postulacionJson(p: VistaPostulacion) {
  return { ...p, archivos: p.archivos.map((a) => archivoDePostulacionJson(p.concurso.id, a)) }
}

export const rutasConcursos = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => c.json({ status: 'ok' as const, data: await concursosDeAlumno(c.var.deps, c.var.alumno.id) }))
  .get('/:id', async (c) => {
    const concurso = await concursoParaAlumno(c.var.deps, c.var.alumno.id, c.req.param('id'))
    if (!concurso) return rechazar(c, 404, MENSAJE_CONCURSO_NO_ENCONTRADO)
    return c.json({ status: 'ok' as const, data: concurso })
  })
  // Applying: the application is created once per student and contest (applying again answers the
  // same one), and only while the contest takes applications.
  .post('/:id/postulacion', async (c) => {
    const r = await postular(c.var.deps, c.var.alumno.id, c.req.param('id'))
    if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
    return c.json({ status: 'ok' as const, data: postulacionJson(r.postulacion) }, r.creada ? 201 : 200)
  })
  .get('/:id/postulacion', async (c) => {
    const r = await postulacionDeAlumno(c.var.deps, c.var.alumno.id, c.req.param('id'))
    if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
    return c.json({ status: 'ok' as const, data: postulacionJson(r.postulacion) })
  })
  .post('/:id/postulacion/documentos', declarar({ cuerpo: 'formulario-con-archivo' }), async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    // The body's format first, as for every endpoint; then whose application it is, whether the
    // contest still takes documents, and whether it asks for this one.
    const recibido = await recibirArchivo(c, (cod) => cod !== '')
    if (!recibido.ok) return recibido.respuesta
    const concurso = await concursoPorId(deps.db, c.req.param('id'))
    const propia = concurso ? await postulacionPropia(deps.db, alumno.id, concurso.id) : undefined
    if (!concurso || !propia) return rechazar(c, 404, MENSAJE_POSTULACION_NO_ENCONTRADA)
    if (motivoFueraDePlazo(periodo(concurso), hoyDe(deps))) return rechazar(c, 409, MENSAJE_DOCUMENTOS_CERRADOS)
    if (!codigosDocumentos(concurso).includes(recibido.codDocumento)) {
      return rechazar(c, 400, MENSAJE_TIPO_DOCUMENTO, { codTipoDocumento: MENSAJE_TIPO_DOCUMENTO })
    }
    const fila = await guardarArchivoSubido(deps, 'postulacion', { dueno: propia.id, alumnoId: alumno.id }, recibido)
    return c.json({ status: 'ok' as const, data: archivoDePostulacionJson(concurso.id, fila) }, 201)
  })
  .get('/:id/postulacion/documentos/:archivo', async (c) => {
    // Another student's file (or application) is answered exactly like one that does not exist.
    const { id, archivo } = c.req.param()
    const fila = await archivoDePostulacionParaDescarga(c.var.deps.db, c.var.alumno.id, id, archivo)
    if (!fila) return rechazar(c, 404, MENSAJE_NO_ENCONTRADO)
    return enviarArchivo(c, fila, 'un documento de postulación')
  })
