// Request bodies are bounded before anything reads them (the idempotency middleware and the
// handlers buffer them): JSON endpoints take at most LIMITE_JSON_BYTES, the document uploads
// (personal, enrolment and contest application documents) UPLOAD_MAX_MB plus room for the
// multipart framing, and the validator's file check (the PDF alone as the body) and each piece of
// a resumable upload (/api/subidas) UPLOAD_MAX_MB.
// A declared Content-Length over the limit is refused without reading; a body without one is
// counted as it arrives.
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { BYTES_POR_MB, mensajeArchivoMuyGrande } from '../../src/domain/documentos.ts'
import { MAX_MB_IMPORTACION, mensajeArchivoImportacionGrande } from '../../src/domain/importacion.ts'
import type { EntornoApp } from '../contexto.ts'

export const LIMITE_JSON_BYTES = 100 * 1024

/** Multipart boundaries, part headers and the form's other fields. */
const MARGEN_MULTIPART_BYTES = 64 * 1024

export const MENSAJE_CUERPO_MUY_GRANDE = 'Los datos enviados superan el tamaño permitido.'

/** Endpoints that receive files, by method and path. */
function esSubida(metodo: string, path: string): boolean {
  return (
    metodo === 'POST' &&
    (path === '/api/alumno/documentos' ||
      /^\/api\/solicitudes\/[^/]+\/documentos$/.test(path) ||
      /^\/api\/concursos\/[^/]+\/postulacion\/documentos$/.test(path))
  )
}

// The refused body is left unread (or half read) on the connection, so it cannot carry another
// request: `Connection: close` tells the client so, instead of it sending its next request on a
// socket the server is about to drop.
function rechazo(c: Context<EntornoApp>, error: string) {
  c.header('Connection', 'close')
  return c.json({ error }, 413)
}

/** A piece of a resumable upload (tus PATCH): at most the file (tus also bounds it by the upload's length). */
function esTrozoDeSubida(metodo: string, path: string): boolean {
  return metodo === 'PATCH' && path.startsWith('/api/subidas/')
}

/** The public file check, whose body is the PDF itself. */
function esArchivoAVerificar(metodo: string, path: string): boolean {
  return metodo === 'POST' && path === '/api/certificados/verificar-archivo'
}

/** The school's import of students and enrolments (a CSV or XLSX, bounded on its own). */
function esImportacion(metodo: string, path: string): boolean {
  return metodo === 'POST' && /^\/api\/admin\/importacion\/(previa|confirmar)$/.test(path)
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
  if (esImportacion(c.req.method, c.req.path))
    return bodyLimit({
      maxSize: MAX_MB_IMPORTACION * BYTES_POR_MB + MARGEN_MULTIPART_BYTES,
      onError: (c) => rechazo(c, mensajeArchivoImportacionGrande()),
    })(c, next)
  const limite = esSubida(c.req.method, c.req.path)
    ? porArchivo(archivoMaxBytes + MARGEN_MULTIPART_BYTES)
    : esArchivoAVerificar(c.req.method, c.req.path) || esTrozoDeSubida(c.req.method, c.req.path)
      ? porArchivo(archivoMaxBytes)
      : bodyLimit({ maxSize: LIMITE_JSON_BYTES, onError: (c) => rechazo(c, MENSAJE_CUERPO_MUY_GRANDE) })
  return limite(c, next)
})
