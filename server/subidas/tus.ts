// Resumable uploads over the tus protocol (https://tus.io): the client sends a file to
// /api/subidas in pieces, and a dropped connection, a closed tab or a restarted phone resumes from
// the last byte the server has. The bytes wait in the tus store (DATA_DIR/subidas, or the S3
// bucket when S3_* is set, so every server sees every upload), each upload has a row in `subidas`
// (whose it is, which document it is for, until when it lives), and the lock tus takes while a
// request touches an upload is shared by every server (bloqueo.ts).
//
// An upload becomes nothing by itself: once complete, the client posts its id to the document's
// own endpoint (recibirArchivo in archivos/recibir.ts), which makes the document exactly once
// (Idempotency-Key) with the same checks as a file posted whole, and then deletes the upload.
// What can be refused earlier is: at creation, a document type, name, size or destination that
// could never be accepted, and a student with too many uploads under way; after the last byte,
// content that is not what the name says (nothing of it is kept).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import { Server } from '@tus/server'
import { ERRORS, type DataStore, type Upload } from '@tus/utils'
import { clienteS3 } from '../blobs-s3.ts'
import {
  BYTES_POR_MB,
  tipoVerificado,
  esTipoDocumentoPersonal,
  extensionDe,
  MENSAJE_ARCHIVO_OBLIGATORIO,
  MENSAJE_TIPO_ARCHIVO,
  MENSAJE_TIPO_DOCUMENTO,
  mensajeArchivoMuyGrande,
  tipoPorExtension,
} from '../../src/domain/documentos.ts'
import { MENSAJE_ERROR_INTERNO, MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import {
  esDestinoDeSubida,
  MAXIMO_SUBIDAS_EN_CURSO,
  MENSAJE_DEMASIADAS_SUBIDAS,
  MENSAJE_DESTINO_SUBIDA,
  MENSAJE_SUBIDA_NO_ENCONTRADA,
  RUTA_SUBIDAS,
  VIGENCIA_SUBIDA_MS,
} from '../../src/domain/subidas.ts'
import type { Config } from '../config.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import { sanearNombreArchivo } from '../archivos/nombre.ts'
import { textoDeRechazo } from '../http/respuesta.ts'
import { MENSAJE_CUERPO_INVALIDO } from '../http/validacion.ts'
import { bloqueoEnBaseDeDatos } from './bloqueo.ts'

/** A tus store that can also give an upload's bytes back (both the file and the S3 store do). */
export type AlmacenSubidas = DataStore & { read(id: string): Readable | Promise<Readable> }

/** Where uploads wait: the S3 bucket (under `subidas/`) when configured, else DATA_DIR/subidas. */
export function almacenDeSubidas(config: Pick<Config, 's3' | 'dataDir'>): AlmacenSubidas {
  if (config.s3) {
    return new S3Store({
      // 5 MiB is S3's smallest multipart part; a file up to the limit is one or two parts.
      partSize: 5 * 1024 * 1024,
      s3ClientConfig: { bucket: config.s3.bucket, ...clienteS3(config.s3) },
    }) as unknown as AlmacenSubidas
  }
  return new AlmacenEnDisco({
    directory: join(config.dataDir, 'subidas'),
    expirationPeriodInMilliseconds: VIGENCIA_SUBIDA_MS,
  }) as unknown as AlmacenSubidas
}

/**
 * The file store, its folder made as it is built. @tus/file-store makes it asynchronously and
 * throws from the callback when that fails, where nothing can catch it: a server stopped right
 * after it started (its DATA_DIR removed meanwhile) ended the process with ENOENT. Made here, a
 * failure is thrown where the store is built, to whoever built it.
 */
class AlmacenEnDisco extends FileStore {}
Object.defineProperty(AlmacenEnDisco.prototype, 'checkOrCreateDirectory', {
  value(this: FileStore) {
    mkdirSync(this.directory, { recursive: true })
  },
})

/** The student each request to the tus server is for, set by the route from the session alone. */
const alumnoDePeticion = new WeakMap<Request, string>()

export function marcarAlumno(peticion: Request, alumnoId: string): void {
  alumnoDePeticion.set(peticion, alumnoId)
}

/** A refusal as tus answers it: its status and our usual JSON body with the Spanish message. */
function rechazo(status_code: number, error: string, campos: Record<string, string> = {}) {
  return { status_code, body: textoDeRechazo(error, campos) }
}

type Subidas = { tus: Server; almacen: AlmacenSubidas }

const porDependencias = new WeakMap<Dependencias, Subidas>()

/** Deletes an upload's bytes and its row (what is gone already is no error). */
export async function quitarSubida(db: Db, almacen: AlmacenSubidas, id: string): Promise<void> {
  await almacen.remove(id).catch(() => undefined)
  await db.deleteFrom('subidas').where('id', '=', id).execute()
}

/** Up to `maximo` bytes of an upload (the whole file when `maximo` is omitted). */
export async function leerSubida(almacen: AlmacenSubidas, id: string, maximo = Infinity): Promise<Uint8Array> {
  const trozos: Buffer[] = []
  let total = 0
  const flujo = await almacen.read(id)
  for await (const trozo of flujo as AsyncIterable<Buffer>) {
    trozos.push(trozo)
    total += trozo.length
    if (total >= maximo) {
      flujo.destroy()
      break
    }
  }
  const todo = Buffer.concat(trozos)
  return new Uint8Array(todo.buffer, todo.byteOffset, Math.min(todo.length, maximo))
}

/**
 * Whether a finished upload's content is what its name says; if not, it is deleted. Run after the
 * last byte, and again by the document's endpoint when that check never ran (the server died
 * between the last byte and it).
 */
export async function comprobarContenido(
  db: Db,
  almacen: AlmacenSubidas,
  fila: { id: string; nombre: string },
): Promise<boolean> {
  const cabeza = await leerSubida(almacen, fila.id, 64)
  if (!tipoVerificado(cabeza, fila.nombre)) {
    await quitarSubida(db, almacen, fila.id)
    return false
  }
  await db.updateTable('subidas').set({ estado: 'completa' }).where('id', '=', fila.id).execute()
  return true
}

/** The tus server and its store for this app (one per set of dependencies, made on first use). */
export function subidasDe(deps: Dependencias): Subidas {
  const hecho = porDependencias.get(deps)
  if (hecho) return hecho
  const { db, config, clock } = deps
  const maximoBytes = Math.floor(config.uploadMaxMb * BYTES_POR_MB)
  const almacen = almacenDeSubidas(config)

  const tus = new Server({
    path: RUTA_SUBIDAS,
    datastore: almacen,
    // The upload's address as a path: right behind any proxy, whatever host or scheme it serves.
    relativeLocation: true,
    maxSize: maximoBytes,
    locker: bloqueoEnBaseDeDatos(db),
    // A finished upload is the student's until a document is made of it; deleting it is the server's.
    disableTerminationForFinishedUploads: true,

    async onUploadCreate(req: Request, upload: Upload) {
      const alumnoId = alumnoDePeticion.get(req)
      if (!alumnoId) throw rechazo(401, MENSAJE_CUERPO_INVALIDO)
      const meta = upload.metadata ?? {}
      const destino = meta.destino ?? ''
      const codDocumento = meta.codTipoDocumento ?? ''
      const nombre = sanearNombreArchivo(meta.filename ?? '')
      if (!esDestinoDeSubida(destino)) throw rechazo(400, MENSAJE_DESTINO_SUBIDA)
      if (
        codDocumento === '' ||
        codDocumento.length > 50 ||
        (destino === '/api/alumno/documentos' && !esTipoDocumentoPersonal(codDocumento))
      ) {
        throw rechazo(400, MENSAJE_TIPO_DOCUMENTO, { codTipoDocumento: MENSAJE_TIPO_DOCUMENTO })
      }
      // The size is declared at creation (never deferred): the limit is known before any byte.
      if (upload.size === undefined || upload.size === 0) {
        throw rechazo(400, MENSAJE_ARCHIVO_OBLIGATORIO, { archivo: MENSAJE_ARCHIVO_OBLIGATORIO })
      }
      if (upload.size > maximoBytes) {
        const mensaje = mensajeArchivoMuyGrande(config.uploadMaxMb)
        throw rechazo(413, mensaje, { archivo: mensaje })
      }
      if (!tipoPorExtension(extensionDe(nombre))) {
        throw rechazo(415, MENSAJE_TIPO_ARCHIVO, { archivo: MENSAJE_TIPO_ARCHIVO })
      }
      const ahora = clock()
      // A new upload of the same document replaces one left unfinished (the student chose
      // another file): it neither counts against the limit nor waits for its expiry.
      const anteriores = await db
        .selectFrom('subidas')
        .select('id')
        .where('alumno_id', '=', alumnoId)
        .where('destino', '=', destino)
        .where('cod_documento', '=', codDocumento)
        .where('estado', '=', 'en-curso')
        .execute()
      for (const { id } of anteriores) await quitarSubida(db, almacen, id)
      const enCurso = await db
        .selectFrom('subidas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('alumno_id', '=', alumnoId)
        .where('estado', '=', 'en-curso')
        .where('expira', '>', ahora.toISOString())
        .executeTakeFirstOrThrow()
      if (Number(enCurso.n) >= MAXIMO_SUBIDAS_EN_CURSO) throw rechazo(429, MENSAJE_DEMASIADAS_SUBIDAS)
      await db
        .insertInto('subidas')
        .values({
          id: upload.id,
          alumno_id: alumnoId,
          destino,
          cod_documento: codDocumento,
          nombre,
          tamanno: upload.size,
          estado: 'en-curso',
          creada_en: ahora.toISOString(),
          expira: new Date(ahora.getTime() + VIGENCIA_SUBIDA_MS).toISOString(),
        })
        .execute()
      return {}
    },

    async onUploadFinish(_req: Request, upload: Upload) {
      const fila = await db
        .selectFrom('subidas')
        .select(['id', 'nombre'])
        .where('id', '=', upload.id)
        .executeTakeFirst()
      if (!fila) throw rechazo(404, MENSAJE_TIPO_ARCHIVO)
      if (!(await comprobarContenido(db, almacen, fila))) {
        throw rechazo(415, MENSAJE_TIPO_ARCHIVO, { archivo: MENSAJE_TIPO_ARCHIVO })
      }
      return {}
    },
  })
  const subidas = { tus, almacen }
  porDependencias.set(deps, subidas)
  return subidas
}

export const MENSAJE_PROTOCOLO_TUS = 'La subida debe usar el protocolo tus 1.0.0 (cabecera Tus-Resumable: 1.0.0).'
export const MENSAJE_TAMANO_SUBIDA = 'Indique el tamaño del archivo al comenzar la subida (cabecera Upload-Length).'
export const MENSAJE_METADATOS_SUBIDA =
  'Los datos de la subida (Upload-Metadata) no son válidos: cada uno es un nombre y su valor en base64, separados por comas.'
export const MENSAJE_OFFSET_FALTANTE = 'Indique desde qué byte continúa la subida (cabecera Upload-Offset).'
export const MENSAJE_TIPO_CONTENIDO_SUBIDA =
  'Los bytes de la subida deben enviarse con Content-Type: application/offset+octet-stream.'
export const MENSAJE_OFFSET_DISTINTO =
  'El servidor tiene otra cantidad de bytes de este archivo: consulte cuántos tiene (HEAD) y continúe desde ahí.'
export const MENSAJE_SUBIDA_RETOMADA =
  'La subida se retomó desde otra conexión: continúe desde el último byte recibido.'
export const MENSAJE_SUBIDA_TERMINADA = 'El archivo ya terminó de subirse: esta subida no se puede cancelar.'
export const MENSAJE_SUBIDA_OCUPADA = 'Otra conexión está enviando este archivo. Intente nuevamente en unos segundos.'
export const MENSAJE_SUBIDA_NO_ADMITIDA =
  'Esta forma de subir archivos no está disponible: envíe el archivo entero en una sola subida, declarando su tamaño.'
export const MENSAJE_SUBIDA_INVALIDA = 'La solicitud de subida no es válida.'

/** tus's refusal of a header it finds malformed ("Invalid <header> …"), by the first such header. */
const POR_CABECERA: Record<string, string> = {
  'tus-resumable': MENSAJE_PROTOCOLO_TUS,
  'upload-length': MENSAJE_TAMANO_SUBIDA,
  'upload-defer-length': MENSAJE_TAMANO_SUBIDA,
  'upload-metadata': MENSAJE_METADATOS_SUBIDA,
  'upload-offset': MENSAJE_OFFSET_FALTANTE,
  'content-type': MENSAJE_TIPO_CONTENIDO_SUBIDA,
}

/**
 * The Spanish message, and the field it concerns if any, of each refusal @tus/server writes itself
 * (in English plain text), found by that text.
 */
function rechazoDeTus(ingles: string, maximoMb: number): { error: string; campo?: string } | null {
  const muyGrande = { error: mensajeArchivoMuyGrande(maximoMb), campo: 'archivo' }
  const conocidos: [{ body: string }, { error: string; campo?: string }][] = [
    [{ body: 'Tus-Resumable Required' }, { error: MENSAJE_PROTOCOLO_TUS }],
    [{ body: 'Not found' }, { error: MENSAJE_NO_ENCONTRADO }],
    [ERRORS.MISSING_OFFSET, { error: MENSAJE_OFFSET_FALTANTE }],
    [ERRORS.INVALID_CONTENT_TYPE, { error: MENSAJE_TIPO_CONTENIDO_SUBIDA }],
    [ERRORS.INVALID_OFFSET, { error: MENSAJE_OFFSET_DISTINTO }],
    [ERRORS.ABORTED, { error: MENSAJE_SUBIDA_RETOMADA }],
    [ERRORS.INVALID_TERMINATION, { error: MENSAJE_SUBIDA_TERMINADA }],
    [ERRORS.FILE_NOT_FOUND, { error: MENSAJE_NO_ENCONTRADO }],
    [ERRORS.FILE_NO_LONGER_EXISTS, { error: MENSAJE_SUBIDA_NO_ENCONTRADA }],
    [ERRORS.ERR_SIZE_EXCEEDED, muyGrande],
    [ERRORS.ERR_MAX_SIZE_EXCEEDED, muyGrande],
    [ERRORS.INVALID_LENGTH, { error: MENSAJE_TAMANO_SUBIDA }],
    [ERRORS.INVALID_METADATA, { error: MENSAJE_METADATOS_SUBIDA }],
    [ERRORS.ERR_LOCK_TIMEOUT, { error: MENSAJE_SUBIDA_OCUPADA }],
    [ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION, { error: MENSAJE_SUBIDA_NO_ADMITIDA }],
    [ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION, { error: MENSAJE_SUBIDA_NO_ADMITIDA }],
    [ERRORS.UNSUPPORTED_EXPIRATION_EXTENSION, { error: MENSAJE_SUBIDA_NO_ADMITIDA }],
  ]
  const conocido = conocidos.find(([{ body }]) => body.trim() === ingles)
  if (conocido) return conocido[1]
  const cabeceras = /^Invalid ([A-Za-z0-9-]+(?: [A-Za-z0-9-]+)*)$/.exec(ingles)?.[1]?.toLowerCase().split(' ')
  if (cabeceras) return { error: cabeceras.map((c) => POR_CABECERA[c]).find(Boolean) ?? MENSAJE_SUBIDA_INVALIDA }
  return null
}

/**
 * tus's reply as every other endpoint answers: a refusal is JSON `{ error, campos? }` in Spanish.
 * @tus/server writes its own refusals (a missing or bad header, an offset that does not match, a
 * lock it could not take…) as English plain text, and ours (from the hooks above) as JSON with a
 * text content type; both leave here as JSON. A 5xx's English detail goes to the log
 * (`registrar`), never to the client.
 */
export async function enEspanol(
  respuesta: Response,
  { maximoMb, registrar }: { maximoMb: number; registrar: (detalle: string) => void },
): Promise<Response> {
  if (respuesta.status < 400) return respuesta
  const texto = await respuesta.text()
  let cuerpo: { error: string; campos?: Record<string, string> } | undefined
  try {
    const leido = JSON.parse(texto) as { error?: unknown } | null
    if (typeof leido?.error === 'string') cuerpo = leido as { error: string }
  } catch {
    // tus's own plain text.
  }
  if (!cuerpo) {
    const ingles = texto.trim()
    if (respuesta.status >= 500) registrar(ingles)
    const rechazo = rechazoDeTus(ingles, maximoMb)
    cuerpo = rechazo
      ? { error: rechazo.error, ...(rechazo.campo ? { campos: { [rechazo.campo]: rechazo.error } } : {}) }
      : { error: respuesta.status >= 500 ? MENSAJE_ERROR_INTERNO : MENSAJE_SUBIDA_INVALIDA }
  }
  const cabeceras = new Headers(respuesta.headers)
  cabeceras.delete('content-length')
  cabeceras.set('content-type', 'application/json')
  return new Response(JSON.stringify(cuerpo), { status: respuesta.status, headers: cabeceras })
}

/** Deletes uploads past their expiry, bytes and rows (db/purga.ts). */
export async function purgarSubidas(db: Db, almacen: AlmacenSubidas, ahora: Date): Promise<void> {
  const vencidas = await db.selectFrom('subidas').select('id').where('expira', '<=', ahora.toISOString()).execute()
  for (const { id } of vencidas) await quitarSubida(db, almacen, id)
}
