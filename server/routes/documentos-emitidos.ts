// Downloading a document the portal issued (signed regulations, invoice, certificate, receipt):
// only its holder, signed in; another student's code answers exactly like an unknown one, and so
// does a revoked document, which is no longer the student's paper (the validator still tells
// anyone who holds a copy that it was revoked).
import { Hono } from 'hono'
import { rechazar } from '../http/respuesta.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import { enviarArchivo } from '../archivos/enviar.ts'

export const rutasDocumentosEmitidos = new Hono<EntornoApp>().use(requiereAlumno).get('/:codigo', async (c) => {
  const { db } = c.var.deps
  const alumno = c.var.alumno
  const fila = await db
    .selectFrom('documentos_emitidos')
    .select(['nombre_archivo', 'blob_clave', 'tamanno'])
    .where('codigo', '=', c.req.param('codigo').toUpperCase())
    .where('alumno_id', '=', alumno?.id ?? '')
    .where('revocado_en', 'is', null)
    .executeTakeFirst()
  if (!fila?.blob_clave || !fila.nombre_archivo || fila.tamanno === null) {
    return rechazar(c, 404, MENSAJE_NO_ENCONTRADO)
  }
  return enviarArchivo(
    c,
    {
      nombre_original: fila.nombre_archivo,
      content_type: 'application/pdf',
      tamanno: fila.tamanno,
      blob_clave: fila.blob_clave,
    },
    'un documento emitido',
  )
})
