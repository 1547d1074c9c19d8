// Sending a stored file back: to its owner, or to the staff who review or issue it.
import type { Context } from 'hono'
import { MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { contentDisposition } from './nombre.ts'

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
    return rechazar(c, 404, MENSAJE_NO_ENCONTRADO)
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
