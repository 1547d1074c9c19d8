// An issued document's stored PDF, to be sent (server/archivos/enviar.ts): to its holder
// (routes/documentos-emitidos.ts) or, for a payment's receipt, to the staff (routes/admin/pagos.ts).
import { DOC_COMPROBANTE_PAGO } from '../../src/domain/documentos-emitidos.ts'
import type { Db } from '../db/connection.ts'
import type { DocumentosEmitidosTable } from '../db/schema.ts'

/** An issued document's file, as enviarArchivo takes it, with its code. */
export type ArchivoEmitido = {
  codigo: string
  nombre_original: string
  content_type: 'application/pdf'
  tamanno: number
  blob_clave: string
}

/** The columns `archivoEmitido` reads. */
const COLUMNAS_ARCHIVO_EMITIDO = ['codigo', 'nombre_archivo', 'blob_clave', 'tamanno'] as const

/** The file of an issued document row; undefined when there is none, or it was never stored. */
export function archivoEmitido(
  fila: Pick<DocumentosEmitidosTable, 'codigo' | 'nombre_archivo' | 'blob_clave' | 'tamanno'> | undefined,
): ArchivoEmitido | undefined {
  if (!fila?.blob_clave || !fila.nombre_archivo || fila.tamanno === null) return undefined
  return {
    codigo: fila.codigo,
    nombre_original: fila.nombre_archivo,
    content_type: 'application/pdf',
    tamanno: fila.tamanno,
    blob_clave: fila.blob_clave,
  }
}

/**
 * The student's own document with this code, not revoked: another student's code reads exactly
 * like an unknown one, and so does a revoked document, which is no longer the student's paper.
 */
export async function documentoEmitidoDeAlumno(
  db: Db,
  alumnoId: string,
  codigo: string,
): Promise<ArchivoEmitido | undefined> {
  const fila = await db
    .selectFrom('documentos_emitidos')
    .select(COLUMNAS_ARCHIVO_EMITIDO)
    .where('codigo', '=', codigo.toUpperCase())
    .where('alumno_id', '=', alumnoId)
    .where('revocado_en', 'is', null)
    .executeTakeFirst()
  return archivoEmitido(fila)
}

/** A payment's receipt as issued (not revoked), for the staff's download; undefined without its file. */
export async function comprobanteEmitido(db: Db, pagoId: string): Promise<ArchivoEmitido | undefined> {
  const fila = await db
    .selectFrom('documentos_emitidos')
    .select(COLUMNAS_ARCHIVO_EMITIDO)
    .where('cod_tipo_documento', '=', DOC_COMPROBANTE_PAGO)
    .where('referencia', '=', pagoId)
    .where('revocado_en', 'is', null)
    .executeTakeFirst()
  return archivoEmitido(fila)
}
