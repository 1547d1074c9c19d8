// Personal documents (spec 2 'Documentos Personales', spec 7 getListFiles tipo alumno and
// saveFiles with idInscripcion 0 / idGrupo 1; issue 3 item 5), mounted at /api/alumno/documentos.
// The server checks size, type and the real content, stores the bytes in the BlobStore under a
// key it chooses, and keeps the client's file name only as data.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import {
  BYTES_POR_MB,
  CONTENT_TYPE_POR_TIPO,
  ID_GRUPO_PERSONAL,
  ID_INSCRIPCION_PERSONAL,
  MENSAJE_ARCHIVO_OBLIGATORIO,
  MENSAJE_TIPO_ARCHIVO,
  MENSAJE_TIPO_DOCUMENTO,
  SECCION_DOCUMENTOS_PERSONALES,
  detectarTipoArchivo,
  documentosPersonalesRequeridos,
  esTipoDocumentoPersonal,
  extensionDe,
  mensajeArchivoMuyGrande,
  tipoPorExtension,
} from '../../src/domain/documentos.ts'
import { nuevaClaveBlob } from '../blobs.ts'
import type { AppEnv } from '../contexto.ts'
import type { ArchivosPersonalesTable } from '../db/schema.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { leerFormularioConUnArchivo } from './validacion.ts'

export const MENSAJE_NO_ENCONTRADO = 'Recurso no encontrado'

const MAX_NOMBRE = 150

/**
 * The client's file name as harmless data: no directories, control characters or characters that
 * mean something in a header or a file system; at most MAX_NOMBRE characters, extension kept.
 */
