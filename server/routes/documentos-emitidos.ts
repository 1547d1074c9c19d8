// Downloading a document the portal issued (signed regulations, invoice, certificate, receipt):
// only its holder, signed in; another student's code answers exactly like an unknown one, and so
// does a revoked document, which is no longer the student's paper (the validator still tells
// anyone who holds a copy that it was revoked). The lookup is server/papel/emitidos.ts.
import { Hono } from 'hono'
import { rechazar } from '../http/respuesta.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import { enviarArchivo } from '../archivos/enviar.ts'
import { documentoEmitidoDeAlumno } from '../papel/emitidos.ts'

export const rutasDocumentosEmitidos = new Hono<EntornoApp>().use(requiereAlumno).get('/:codigo', async (c) => {
  const archivo = await documentoEmitidoDeAlumno(c.var.deps.db, c.var.alumno?.id ?? '', c.req.param('codigo'))
  if (!archivo) return rechazar(c, 404, MENSAJE_NO_ENCONTRADO)
  return enviarArchivo(c, archivo, 'un documento emitido')
})
