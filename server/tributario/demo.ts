// The demo's tax documents: every seeded approved payment gets its boleta or factura exenta through
// the sandbox issuer, as a payment made on the demo would (the same DTE, the same sandbox, its
// folios and its 'SIN VALIDEZ TRIBUTARIA' PDF), inside the seed's transaction. Seeded issued, so a
// start (and each test server, copied from the seeded template) has nothing to issue for them; no
// notice is made for them, as for the rest of the demo's history.
import type { Transaction } from 'kysely'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { BlobStore } from '../blobs.ts'
import { nuevaClaveBlob } from '../blobs.ts'
import { EMISOR_DEMO } from '../config.ts'
import type { Database, Pago } from '../db/schema.ts'
import { encolarDocumentoDePago, receptorDeFila } from './documentos.ts'
import { construirDte } from './dte.ts'
import { emitirEnSandbox, leerDte } from './sandbox.ts'

/** The demo document of a seeded payment: 'dte-demo-INS-26-40018-1' for 'pago-demo-INS-26-40018-1'. */
export function idDocumentoDemo(pagoId: string): string {
  return `dte-${pagoId.replace(/^pago-/, '')}`
}

export async function emitirDocumentosDemo(
  trx: Transaction<Database>,
  pagos: readonly Pago[],
  opciones: { blobs: BlobStore; ahora: Date },
): Promise<number> {
  let emitidos = 0
  for (const pago of pagos) {
    if (pago.estado !== 'aprobado' || !pago.resuelto_en) continue
    const momento = new Date(pago.resuelto_en)
    const id = await encolarDocumentoDePago(trx, pago, momento, idDocumentoDemo(pago.id))
    if (!id) continue
    const fila = await trx.selectFrom('documentos_tributarios').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const dte = construirDte({
      tipo: fila.tipo as 41 | 34,
      fecha: fechaEnChile(momento),
      emisor: EMISOR_DEMO,
      receptor: receptorDeFila(fila),
      descripcion: fila.descripcion,
      monto: fila.monto,
      referencia: null,
    })
    const leido = leerDte(dte)
    if (Array.isArray(leido)) throw new Error(`documento de demostración no válido: ${JSON.stringify(leido)}`)
    const emitido = await emitirEnSandbox(
      { db: trx, blobs: opciones.blobs, clock: () => momento, emisor: EMISOR_DEMO },
      fila.clave,
      leido,
    )
    // The portal's own copies, as the scheduler keeps them.
    const pdf = await opciones.blobs.get(emitido.pdf_blob)
    const pdfBlob = nuevaClaveBlob()
    const xmlBlob = nuevaClaveBlob()
    await opciones.blobs.put(pdfBlob, new Uint8Array(await new Response(pdf).arrayBuffer()))
    await opciones.blobs.put(xmlBlob, new TextEncoder().encode(emitido.xml))
    await trx
      .updateTable('documentos_tributarios')
      .set({
        estado: 'emitido',
        folio: emitido.folio,
        fecha_emision: emitido.fecha_emision,
        ted: emitido.ted,
        token_proveedor: emitido.token,
        pdf_blob: pdfBlob,
        xml_blob: xmlBlob,
        intentos: 1,
        emitido_en: momento.toISOString(),
      })
      .where('id', '=', id)
      .execute()
    emitidos++
  }
  return emitidos
}
