// Receiving and sending the files students upload, for every kind of document: the server checks
// size, type and the real content, stores the bytes in the BlobStore under a key it chooses, and
// keeps the client's file name only as data.
import type { Context } from 'hono'
import {
  BYTES_POR_MB,
  tipoVerificado,
  extensionDe,
  MENSAJE_ARCHIVO_OBLIGATORIO,
  MENSAJE_TIPO_ARCHIVO,
  MENSAJE_TIPO_DOCUMENTO,
  mensajeArchivoMuyGrande,
  type TipoArchivo,
} from '../../src/domain/documentos.ts'
import type { Insertable, Kysely } from 'kysely'
import type { Dependencias, EntornoApp } from '../contexto.ts'
import type { Database } from '../db/schema.ts'
import { revisionJson } from '../documentos/revision.ts'
import * as v from 'valibot'
import { MENSAJE_SUBIDA_NO_ENCONTRADA } from '../../src/domain/subidas.ts'
import { comprobarContenido, leerSubida, quitarSubida, subidasDe } from '../subidas/tus.ts'
import { leerFormularioConUnArchivo, validarCuerpo } from './validacion.ts'

export const MENSAJE_NO_ENCONTRADO = 'Recurso no encontrado'

/** What every table of uploaded files holds of one file (personal, enrolment and contest documents). */
export type FilaArchivoSubido = {
  id: string
  cod_documento: string
  tipo_archivo: string
  tamanno: number
  subido_en: string
  estado_revision: string
  motivo_rechazo: string | null
}

/**
 * An uploaded file as the student's replies show it, whatever document it is for: `nombre` is the
 * client's file name (kept as data), `enlace` the path where its owner downloads it.
 */
export function archivoSubidoJson(fila: FilaArchivoSubido, nombre: string, enlace: string) {
  return {
    id: fila.id,
    codDocumento: fila.cod_documento,
    nombre,
    enlace,
    tipoArchivo: fila.tipo_archivo,
    tamanno: fila.tamanno,
    subidoEn: fila.subido_en,
    ...revisionJson(fila),
  }
}

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

/**
 * Both forms: `filename` (ASCII, for old clients) and `filename*` (RFC 5987, UTF-8); a download
 * by default, or shown in the browser.
 */
