// Receiving a student's file for a document: the server checks size, type and the real content
// whether the file comes whole in a multipart form or as a finished resumable upload (tus), and
// keeps the client's file name only as data.
import type { Context } from 'hono'
import * as v from 'valibot'
import {
  BYTES_POR_MB,
  MENSAJE_ARCHIVO_OBLIGATORIO,
  MENSAJE_TIPO_ARCHIVO,
  MENSAJE_TIPO_DOCUMENTO,
  mensajeArchivoMuyGrande,
  tipoVerificado,
  type TipoArchivo,
} from '../../src/domain/documentos.ts'
import { MENSAJE_SUBIDA_NO_ENCONTRADA } from '../../src/domain/subidas.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { leerFormularioConUnArchivo, validarCuerpo } from '../http/validacion.ts'
import { comprobarContenido, leerSubida, subidasDe } from '../subidas/tus.ts'
import { sanearNombreArchivo } from './nombre.ts'

export type ArchivoRecibido = {
  ok: true
  codDocumento: string
  nombre: string
  tipo: TipoArchivo
  bytes: Uint8Array
  /** The resumable upload the file came from, deleted once the document is saved (guardar.ts). */
  subida?: string
}

type Rechazo = { ok: false; respuesta: Response }

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
  rechazo: (error: string, campos: Record<string, string>, status: 400 | 413 | 415) => Rechazo,
): Promise<ArchivoRecibido | Rechazo> {
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
): Promise<ArchivoRecibido | Rechazo> {
  const rechazo = (error: string, campos: Record<string, string>, status: 400 | 413 | 415) => ({
    ok: false as const,
    respuesta: rechazar(c, status, error, campos),
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
