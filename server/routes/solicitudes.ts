// The student's enrolments (getInscrip), each one's general survey (getEncuestacc,
// setEncuestacc), its documents and the decision on its conditions, mounted at /api/solicitudes.
// The student comes from the session only: another student's enrolment code answers 404, as a
// missing one. The work is in server/solicitudes/ (the list, the survey, the documents, the
// conditions); here the request is checked and the reply written.
import { Hono } from 'hono'
import { encuestaSchema, MENSAJE_FALTAN_CAMPOS } from '../../src/domain/encuesta.ts'
import { decisionCondicionesSchema, MENSAJE_SOLICITUD_NO_ENCONTRADA } from '../../src/domain/solicitudes.ts'
import { MENSAJE_TIPO_DOCUMENTO } from '../../src/domain/documentos.ts'
import { esDocumentoDeSolicitud } from '../../src/domain/documentos-solicitud.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { rechazar } from '../http/respuesta.ts'
import { MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import { enviarArchivo } from '../archivos/enviar.ts'
import { guardarArchivoSubido } from '../archivos/guardar.ts'
import { archivoSubidoJson } from '../archivos/json.ts'
import { recibirArchivo } from '../archivos/recibir.ts'
import type { FilaArchivoSubido } from '../archivos/tablas.ts'
import { situacionDeSolicitudes } from '../solicitudes/situacion.ts'
import { cuerpoJson } from '../http/validacion.ts'
import { documentosTributariosDeAlumno } from '../tributario/documentos.ts'
import { decidirCondiciones } from '../solicitudes/condiciones.ts'
import { archivoDeSolicitudParaDescarga, documentosDeSolicitud } from '../solicitudes/documentos.ts'
import { encuestaDeSolicitud, enviarEncuesta } from '../solicitudes/encuesta.ts'
import { enlaceArchivoSolicitud, listaDeSolicitudes } from '../solicitudes/lista.ts'
import { solicitudPropia } from '../solicitudes/propia.ts'

export const rutasSolicitudes = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const deps = c.get('deps')
    const alumno = c.get('alumno')
    const hoy = fechaEnChile(deps.clock())
    const [situacion, documentosTributarios] = await Promise.all([
      situacionDeSolicitudes(deps, alumno, hoy),
      documentosTributariosDeAlumno(deps.db, alumno.id),
    ])
    return c.json(listaDeSolicitudes(situacion, alumno, deps.config, hoy, documentosTributarios))
  })
  .get('/:codigo/encuesta', async (c) => {
    const r = await encuestaDeSolicitud(c.var.deps, c.var.alumno.id, c.req.param('codigo'))
    if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
    return c.json({ status: 'ok' as const, data: r })
  })
  // A survey that misses answers names each one, under the survey's own message.
  .post(
    '/:codigo/encuesta',
    cuerpoJson(encuestaSchema, (c, { status, mensaje, campos }) =>
      rechazar(c, status, Object.keys(campos).length > 0 ? MENSAJE_FALTAN_CAMPOS : mensaje, campos),
    ),
    async (c) => {
      const r = await enviarEncuesta(c.var.deps, c.var.alumno.id, c.req.param('codigo'), c.req.valid('json'))
      if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
      return c.json({ status: 'ok' as const, data: r }, 201)
    },
  )
  .get('/:codigo/documentos', async (c) => {
    const r = await documentosDeSolicitud(c.var.deps.db, c.var.alumno.id, c.req.param('codigo'))
    if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
    return c.json({
      status: 'ok' as const,
      data: {
        requeridos: r.requeridos,
        archivos: r.archivos.map((a) => archivoDeSolicitudJson(r.codigo, a)),
        tamanoMaximoMb: c.var.deps.config.uploadMaxMb,
      },
    })
  })
  .post('/:codigo/documentos', declarar({ cuerpo: 'formulario-con-archivo' }), async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    // The body's format first, as for every endpoint; then whose enrolment it is, and whether it
    // asks for this document.
    const recibido = await recibirArchivo(c, (cod) => cod !== '')
    if (!recibido.ok) return recibido.respuesta
    const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
    if (!solicitud) return rechazar(c, 404, MENSAJE_SOLICITUD_NO_ENCONTRADA)
    if (!esDocumentoDeSolicitud(solicitud.cod_grupo, solicitud.tipo_curso, recibido.codDocumento)) {
      return rechazar(c, 400, MENSAJE_TIPO_DOCUMENTO, { codTipoDocumento: MENSAJE_TIPO_DOCUMENTO })
    }
    const dueno = { dueno: solicitud.codigo_inscripcion, alumnoId: alumno.id }
    const fila = await guardarArchivoSubido(deps, 'solicitud', dueno, recibido)
    return c.json({ status: 'ok' as const, data: archivoDeSolicitudJson(solicitud.codigo_inscripcion, fila) }, 201)
  })
  .get('/:codigo/documentos/:id', async (c) => {
    const { codigo, id } = c.req.param()
    const fila = await archivoDeSolicitudParaDescarga(c.var.deps.db, c.var.alumno.id, codigo, id)
    if (!fila) return rechazar(c, 404, MENSAJE_NO_ENCONTRADO)
    return enviarArchivo(c, fila, 'un documento de solicitud')
  })
  .post('/:codigo/condiciones', cuerpoJson(decisionCondicionesSchema), async (c) => {
    const { decision } = c.req.valid('json')
    const r = await decidirCondiciones(c.var.deps, c.var.alumno, c.req.param('codigo'), decision)
    if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
    return c.json({ status: 'ok' as const, data: r })
  })

function archivoDeSolicitudJson(codigo: string, a: FilaArchivoSubido & { nombre_archivo: string }) {
  return archivoSubidoJson(a, a.nombre_archivo, enlaceArchivoSolicitud(codigo, a.id))
}
