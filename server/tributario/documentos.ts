// The tax documents as the portal keeps them (table documentos_tributarios): queued inside the
// transaction that approves a payment or applies a refund, so a payment or refund has its document
// exactly when it exists (unique per origin and type: a repeat inserts nothing), and read back as
// DocumentoTributarioVista for the student and the staff.
import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import {
  enlacesDocumentoTributario,
  enlacesDocumentoTributarioAdmin,
  esTipoDte,
  nombreTipoDte,
  notaDeCreditoPara,
  receptorDe,
  tipoParaPagador,
  type DocumentoTributarioDeSolicitud,
  type DocumentoTributarioVista,
  type EstadoDocumentoTributario,
  type Pagador,
  type Receptor,
  type TipoDte,
} from '../../src/domain/documento-tributario.ts'
import { esRutPlaceholder } from '../../src/domain/rut.ts'
import { nuevaClaveBlob, type BlobStore } from '../blobs.ts'
import type { ConfigApp } from '../contexto.ts'
import { dibujarDocumentoTributario } from './impreso.ts'
import type { Database, DocumentosTributariosTable, Pago, Reembolso } from '../db/schema.ts'

export type FilaDocumento = Selectable<DocumentosTributariosTable>
type Bd = Kysely<Database> | Transaction<Database>

/** Who pays: the enrolment's company when it names one on record, else the student. */
export async function pagadorDe(db: Bd, pago: Pick<Pago, 'alumno_id' | 'codigo_inscripcion'>): Promise<Pagador> {
  if (pago.codigo_inscripcion) {
    const empresa = await db
      .selectFrom('solicitudes as s')
      .innerJoin('empresas as e', 'e.rut', 's.rut_empresa')
      .select(['e.rut', 'e.nombre', 'e.giro', 'e.direccion_facturacion', 'e.comuna', 'e.ciudad', 'e.contacto_email'])
      .where('s.codigo_inscripcion', '=', pago.codigo_inscripcion)
      .executeTakeFirst()
    if (empresa)
      return {
        clase: 'empresa',
        rut: empresa.rut,
        razonSocial: empresa.nombre,
        giro: empresa.giro,
        direccion: empresa.direccion_facturacion,
        comuna: empresa.comuna,
        ciudad: empresa.ciudad,
        email: empresa.contacto_email || null,
      }
  }
  const a = await db
    .selectFrom('alumnos as a')
    .leftJoin('comunas as c', 'c.cod_comuna', 'a.cod_comuna')
    .select([
      'a.nombres',
      'a.apellidos',
      'a.rut',
      'a.tipo_documento',
      'a.numero_documento',
      'a.direccion',
      'a.email',
      'c.comuna',
    ])
    .where('a.id', '=', pago.alumno_id)
    .executeTakeFirstOrThrow()
  return {
    clase: 'alumno',
    nombre: `${a.nombres} ${a.apellidos}`.trim(),
    rut: esRutPlaceholder(a.rut) ? null : a.rut,
    documento: a.tipo_documento && a.numero_documento ? { tipo: a.tipo_documento, numero: a.numero_documento } : null,
    direccion: a.direccion,
    comuna: a.comuna,
    email: a.email,
  }
}

/**
 * Queues the document of an approved payment, in the approval's transaction: a boleta exenta or a
 * factura exenta by who pays. Our reference (the provider's Idempotency-Key, the ERP's match) is
 * the payment's buy order, unique per payment. Returns the document's id (null: already queued).
 */
