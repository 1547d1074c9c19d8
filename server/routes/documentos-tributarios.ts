// The student's tax documents, mounted at /api/documentos-tributarios: a document's PDF
// and XML, only the holder's own (the student from the session; another's answers exactly like an
// unknown one) and only once issued. The list of a payment's documents is
// GET /api/pagos/:id/documentos-tributarios (routes/pagos.ts).
import type { Context } from 'hono'
import { rechazar } from '../http/respuesta.ts'
import { Hono } from 'hono'
import { MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO } from '../../src/domain/documento-tributario.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { enviarArchivoTributario } from '../tributario/enviar.ts'
import { documentoDelAlumno } from '../tributario/gestion.ts'

function descarga(formato: 'pdf' | 'xml') {
  return async (c: Context<EntornoApp>) => {
    const fila = await documentoDelAlumno(c.var.deps.db, c.var.alumno?.id ?? '', c.req.param('id') ?? '')
    if (!fila) return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO)
    return enviarArchivoTributario(c, fila, formato)
  }
}

export const rutasDocumentosTributarios = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/:id/pdf', descarga('pdf'))
  .get('/:id/xml', descarga('xml'))
