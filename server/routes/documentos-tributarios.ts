// The student's tax documents, mounted at /api/documentos-tributarios: a document's PDF
// and XML, only the holder's own (the student from the session; another's answers exactly like an
// unknown one) and only once issued. The list of a payment's documents is
// GET /api/pagos/:id/documentos-tributarios (routes/pagos.ts).
import type { Context } from 'hono'
import { rechazar } from '../http/respuesta.ts'
import { Hono } from 'hono'
import {
  MENSAJE_DOCUMENTO_TRIBUTARIO_NO_EMITIDO,
  MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO,
} from '../../src/domain/documento-tributario.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { nombreArchivo, pdfDibujado, type FilaDocumento } from '../tributario/documentos.ts'
import { contentDisposition } from '../archivos/nombre.ts'

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

async function propio(c: Context<EntornoApp>): Promise<FilaDocumento | undefined> {
  return c.var.deps.db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('id', '=', c.req.param('id') ?? '')
    .where('alumno_id', '=', c.var.alumno?.id ?? '')
    .executeTakeFirst()
}

function descarga(formato: 'pdf' | 'xml') {
  return async (c: Context<EntornoApp>) => {
    const fila = await propio(c)
    if (!fila) return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO)
    return enviarArchivoTributario(c, fila, formato)
  }
}

export const rutasDocumentosTributarios = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/:id/pdf', descarga('pdf'))
  .get('/:id/xml', descarga('xml'))
