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
  tituloDocumentoTributario,
  type EstadoDocumentoTributario,
  type TipoDte,
} from '../../../src/domain/documento-tributario.ts'
import type { EntornoApp } from '../../contexto.ts'
import type { Personal } from '../../db/schema.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { pagoAlAlcance } from '../../pagos/gestion.ts'
import { auditar } from '../../personal/auditoria.ts'
import { vistas, type FilaDocumento } from '../../tributario/documentos.ts'
import { despacharDocumentos } from '../../tributario/programador.ts'
import { enviarArchivoTributario } from '../../tributario/enviar.ts'

type EntornoPersonal = EntornoApp & { Variables: { personal: Personal } }

/** The document with this id, when its payment is in the member's reach. */
async function alAlcance(c: Context<EntornoPersonal>): Promise<FilaDocumento | undefined> {
  const { db } = c.var.deps
  const fila = await db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('id', '=', c.req.param('id') ?? '')
    .executeTakeFirst()
  if (!fila) return undefined
  return (await pagoAlAlcance(db, c.var.personal, fila.pago_id)) ? fila : undefined
}

const titulo = (f: FilaDocumento) =>
  tituloDocumentoTributario({ tipo: f.tipo as TipoDte, folio: f.folio, estado: f.estado as EstadoDocumentoTributario })

function descarga(formato: 'pdf' | 'xml') {
  return async (c: Context<EntornoPersonal>) => {
    const fila = await alAlcance(c)
    if (!fila) return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO)
    if (fila.estado === 'emitido')
      await auditar(
        c.var.deps.db,
        { personal: c.var.personal, ip: c.var.ip, ahora: c.var.deps.clock() },
        {
          accion: 'documento-tributario.descargar',
          entidad: 'pago',
          entidadId: fila.pago_id,
          alumnoId: fila.alumno_id,
          despues: { documentoTributario: titulo(fila), folio: fila.folio, formato: formato.toUpperCase() },
        },
      )
    return enviarArchivoTributario(c, fila, formato)
  }
}

export const rutasDocumentosTributariosAdmin = new Hono<EntornoApp>()
  .get('/:id/pdf', requiereCapacidad('pagos.ver'), descarga('pdf'))
  .get('/:id/xml', requiereCapacidad('pagos.ver'), descarga('xml'))
  .post('/:id/reintentar', requiereCapacidad('pagos.registrar'), async (c) => {
    const deps = c.var.deps
    const fila = await alAlcance(c)
    if (!fila) return rechazar(c, 404, MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO)
    if (fila.estado === 'emitido') return rechazar(c, 409, MENSAJE_DOCUMENTO_TRIBUTARIO_YA_EMITIDO)
    const ahora = deps.clock()
    await deps.db.transaction().execute(async (trx) => {
      // Due now; after a provider's refusal nothing was issued, so it is sent as a first try
      // (after an unclear one it keeps looking the document up first).
      await trx
        .updateTable('documentos_tributarios')
        .set({
          estado: 'pendiente',
          disponible_desde: ahora.toISOString(),
          intentos: fila.dudoso === 1 ? 1 : 0,
        })
        .where('id', '=', fila.id)
        .where('estado', '!=', 'emitido')
        .execute()
      await auditar(
        trx,
        { personal: c.var.personal, ip: c.var.ip, ahora },
        {
          accion: 'documento-tributario.reintentar',
          entidad: 'pago',
          entidadId: fila.pago_id,
          alumnoId: fila.alumno_id,
          antes: { errorEmisor: fila.error },
          despues: { documentoTributario: titulo(fila) },
        },
      )
    })
    despacharDocumentos(deps)
    const actual = await deps.db
      .selectFrom('documentos_tributarios')
      .selectAll()
      .where('id', '=', fila.id)
      .executeTakeFirstOrThrow()
    const [documento] = await vistas(deps.db, [actual], true)
    return c.json({ documento })
  })
