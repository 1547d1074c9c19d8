// A tax document's PDF or XML as a download, for the student's and the staff's endpoints alike.
import type { Context } from 'hono'
import {
  MENSAJE_DOCUMENTO_TRIBUTARIO_NO_EMITIDO,
  MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO,
} from '../../src/domain/documento-tributario.ts'
import { contentDisposition } from '../archivos/nombre.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { nombreArchivo, pdfDibujado, type FilaDocumento } from './documentos.ts'

/**
 * A document's file as a download; 404 while it is in process (with its own message) or when the
 * blob is missing (logged).
 */
export async function enviarArchivoTributario<E extends EntornoApp>(
  c: Context<E>,
  fila: FilaDocumento,
  formato: 'pdf' | 'xml',
): Promise<Response> {
  if (fila.estado !== 'emitido') return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_EMITIDO)
  let clave = formato === 'pdf' ? fila.pdf_blob : fila.xml_blob
  // No provider's PDF: drawn now from the stamp, once.
  if (!clave && formato === 'pdf') clave = (await pdfDibujado(c.var.deps, fila))?.clave ?? null
  if (!clave) return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_EMITIDO)
  const contenido = await c.var.deps.blobs.get(clave)
  if (!contenido) {
    c.var.deps.log(`falta el archivo ${clave} del documento tributario ${fila.id}`)
    return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO)
  }
  const bytes = new Uint8Array(await new Response(contenido).arrayBuffer())
  c.header('Content-Type', formato === 'pdf' ? 'application/pdf' : 'application/xml')
  c.header('Content-Length', String(bytes.byteLength))
  c.header('Content-Disposition', contentDisposition(nombreArchivo(fila, formato), 'attachment'))
  c.header('Cache-Control', 'private, no-store')
  c.header('X-Content-Type-Options', 'nosniff')
  return c.body(bytes)
}
