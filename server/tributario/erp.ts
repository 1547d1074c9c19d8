// EMISOR_TRIBUTARIO=erp: the school's billing system issues the documents and pushes each one
// through the integration API (routes/integracion.ts, scope 'documentos-tributarios.escribir'),
// matched to its payment by our reference (the `clave` the ERP reads in the pending list). The
// push is idempotent: the same document again answers as the first time and changes nothing; a
// different folio for a reference already issued is refused. Until it arrives the student reads
// 'En proceso'.
import {
  MENSAJE_DOCUMENTO_ERP_SIN_REFERENCIA,
  MENSAJE_EMISOR_NO_ES_ERP,
  MENSAJE_PDF_DOCUMENTO,
  MENSAJE_XML_DOCUMENTO,
  mensajeMontoNoCoincide,
  mensajeOtroFolio,
  mensajeTipoNoCoincide,
  type DocumentoErp,
} from '../../src/domain/integracion.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import { receptorDeFila, vistas, type FilaDocumento } from './documentos.ts'
import { tedDelXml } from './openfactura.ts'
import { registrarEmitido } from './programador.ts'

export type ResultadoErp =
  | { ok: true; status: 200 | 201; fila: FilaDocumento; repetido: boolean }
  | { ok: false; status: 404 | 409 | 422; error: string; campos?: Record<string, string> }

const porClave = (db: Db, clave: string) =>
  db.selectFrom('documentos_tributarios').selectAll().where('clave', '=', clave).executeTakeFirst()

export async function recibirDocumentoErp(deps: Dependencias, doc: DocumentoErp): Promise<ResultadoErp> {
  if (deps.config.tributario.modo !== 'erp') return { ok: false, status: 409, error: MENSAJE_EMISOR_NO_ES_ERP }
  const fila = await porClave(deps.db, doc.referencia)
  if (!fila) return { ok: false, status: 404, error: MENSAJE_DOCUMENTO_ERP_SIN_REFERENCIA }
  if (fila.tipo !== doc.tipo) return { ok: false, status: 422, error: mensajeTipoNoCoincide(fila.tipo), campos: { tipo: mensajeTipoNoCoincide(fila.tipo) } }
  if (fila.monto !== doc.monto)
    return { ok: false, status: 422, error: mensajeMontoNoCoincide(fila.monto), campos: { monto: mensajeMontoNoCoincide(fila.monto) } }
  const repetir = (actual: FilaDocumento): ResultadoErp =>
    actual.folio === doc.folio
      ? { ok: true, status: 200, fila: actual, repetido: true }
      : { ok: false, status: 409, error: mensajeOtroFolio(actual.folio) }
  if (fila.estado === 'emitido') return repetir(fila)
  const pdf = Buffer.from(doc.pdf, 'base64')
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
    return { ok: false, status: 422, error: MENSAJE_PDF_DOCUMENTO, campos: { pdf: MENSAJE_PDF_DOCUMENTO } }
  const xml = Buffer.from(doc.xml, 'base64')
  const texto = xml.toString('latin1')
  if (!texto.includes('<')) return { ok: false, status: 422, error: MENSAJE_XML_DOCUMENTO, campos: { xml: MENSAJE_XML_DOCUMENTO } }
  const hecho = await registrarEmitido(deps, fila, null, {
    folio: doc.folio,
    fechaEmision: doc.fechaEmision,
    ted: tedDelXml(texto),
    token: null,
    pdf: new Uint8Array(pdf),
    xml: new Uint8Array(xml),
  })
  const actual = (await porClave(deps.db, doc.referencia))!
  // Another push of it got there first: answered as that one.
  if (!hecho) return repetir(actual)
  return { ok: true, status: 201, fila: actual, repetido: false }
}

/** What the ERP has to issue: every document still pending, oldest first, with whom it bills. */
export async function pendientesErp(db: Db) {
  const filas = await db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('estado', '=', 'pendiente')
    .orderBy('creado_en')
    .orderBy('id')
    .limit(500)
    .execute()
  const ids = filas.flatMap((f) => (f.documento_referencia_id ? [f.documento_referencia_id] : []))
  const originales = ids.length
    ? await db
        .selectFrom('documentos_tributarios')
        .select(['id', 'tipo', 'folio', 'fecha_emision', 'clave'])
        .where('id', 'in', ids)
        .execute()
    : []
  const porId = new Map(originales.map((o) => [o.id, o]))
  return filas.map((f) => {
    const original = f.documento_referencia_id ? porId.get(f.documento_referencia_id) : undefined
    return {
      referencia: f.clave,
      tipo: f.tipo,
      monto: f.monto,
      descripcion: f.descripcion,
      creadoEn: f.creado_en,
      receptor: receptorDeFila(f),
      documentoReferido: original
        ? {
            referencia: original.clave,
            tipo: original.tipo,
            folio: original.folio,
            fechaEmision: original.fecha_emision,
            codigoReferencia: f.codigo_referencia,
          }
        : null,
    }
  })
}

export async function vistaParaErp(deps: Pick<Dependencias, 'db'>, fila: FilaDocumento) {
  const [vista] = await vistas(deps.db, [fila], false)
  return vista!
}