export async function encolarDocumentoDePago(
  trx: Bd,
  pago: Pago,
  ahora: Date,
  id: string = randomUUID(),
): Promise<string | null> {
  const pagador = await pagadorDe(trx, pago)
  const tipo = tipoParaPagador(pagador)
  const momento = ahora.toISOString()
  const insertado = await trx
    .insertInto('documentos_tributarios')
    .values({
      id,
      origen: `pago:${pago.id}`,
      pago_id: pago.id,
      reembolso_id: null,
      alumno_id: pago.alumno_id,
      codigo_inscripcion: pago.codigo_inscripcion,
      tipo,
      clave: pago.orden_compra,
      monto: pago.monto,
      descripcion: pago.descripcion,
      receptor: JSON.stringify(receptorDe(pagador)),
      documento_referencia_id: null,
      codigo_referencia: null,
      ...porEmitir(momento),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
  return insertado?.id ?? null
}

/**
 * Queues the nota de crédito of an applied refund, in its transaction: it references the payment's
 * document (code 1 when it gives back the whole amount, 3 otherwise) and names the same receiver.
 * A payment approved before documents were issued has none to reference: nothing is queued.
 */
export async function encolarNotaDeCredito(
  trx: Bd,
  pago: Pago,
  reembolso: Reembolso,
  ahora: Date,
): Promise<string | null> {
  const original = await trx
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('origen', '=', `pago:${pago.id}`)
    .where('tipo', '!=', 61)
    .orderBy('creado_en')
    .executeTakeFirst()
  if (!original || !esTipoDte(original.tipo)) return null
  const nota = notaDeCreditoPara({ tipo: original.tipo, monto: original.monto }, reembolso.monto)
  const id = randomUUID()
  const momento = ahora.toISOString()
  const insertado = await trx
    .insertInto('documentos_tributarios')
    .values({
      id,
      origen: `reembolso:${reembolso.id}`,
      pago_id: pago.id,
      reembolso_id: reembolso.id,
      alumno_id: pago.alumno_id,
      codigo_inscripcion: pago.codigo_inscripcion,
      tipo: nota.tipo,
      clave: `NC-${reembolso.id}`,
      monto: reembolso.monto,
      descripcion: `${nota.razon}: ${pago.descripcion}`,
      receptor: original.receptor,
      documento_referencia_id: original.id,
      codigo_referencia: nota.codigoReferencia,
      ...porEmitir(momento),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
  return insertado?.id ?? null
}

/** What a document queued now and not yet issued holds: no folio, stamp or files, free to take. */
function porEmitir(momento: string) {
  return {
    estado: 'pendiente' satisfies EstadoDocumentoTributario,
    folio: null,
    fecha_emision: null,
    ted: null,
    token_proveedor: null,
    pdf_blob: null,
    xml_blob: null,
    error: null,
    tomado_por: null,
    tomado_hasta: null,
    disponible_desde: momento,
    creado_en: momento,
    emitido_en: null,
    atraso_avisado_en: null,
  }
}

export function receptorDeFila(fila: Pick<FilaDocumento, 'receptor'>): Receptor {
  return JSON.parse(fila.receptor) as Receptor
}

/** The API's view of a document; `paraPersonal` adds the provider's message and staff links. */
export function vistaDocumento(
  fila: FilaDocumento,
  referida: Pick<FilaDocumento, 'tipo' | 'folio'> | null,
  paraPersonal: boolean,
): DocumentoTributarioVista {
  const tipo = fila.tipo as TipoDte
  const emitido = fila.estado === 'emitido'
  const enlaces = paraPersonal ? enlacesDocumentoTributarioAdmin(fila.id) : enlacesDocumentoTributario(fila.id)
  return {
    id: fila.id,
    tipo,
    nombreTipo: nombreTipoDte(tipo),
    folio: fila.folio,
    estado: fila.estado as EstadoDocumentoTributario,
    fechaEmision: fila.fecha_emision,
    monto: fila.monto,
    pagoId: fila.pago_id,
    reembolsoId: fila.reembolso_id,
    ...(referida ? { referencia: { tipo: referida.tipo as TipoDte, folio: referida.folio } } : {}),
    pdfUrl: emitido ? enlaces.pdfUrl : null,
    xmlUrl: emitido && fila.xml_blob ? enlaces.xmlUrl : null,
    error: paraPersonal ? fila.error : null,
  }
}

/** The views of these rows, with each nota de crédito's original read once. */
export async function vistas(
  db: Bd,
  filas: FilaDocumento[],
  paraPersonal: boolean,
): Promise<DocumentoTributarioVista[]> {
  const ids = [...new Set(filas.flatMap((f) => (f.documento_referencia_id ? [f.documento_referencia_id] : [])))]
  const referidas =
    ids.length > 0
      ? await db.selectFrom('documentos_tributarios').select(['id', 'tipo', 'folio']).where('id', 'in', ids).execute()
      : []
  const porId = new Map(referidas.map((r) => [r.id, r]))
  return filas.map((f) =>
    vistaDocumento(f, f.documento_referencia_id ? (porId.get(f.documento_referencia_id) ?? null) : null, paraPersonal),
  )
}

/** A payment's documents, oldest first: its own, then its notas de crédito. */
export async function documentosDePago(
  db: Bd,
  pagoId: string,
  paraPersonal: boolean,
): Promise<DocumentoTributarioVista[]> {
  const filas = await db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('pago_id', '=', pagoId)
    .orderBy('creado_en')
    .orderBy('id')
    .execute()
  return vistas(db, filas, paraPersonal)
}

/** The student's documents of enrolments (their installments' payments), oldest first, for the list. */
export async function documentosTributariosDeAlumno(
  db: Bd,
  alumnoId: string,
): Promise<DocumentoTributarioDeSolicitud[]> {
  const filas = await db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('alumno_id', '=', alumnoId)
    .where('codigo_inscripcion', 'is not', null)
    .orderBy('creado_en')
    .orderBy('id')
    .execute()
  const lista = await vistas(db, filas, false)
  return lista.map((v, i) => ({ ...v, codigoInscripcion: filas[i]!.codigo_inscripcion! }))
}

/** A file's name for the download: 'boleta-exenta-123.pdf'. */
export function nombreArchivo(fila: Pick<FilaDocumento, 'tipo' | 'folio'>, extension: 'pdf' | 'xml'): string {
  const nombre = fila.tipo === 41 ? 'boleta-exenta' : fila.tipo === 34 ? 'factura-exenta' : 'nota-de-credito'
  return `${nombre}-${fila.folio ?? 'en-proceso'}.${extension}`
}

/**
 * An issued document's PDF when no provider's PDF is stored (the provider sent none, or the demo's
 * seed left it to be drawn): drawn by the portal from the TED and the row (impreso.ts), stored, and
 * the row updated only if still without one. The sandbox's say 'SIN VALIDEZ TRIBUTARIA'.
 */
export async function pdfDibujado(
  deps: { db: Kysely<Database>; blobs: BlobStore; config: Pick<ConfigApp, 'tributario'> },
  fila: FilaDocumento,
): Promise<{ clave: string; bytes: Uint8Array } | null> {
  if (fila.estado !== 'emitido' || fila.folio === null || !fila.fecha_emision || !fila.ted) return null
  const { emisor, modo } = deps.config.tributario
  const r = receptorDeFila(fila)
  const original = fila.documento_referencia_id
    ? await deps.db
        .selectFrom('documentos_tributarios')
        .select(['tipo', 'folio', 'fecha_emision'])
        .where('id', '=', fila.documento_referencia_id)
        .executeTakeFirst()
    : undefined
  const bytes = await dibujarDocumentoTributario({
    tipo: fila.tipo as TipoDte,
    folio: fila.folio,
    fechaEmision: fila.fecha_emision,
    // The configured issuer carries more than the printed form reads (its Acteco); it is passed whole.
    emisor,
    receptor: {
      rut: r.rut,
      razonSocial: r.documentoExtranjero ? `${r.razonSocial} (${r.documentoExtranjero})` : r.razonSocial,
      giro: r.giro,
      direccion: r.direccion,
      comuna: r.comuna,
      ciudad: r.ciudad,
    },
    detalle: [{ nombre: fila.descripcion, cantidad: 1, precioUnitario: fila.monto, monto: fila.monto }],
    montoExento: fila.monto,
    total: fila.monto,
    referencias:
      original?.folio && original.fecha_emision
        ? [
            {
              tipo: original.tipo,
              folio: original.folio,
              fecha: original.fecha_emision,
              codigo: fila.codigo_referencia === 1 ? 1 : 3,
            },
          ]
        : [],
    ted: fila.ted,
    resolucion: emisor.resolucion,
    sinValidez: modo === 'sandbox',
  })
  const clave = nuevaClaveBlob()
  await deps.blobs.put(clave, bytes)
  const r2 = await deps.db
    .updateTable('documentos_tributarios')
    .set({ pdf_blob: clave })
    .where('id', '=', fila.id)
    .where('pdf_blob', 'is', null)
    .executeTakeFirst()
  if (Number(r2.numUpdatedRows) !== 1) {
    await deps.blobs.delete(clave)
    const actual = await deps.db
      .selectFrom('documentos_tributarios')
      .select('pdf_blob')
      .where('id', '=', fila.id)
      .executeTakeFirst()
    return actual?.pdf_blob ? { clave: actual.pdf_blob, bytes } : null
  }
  return { clave, bytes }
}