export function sanearNombreArchivo(nombre: string): string {
  const base = nombre.split(/[\\/]/).pop() ?? ''
  const limpio = base
    .normalize('NFC')
    // Control characters and what is special in headers or file systems.
    .replace(/[\p{Cc}\p{Cf}"*:<>?|]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  if ([...limpio].length <= MAX_NOMBRE) return limpio
  const extension = extensionDe(limpio)
  const sufijo = extension ? `.${extension}` : ''
  return [...limpio].slice(0, MAX_NOMBRE - sufijo.length).join('') + sufijo
}

/** Both forms: `filename` (ASCII, for old clients) and `filename*` (RFC 5987, UTF-8). */
export function contentDisposition(nombre: string): string {
  const ascii = nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const utf8 = encodeURIComponent(nombre).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`
}

type FilaArchivo = Pick<ArchivosPersonalesTable, 'id' | 'cod_documento' | 'nombre_original' | 'tipo_archivo' | 'tamanno' | 'subido_en'>

function archivoJson(fila: FilaArchivo) {
  return {
    id: fila.id,
    codDocumento: fila.cod_documento,
    nombre: fila.nombre_original,
    enlace: `/api/alumno/documentos/${fila.id}`,
    tipoArchivo: fila.tipo_archivo,
    tamanno: fila.tamanno,
    subidoEn: fila.subido_en,
  }
}

export const documentosRoutes = new Hono<AppEnv>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const { db, config } = c.var.deps
    const alumno = c.var.alumno
    if (!alumno) throw new Error('sin alumno tras requiereAlumno')
    const solicitudes = await db
      .selectFrom('solicitudes')
      .select(['cod_grupo as codGrupo', 'tipo_curso as tipoCurso'])
      .where('alumno_id', '=', alumno.id)
      .execute()
    const requeridos = documentosPersonalesRequeridos(solicitudes).map((d) => ({
      Cod_Documento__c: d.codDocumento,
      Documento__c: d.documento,
      SeccionPortal__c: SECCION_DOCUMENTOS_PERSONALES,
      Info__c: d.info,
      obligatorio: d.obligatorio,
    }))
    const archivos = await db
      .selectFrom('archivos_personales')
      .select(['id', 'cod_documento', 'nombre_original', 'tipo_archivo', 'tamanno', 'subido_en'])
      .where('alumno_id', '=', alumno.id)
      .orderBy('cod_documento')
      .execute()
    return c.json({ status: 'ok', data: { requeridos, archivos: archivos.map(archivoJson), tamanoMaximoMb: config.uploadMaxMb } })
  })
  .post('/', async (c) => {
    const { db, config, blobs, clock, log } = c.var.deps
    const alumno = c.var.alumno
    if (!alumno) throw new Error('sin alumno tras requiereAlumno')
    const formulario = await leerFormularioConUnArchivo(c)
    if (!formulario.ok) return c.json({ error: formulario.mensaje, campos: formulario.campos }, formulario.status)
    const form = formulario.campos
    const codDocumento = form.codTipoDocumento
    if (typeof codDocumento !== 'string' || !esTipoDocumentoPersonal(codDocumento)) {
      return c.json({ error: MENSAJE_TIPO_DOCUMENTO, campos: { codTipoDocumento: MENSAJE_TIPO_DOCUMENTO } }, 400)
    }
    const archivo = form.archivo
    if (!(archivo instanceof File)) return c.json({ error: MENSAJE_ARCHIVO_OBLIGATORIO, campos: { archivo: MENSAJE_ARCHIVO_OBLIGATORIO } }, 400)
    if (archivo.size > config.uploadMaxMb * BYTES_POR_MB) {
      const mensaje = mensajeArchivoMuyGrande(config.uploadMaxMb)
      return c.json({ error: mensaje, campos: { archivo: mensaje } }, 413)
    }
    const bytes = new Uint8Array(await archivo.arrayBuffer())
    const nombre = sanearNombreArchivo(archivo.name)
    // The declared extension must be an accepted one and the bytes must really be that: a PNG
    // named .pdf, or an HTML page named .jpg, is refused.
    const tipo = detectarTipoArchivo(bytes)
    if (!tipo || tipoPorExtension(extensionDe(nombre)) !== tipo) {
      return c.json({ error: MENSAJE_TIPO_ARCHIVO, campos: { archivo: MENSAJE_TIPO_ARCHIVO } }, 415)
    }

    const fila: ArchivosPersonalesTable = {
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
    }
    // The bytes first: a row never points at a missing blob. Then the previous file of this type
    // is replaced in one transaction, and its blob deleted only once that has committed.
    await blobs.put(fila.blob_clave, bytes)
    let anterior: string | undefined
    try {
      anterior = await db.transaction().execute(async (trx) => {
        const previo = await trx
          .selectFrom('archivos_personales')
          .select('blob_clave')
          .where('alumno_id', '=', alumno.id)
          .where('cod_documento', '=', codDocumento)
          .executeTakeFirst()
        if (previo) {
          await trx.deleteFrom('archivos_personales').where('alumno_id', '=', alumno.id).where('cod_documento', '=', codDocumento).execute()
        }
        await trx.insertInto('archivos_personales').values(fila).execute()
        return previo?.blob_clave
      })
    } catch (err) {
      await blobs.delete(fila.blob_clave)
      throw err
    }
    if (anterior) {
      await blobs.delete(anterior).catch((err: unknown) => log(`no se pudo borrar el archivo reemplazado ${anterior}: ${String(err)}`))
    }
    return c.json({ status: 'ok', data: archivoJson(fila) }, 201)
  })
  .get('/:id', async (c) => {
    const { db, blobs, log } = c.var.deps
    const alumno = c.var.alumno
    if (!alumno) throw new Error('sin alumno tras requiereAlumno')
    // Another student's id is answered exactly like an id that does not exist.
    const fila = await db
      .selectFrom('archivos_personales')
      .select(['nombre_original', 'content_type', 'tamanno', 'blob_clave'])
      .where('id', '=', c.req.param('id'))
      .where('alumno_id', '=', alumno.id)
      .executeTakeFirst()
    if (!fila) return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
    const contenido = await blobs.get(fila.blob_clave)
    if (!contenido) {
      log(`falta el archivo ${fila.blob_clave} de un documento personal`)
      return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
    }
    c.header('Content-Type', fila.content_type)
    c.header('Content-Length', String(fila.tamanno))
    c.header('Content-Disposition', contentDisposition(fila.nombre_original))
    c.header('Cache-Control', 'private, no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(contenido)
  })
