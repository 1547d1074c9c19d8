// Issuing a document: what it certifies about its holder is read now and recorded with it; the PDF
// is laid out, signed, stored, and registered with its verification code and the SHA-256 of its
// bytes. Only one valid signed regulations, certificate and invoice exist per enrolment, and one
// valid receipt per payment: issuing one that exists returns the existing one and stores nothing.
// A revoked document does not count: issuing again makes a new one, with a new code.
import type { Kysely, Transaction } from 'kysely'
import { TIPOS_DOCUMENTO_EMITIDO, type CodDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import { urlValidador } from '../../src/domain/urls.ts'
import { esRutPlaceholder } from '../../src/domain/rut.ts'
import { nuevaClaveBlob, type BlobStore } from '../blobs.ts'
import type { Database } from '../db/schema.ts'
import { notificarDocumentoEmitido } from '../notificaciones/documento-emitido.ts'
import { enTransaccion } from '../notificaciones/notificar.ts'
import type { CertificadoEscuela } from './certificado-escuela.ts'
import { emitirPdfFirmado, nuevoCodigoVerificacion, type ContenidoDocumento } from './documento-pdf.ts'

/** The holder as the document records them; `sexoRegistral` decides how the text refers to them. */
export type Titular = {
  nombre: string
  tipoDocumento: string
  documento: string
  email: string
  sexoRegistral: string | null
}

export type DocumentoAEmitir = {
  alumnoId: string
  codTipoDocumento: CodDocumentoEmitido
  codigoInscripcion: string | null
  /** A receipt's payment id; null for the one-per-enrolment documents. */
  referencia?: string | null
  programa: string
  codProspecto: string
  /** 'yyyy-mm-dd'. */
  fechaEmision: string
  nombreArchivo: string
  /** A fixed verification code (the demo's); a new random one otherwise. */
  codigo?: string
  /** The document's text, given its holder and its verification code. */
  contenido: (titular: Titular, codigo: string) => ContenidoDocumento
}

export type DocumentoEmitido = { codigo: string; sha256: string; nombreArchivo: string; nuevo: boolean }

/**
 * What else must be written with a new document, in the same transaction as its row (a staff
 * member's audit row): both are written, or neither. Not called when the document existed.
 */
export type AlRegistrar = (trx: Transaction<Database>, codigo: string) => Promise<void>

export type DependenciasPapel = {
  db: Kysely<Database> | Transaction<Database>
  blobs: BlobStore
  firma: CertificadoEscuela
  /** The public address the QR and the footer point to. */
  urlPublica: string
  ahora: Date
}

/** The holder's name and RUT (or passport) as they are now: what the document will certify. */
export async function titularDe(db: DependenciasPapel['db'], alumnoId: string): Promise<Titular> {
  const a = await db
    .selectFrom('alumnos')
    .select(['nombres', 'apellidos', 'rut', 'tipo_documento', 'numero_documento', 'email', 'sexoregistral'])
    .where('id', '=', alumnoId)
    .executeTakeFirstOrThrow()
  const conRut = !esRutPlaceholder(a.rut) || !a.numero_documento
  return {
    nombre: `${a.nombres} ${a.apellidos}`,
    tipoDocumento: conRut ? 'RUT' : (a.tipo_documento ?? 'PASAPORTE'),
    documento: conRut ? a.rut : (a.numero_documento ?? ''),
    email: a.email,
    sexoRegistral: a.sexoregistral,
  }
}

async function existente(db: DependenciasPapel['db'], doc: DocumentoAEmitir) {
  const consulta = db
    .selectFrom('documentos_emitidos')
    .select(['codigo', 'sha256', 'nombre_archivo'])
    .where('cod_tipo_documento', '=', doc.codTipoDocumento)
    .where('revocado_en', 'is', null)
  const fila = await (
    doc.referencia
      ? consulta.where('referencia', '=', doc.referencia)
      : consulta.where('codigo_inscripcion', '=', doc.codigoInscripcion)
  ).executeTakeFirst()
  return (
    fila && { codigo: fila.codigo, sha256: fila.sha256 ?? '', nombreArchivo: fila.nombre_archivo ?? '', nuevo: false }
  )
}

/**
 * The signing happens before the short transaction that registers the document, so no
 * transaction waits on it; `alRegistrar` runs inside that transaction.
 */
export async function emitirDocumento(
  deps: DependenciasPapel,
  doc: DocumentoAEmitir,
  alRegistrar?: AlRegistrar,
): Promise<DocumentoEmitido> {
  const previo = await existente(deps.db, doc)
  if (previo) return previo
  const titular = await titularDe(deps.db, doc.alumnoId)
  const codigo = doc.codigo ?? nuevoCodigoVerificacion()
  const pdf = await emitirPdfFirmado(doc.contenido(titular, codigo), {
    certificado: deps.firma,
    urlValidador: (c) => urlValidador(deps.urlPublica, c),
    codigo,
    ahora: deps.ahora,
  })
  // The bytes first, so a row never names a missing file; if another request registered the same
  // document meanwhile, its row stands and these bytes are removed.
  const clave = nuevaClaveBlob()
  await deps.blobs.put(clave, pdf.bytes)
  // An invoice or a certificate is news to its holder, and the staff's action (alRegistrar) is
  // part of the same record: both commit with the row.
  let insertado
  try {
    insertado = await enTransaccion(deps.db, async (trx) => {
      const fila = await insertarEmitido(trx, doc, titular, { codigo, clave, pdf, ahora: deps.ahora })
      if (fila) {
        await notificarDocumentoEmitido(trx, {
          alumnoId: doc.alumnoId,
          codTipoDocumento: doc.codTipoDocumento,
          programa: doc.programa,
          codigoInscripcion: doc.codigoInscripcion,
          codigo,
          ahora: deps.ahora,
        })
        if (alRegistrar) await alRegistrar(trx, fila.codigo)
      }
      return fila
    })
  } catch (err) {
    await deps.blobs.delete(clave)
    throw err
  }
  if (!insertado) {
    await deps.blobs.delete(clave)
    const ganador = await existente(deps.db, doc)
    if (!ganador) throw new Error('documento emitido en conflicto y no encontrado')
    return ganador
  }
  return { codigo, sha256: pdf.sha256, nombreArchivo: doc.nombreArchivo, nuevo: true }
}

async function insertarEmitido(
  db: DependenciasPapel['db'],
  doc: DocumentoAEmitir,
  titular: Titular,
  f: { codigo: string; clave: string; pdf: { bytes: Uint8Array; sha256: string }; ahora: Date },
) {
  const { codigo, clave, pdf } = f
  return db
    .insertInto('documentos_emitidos')
    .values({
      codigo,
      alumno_id: doc.alumnoId,
      codigo_inscripcion: doc.codigoInscripcion,
      cod_tipo_documento: doc.codTipoDocumento,
      tipo_documento: TIPOS_DOCUMENTO_EMITIDO[doc.codTipoDocumento],
      referencia: doc.referencia ?? null,
      titular_nombre: titular.nombre,
      titular_tipo_documento: titular.tipoDocumento,
      titular_documento: titular.documento,
      programa: doc.programa,
      cod_prospecto: doc.codProspecto,
      fecha_emision: doc.fechaEmision,
      emitido_en: f.ahora.toISOString(),
      nombre_archivo: doc.nombreArchivo,
      blob_clave: clave,
      tamanno: pdf.bytes.length,
      sha256: pdf.sha256,
      revocado_en: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('codigo')
    .executeTakeFirst()
}
