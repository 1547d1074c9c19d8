// Personal documents (getListFiles tipo alumno and saveFiles with idInscripcion 0 / idGrupo 1),
// mounted at /api/alumno/documentos. Files are received and sent as archivos.ts does for every
// kind of document.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import {
  CONTENT_TYPE_POR_TIPO,
  ID_GRUPO_PERSONAL,
  ID_INSCRIPCION_PERSONAL,
  SECCION_DOCUMENTOS_PERSONALES,
  esTipoDocumentoPersonal,
} from '../../src/domain/documentos.ts'
import { documentosPersonalesDeAlumno } from '../alumnos/documentos-personales.ts'
import { nuevaClaveBlob } from '../blobs.ts'
import type { EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import type { Insertable } from 'kysely'
import type { ArchivosPersonalesTable } from '../db/schema.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import {
  archivoSubidoJson,
  type FilaArchivoSubido,
  consumirSubida,
  enviarArchivo,
  guardarReemplazando,
  MENSAJE_NO_ENCONTRADO,
  recibirArchivo,
} from './archivos.ts'

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
    const { clock } = c.var.deps
    const alumno = c.var.alumno
    const recibido = await recibirArchivo(c, esTipoDocumentoPersonal)
    if (!recibido.ok) return recibido.respuesta
    const { codDocumento, nombre, tipo, bytes } = recibido

    const fila: Insertable<ArchivosPersonalesTable> & FilaArchivoSubido & { nombre_original: string } = {
      id: randomUUID(),
      alumno_id: alumno.id,
      cod_documento: codDocumento,
      nombre_original: nombre,
      tipo_archivo: tipo,
      content_type: CONTENT_TYPE_POR_TIPO[tipo],
      tamanno: bytes.length,
      blob_clave: nuevaClaveBlob(),
      subido_en: clock().toISOString(),
      id_inscripcion: ID_INSCRIPCION_PERSONAL,
      id_grupo: ID_GRUPO_PERSONAL,
      // A new file, a replacement too, waits for the school's review.
      estado_revision: 'en-revision',
      motivo_rechazo: null,
    }
    await guardarReemplazando(c.var.deps, 'archivos_personales', 'alumno_id', fila, bytes)
    await consumirSubida(c.var.deps, recibido)
    return c.json({ status: 'ok', data: archivoJson(fila) }, 201)
  })
  .get('/:id', async (c) => {
    const { db } = c.var.deps
    const alumno = c.var.alumno
    // Another student's id is answered exactly like an id that does not exist.
    const fila = await db
      .selectFrom('archivos_personales')
      .select(['nombre_original', 'content_type', 'tamanno', 'blob_clave'])
      .where('id', '=', c.req.param('id'))
      .where('alumno_id', '=', alumno.id)
      .executeTakeFirst()
    if (!fila) return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
    return enviarArchivo(c, fila, 'un documento personal')
  })
