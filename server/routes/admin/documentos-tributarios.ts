// Tax documents from the school's side, mounted at /api/admin/documentos-tributarios:
// a document's PDF and XML (pagos.ver, audited before the file leaves) and a retry of one that
// failed or is waiting for its next try (pagos.registrar, audited). Only documents of payments in
// the member's reach; another's reads as not found. The documents themselves are listed on the
// payment's detail (GET /api/admin/pagos/:id).
import type { Context } from 'hono'
import { rechazar } from '../../http/respuesta.ts'
import { Hono } from 'hono'
import {
  MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO,
  MENSAJE_DOCUMENTO_TRIBUTARIO_YA_EMITIDO,
} from '../../../src/domain/documento-tributario.ts'
import type { EntornoApp } from '../../contexto.ts'
import type { Personal } from '../../db/schema.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { enviarArchivoTributario } from '../../tributario/enviar.ts'
import { auditarDescarga, documentoAlAlcance, reintentarDocumento } from '../../tributario/gestion.ts'

type EntornoPersonal = EntornoApp & { Variables: { personal: Personal } }

/** The document of the path's id, when its payment is in the member's reach. */
function alAlcance(c: Context<EntornoPersonal>) {
  return documentoAlAlcance(c.var.deps.db, c.var.personal, c.req.param('id') ?? '')
}

function autor(c: Context<EntornoPersonal>) {
  return { personal: c.var.personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

function descarga(formato: 'pdf' | 'xml') {
  return async (c: Context<EntornoPersonal>) => {
    const fila = await alAlcance(c)
    if (!fila) return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO)
    if (fila.estado === 'emitido') await auditarDescarga(c.var.deps.db, autor(c), fila, formato)
    return enviarArchivoTributario(c, fila, formato)
  }
}

export const rutasDocumentosTributariosAdmin = new Hono<EntornoApp>()
  .get('/:id/pdf', requiereCapacidad('pagos.ver'), descarga('pdf'))
  .get('/:id/xml', requiereCapacidad('pagos.ver'), descarga('xml'))
  .post('/:id/reintentar', requiereCapacidad('pagos.registrar'), async (c) => {
    const fila = await alAlcance(c)
    if (!fila) return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO)
    if (fila.estado === 'emitido') return rechazar(c, 409, MENSAJE_DOCUMENTO_TRIBUTARIO_YA_EMITIDO)
    const documento = await reintentarDocumento(c.var.deps, autor(c), fila)
    return c.json({ documento })
  })
