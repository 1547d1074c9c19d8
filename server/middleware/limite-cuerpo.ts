// Request bodies are bounded before anything reads them (the idempotency middleware and the
// handlers buffer them), by the body the endpoint declares (middleware/declaracion.ts): JSON
// (the default) at most LIMITE_JSON_BYTES; a form with a document ('formulario-con-archivo': the
// personal, enrolment and contest application documents) UPLOAD_MAX_MB plus room for the
// multipart framing; the file alone as the body ('archivo': the validator's file check, each
// piece of a resumable upload) UPLOAD_MAX_MB; the school's import ('importacion') its own size.
// A declared Content-Length over the limit is refused without reading; a body without one is
// counted as it arrives.
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { BYTES_POR_MB, mensajeArchivoMuyGrande } from '../../src/domain/documentos.ts'
import { MAX_MB_IMPORTACION, mensajeArchivoImportacionGrande } from '../../src/domain/importacion.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { declaracionDe } from './declaracion.ts'

export const LIMITE_JSON_BYTES = 100 * 1024

/** Multipart boundaries, part headers and the form's other fields. */
const MARGEN_MULTIPART_BYTES = 64 * 1024

export const MENSAJE_CUERPO_MUY_GRANDE = 'Los datos enviados superan el tamaño permitido.'

// The refused body is left unread (or half read) on the connection, so it cannot carry another
// request: `Connection: close` tells the client so, instead of it sending its next request on a
// socket the server is about to drop.
function rechazo(c: Context<EntornoApp>, error: string) {
  c.header('Connection', 'close')
  return rechazar(c, 413, error)
}

/**
 * A GET or HEAD has no body to bound (the Node adapter gives it none), and asking for one would
 * make the adapter build the full web Request, with its AbortSignal, for every read.
 */
export const SIN_CUERPO = new Set(['GET', 'HEAD'])

export const limiteDeCuerpo = createMiddleware<EntornoApp>(async (c, next) => {
  if (SIN_CUERPO.has(c.req.method)) return next()
  const { uploadMaxMb } = c.var.deps.config
  const archivoMaxBytes = Math.floor(uploadMaxMb * BYTES_POR_MB)
  const porArchivo = (maxSize: number) =>
    bodyLimit({ maxSize, onError: (c) => rechazo(c, mensajeArchivoMuyGrande(uploadMaxMb)) })
  const { cuerpo } = declaracionDe(c)
  if (cuerpo === 'importacion')
    return bodyLimit({
      maxSize: MAX_MB_IMPORTACION * BYTES_POR_MB + MARGEN_MULTIPART_BYTES,
      onError: (c) => rechazo(c, mensajeArchivoImportacionGrande()),
    })(c, next)
  const limite =
    cuerpo === 'formulario-con-archivo'
      ? porArchivo(archivoMaxBytes + MARGEN_MULTIPART_BYTES)
      : cuerpo === 'archivo'
        ? porArchivo(archivoMaxBytes)
        : bodyLimit({ maxSize: LIMITE_JSON_BYTES, onError: (c) => rechazo(c, MENSAJE_CUERPO_MUY_GRANDE) })
  return limite(c, next)
})