export function contentDisposition(nombre: string, disposicion: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const utf8 = encodeURIComponent(nombre).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${disposicion}; filename="${ascii}"; filename*=UTF-8''${utf8}`
}

export type ArchivoRecibido = {
  ok: true
  codDocumento: string
  nombre: string
  tipo: TipoArchivo
  bytes: Uint8Array
  /** The resumable upload the file came from, deleted once the document is saved (consumirSubida). */
  subida?: string
}

/** The body that names a finished resumable upload (src/lib/enviar-outbox.ts sends it). */
const CuerpoSubida = v.object({
  codTipoDocumento: v.string(),
  subida: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)),
})

/**
 * The file of a finished resumable upload (/api/subidas) named by a JSON body: the upload must be
 * the session's student's, for this very endpoint and document type, and not expired; its content
 * is checked again as a multipart file's is.
 */
async function recibirSubida<E extends EntornoApp>(
  c: Context<E>,
  esTipoValido: (codDocumento: string) => boolean,
  rechazo: (
    error: string,
    campos: Record<string, string>,
    status: 400 | 413 | 415,
  ) => {
    ok: false
    respuesta: Response
  },
): Promise<ArchivoRecibido | { ok: false; respuesta: Response }> {
  const deps = c.var.deps
  const cuerpo = await validarCuerpo(c as unknown as Context<EntornoApp>, CuerpoSubida)
  if (!cuerpo.ok) return rechazo(cuerpo.mensaje, cuerpo.campos, cuerpo.status)
  const { codTipoDocumento: codDocumento, subida } = cuerpo.datos
  if (!esTipoValido(codDocumento)) {
    return rechazo(MENSAJE_TIPO_DOCUMENTO, { codTipoDocumento: MENSAJE_TIPO_DOCUMENTO }, 400)
  }
  const noEncontrada = () => rechazo(MENSAJE_SUBIDA_NO_ENCONTRADA, { archivo: MENSAJE_SUBIDA_NO_ENCONTRADA }, 400)
  const fila = await deps.db
    .selectFrom('subidas')
    .select(['id', 'nombre', 'tamanno', 'estado'])
    .where('id', '=', subida)
    .where('alumno_id', '=', c.var.alumno?.id ?? '')
    .where('destino', '=', c.req.path)
    .where('cod_documento', '=', codDocumento)
    .where('expira', '>', deps.clock().toISOString())
    .executeTakeFirst()
  if (!fila) return noEncontrada()
  const { almacen } = subidasDe(deps)
  if (fila.estado !== 'completa') {
    // All its bytes may have arrived on a server that died before checking them.
    const guardada = await almacen.getUpload(fila.id).catch(() => null)
    if (!guardada || guardada.offset !== fila.tamanno) return noEncontrada()
    if (!(await comprobarContenido(deps.db, almacen, fila)))
      return rechazo(MENSAJE_TIPO_ARCHIVO, { archivo: MENSAJE_TIPO_ARCHIVO }, 415)
  }
  const bytes = await leerSubida(almacen, fila.id)
  const { uploadMaxMb } = deps.config
  if (bytes.length !== fila.tamanno) return noEncontrada()
  if (bytes.length > uploadMaxMb * BYTES_POR_MB) {
    const mensaje = mensajeArchivoMuyGrande(uploadMaxMb)
    return rechazo(mensaje, { archivo: mensaje }, 413)
  }
  const tipo = tipoVerificado(bytes, fila.nombre)
  if (!tipo) return rechazo(MENSAJE_TIPO_ARCHIVO, { archivo: MENSAJE_TIPO_ARCHIVO }, 415)
  return { ok: true, codDocumento, nombre: fila.nombre, tipo, bytes, subida: fila.id }
}

/** Once its document is saved, the upload it came from is deleted: it is made a document once. */
export async function consumirSubida(deps: Dependencias, recibido: ArchivoRecibido): Promise<void> {
  if (recibido.subida) await quitarSubida(deps.db, subidasDe(deps).almacen, recibido.subida)
}

/**
 * The file and the document type it is for (`codTipoDocumento`), or the refusal to answer with:
 * a type `esTipoValido` does not accept, no file, too big, or bytes that are not what the name
 * says (a PNG named .pdf, an HTML page named .jpg). The file comes either whole in a multipart
 * form (as clients before resumable uploads sent it) or as a finished resumable upload named in a
 * JSON body `{ codTipoDocumento, subida }` (what the app sends now).
 */
export async function recibirArchivo<E extends EntornoApp>(
  c: Context<E>,
  esTipoValido: (codDocumento: string) => boolean,
): Promise<ArchivoRecibido | { ok: false; respuesta: Response }> {
  const rechazo = (error: string, campos: Record<string, string>, status: 400 | 413 | 415) => ({
    ok: false as const,
    respuesta: c.json({ error, campos }, status),
  })
  const medio = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (medio === 'application/json') return recibirSubida(c, esTipoValido, rechazo)
  const formulario = await leerFormularioConUnArchivo(c)
  if (!formulario.ok) return rechazo(formulario.mensaje, formulario.campos, formulario.status)
  const codDocumento = formulario.campos.codTipoDocumento
  if (typeof codDocumento !== 'string' || !esTipoValido(codDocumento)) {
    return rechazo(MENSAJE_TIPO_DOCUMENTO, { codTipoDocumento: MENSAJE_TIPO_DOCUMENTO }, 400)
  }
  const archivo = formulario.campos.archivo
  if (!(archivo instanceof File))
    return rechazo(MENSAJE_ARCHIVO_OBLIGATORIO, { archivo: MENSAJE_ARCHIVO_OBLIGATORIO }, 400)
  const { uploadMaxMb } = c.var.deps.config
  if (archivo.size > uploadMaxMb * BYTES_POR_MB) {
    const mensaje = mensajeArchivoMuyGrande(uploadMaxMb)
    return rechazo(mensaje, { archivo: mensaje }, 413)
  }
  const bytes = new Uint8Array(await archivo.arrayBuffer())
  const nombre = sanearNombreArchivo(archivo.name)
  const tipo = tipoVerificado(bytes, nombre)
  if (!tipo) return rechazo(MENSAJE_TIPO_ARCHIVO, { archivo: MENSAJE_TIPO_ARCHIVO }, 415)
  return { ok: true, codDocumento, nombre, tipo, bytes }
}

/**
 * What a file shown in the browser may do: nothing but be itself. It loads nothing, runs no
 * script, sends no form, and only the portal's own pages may frame it (the review screen shows it
 * beside the checklist). Only PDF, JPEG and PNG are ever stored, checked by their bytes.
 */
export const POLITICA_ARCHIVO_EN_LINEA =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

/**
 * A stored file that is never cached nor sniffed: a download, or (`enLinea`) shown in the
 * browser under POLITICA_ARCHIVO_EN_LINEA; 404 if its bytes are missing.
 */
export async function enviarArchivo<E extends EntornoApp>(
  c: Context<E>,
  fila: { nombre_original: string; content_type: string; tamanno: number; blob_clave: string },
  descripcion: string,
  { enLinea = false }: { enLinea?: boolean } = {},
): Promise<Response> {
  const contenido = await c.var.deps.blobs.get(fila.blob_clave)
  if (!contenido) {
    c.var.deps.log(`falta el archivo ${fila.blob_clave} de ${descripcion}`)
    return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
  }
  c.header('Content-Type', fila.content_type)
  c.header('Content-Length', String(fila.tamanno))
  c.header('Content-Disposition', contentDisposition(fila.nombre_original, enLinea ? 'inline' : 'attachment'))
  c.header('Cache-Control', 'private, no-store')
  c.header('X-Content-Type-Options', 'nosniff')
  if (enLinea) {
    c.header('Content-Security-Policy', POLITICA_ARCHIVO_EN_LINEA)
    c.header('X-Frame-Options', 'SAMEORIGIN')
  }
  return c.body(contenido)
}

/** The tables of uploaded files: one file per owner (student, enrolment or application) and document. */
type TablaArchivos = 'archivos_personales' | 'archivos_solicitud' | 'archivos_postulacion'

/** What every one of those tables has; the owner column differs. */
type FilaArchivo = { cod_documento: string; blob_clave: string }

/**
 * Stores an uploaded file in place of the previous one of the same document and owner (the row's
 * `columnaDueno`). The bytes go first, so a row never points at a missing blob; then the rows are
 * swapped in one transaction, and the replaced file's blob is deleted only once that has committed.
 */
export async function guardarReemplazando<T extends TablaArchivos>(
  { db, blobs, log }: Dependencias,
  tabla: T,
  columnaDueno: keyof Insertable<Database[T]> & string,
  fila: Insertable<Database[T]> & FilaArchivo,
  bytes: Uint8Array,
): Promise<void> {
  // Kysely cannot type one query over a choice of tables: the query sees the three through the
  // columns they share, as one of them.
  const tablas = db as unknown as Kysely<Record<TablaArchivos, FilaArchivo & Record<string, string | number>>>
  const nombre = tabla as TablaArchivos as 'archivos_personales'
  const dueno = String((fila as Record<string, unknown>)[columnaDueno])
  const delDocumento = { [columnaDueno]: dueno, cod_documento: fila.cod_documento }
  await blobs.put(fila.blob_clave, bytes)
  let anterior: string | undefined
  try {
    anterior = await tablas.transaction().execute(async (trx) => {
      const previo = await trx
        .selectFrom(nombre)
        .select('blob_clave')
        .where((eb) => eb.and(delDocumento))
        .executeTakeFirst()
      await trx
        .deleteFrom(nombre)
        .where((eb) => eb.and(delDocumento))
        .execute()
      await trx
        .insertInto(nombre)
        .values(fila as FilaArchivo)
        .execute()
      return previo?.blob_clave
    })
  } catch (err) {
    await blobs.delete(fila.blob_clave)
    throw err
  }
  const borrar = anterior
  if (borrar) {
    await blobs
      .delete(borrar)
      .catch((err: unknown) => log(`no se pudo borrar el archivo reemplazado ${borrar}: ${String(err)}`))
  }
}
