// Personal documents (getListFiles tipo alumno and saveFiles with idInscripcion 0 / idGrupo 1),
// mounted at /api/alumno/documentos. Files are received, stored and sent by server/archivos/, as
// for every kind of document.
import { Hono } from 'hono'
import { SECCION_DOCUMENTOS_PERSONALES, esTipoDocumentoPersonal } from '../../src/domain/documentos.ts'
import { MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import { documentoPersonalDeAlumno, documentosPersonalesDeAlumno } from '../alumnos/documentos-personales.ts'
import { enviarArchivo } from '../archivos/enviar.ts'
import { guardarArchivoSubido } from '../archivos/guardar.ts'
import { archivoSubidoJson } from '../archivos/json.ts'
import { recibirArchivo } from '../archivos/recibir.ts'
import type { FilaArchivoSubido } from '../archivos/tablas.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { declarar } from '../middleware/declaracion.ts'
import { requiereAlumno } from '../middleware/sesion.ts'

/** An uploaded personal document as the student's replies show it. */
function archivoJson(fila: FilaArchivoSubido & { nombre_original: string }) {
  return archivoSubidoJson(fila, fila.nombre_original, `/api/alumno/documentos/${fila.id}`)
}

export const rutasDocumentos = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const { db, config } = c.var.deps
    const alumno = c.var.alumno
    const personales = await documentosPersonalesDeAlumno(db, alumno.id)
    const requeridos = personales.requeridos.map((d) => ({
      Cod_Documento__c: d.codDocumento,
      Documento__c: d.documento,
      SeccionPortal__c: SECCION_DOCUMENTOS_PERSONALES,
      Info__c: d.info,
      obligatorio: d.obligatorio,
    }))
    return c.json({
      status: 'ok',
      data: { requeridos, archivos: personales.archivos.map(archivoJson), tamanoMaximoMb: config.uploadMaxMb },
    })
  })
  .post('/', declarar({ cuerpo: 'formulario-con-archivo' }), async (c) => {
    const alumno = c.var.alumno
    const recibido = await recibirArchivo(c, esTipoDocumentoPersonal)
    if (!recibido.ok) return recibido.respuesta
    const fila = await guardarArchivoSubido(c.var.deps, 'personal', { dueno: alumno.id, alumnoId: alumno.id }, recibido)
    return c.json({ status: 'ok', data: archivoJson(fila) }, 201)
  })
  .get('/:id', async (c) => {
    // Another student's id is answered exactly like an id that does not exist.
    const fila = await documentoPersonalDeAlumno(c.var.deps.db, c.var.alumno.id, c.req.param('id'))
    if (!fila) return rechazar(c, 404, MENSAJE_NO_ENCONTRADO)
    return enviarArchivo(c, fila, 'un documento personal')
  })
