// The public validator's lookups (routes/certificados.ts): the issued document with a code, or
// with the SHA-256 of its signed bytes, described by what it recorded when it was issued, never
// the editable profile.
import { fechaDeRevocacion, type DocumentoVerificado } from '../../src/domain/documentos-emitidos.ts'
import type { Db } from '../db/connection.ts'

/** An issued document found by the validator: its description and the original's codProspecto. */
export type DocumentoEncontrado = { documento: DocumentoVerificado; codProspecto: string }

type Fila = {
  codigo: string
  cod_tipo_documento: string
  tipo_documento: string
  titular_nombre: string
  programa: string
  fecha_emision: string
  cod_prospecto: string
  revocado_en: string | null
}

const COLUMNAS = [
  'codigo',
  'cod_tipo_documento',
  'tipo_documento',
  'titular_nombre',
  'programa',
  'fecha_emision',
  'cod_prospecto',
  'revocado_en',
] as const

function describir(fila: Fila | undefined): DocumentoEncontrado | undefined {
  if (!fila) return undefined
  return {
    documento: {
      codigo: fila.codigo,
      codTipoDocumento: fila.cod_tipo_documento,
      tipo: fila.tipo_documento,
      titular: fila.titular_nombre,
      programa: fila.programa,
      fechaEmision: fila.fecha_emision,
      revocadoEn: fila.revocado_en === null ? null : fechaDeRevocacion(fila.revocado_en),
    },
    codProspecto: fila.cod_prospecto,
  }
}

/** The document with this code. Codes are issued upper-case; a code typed in lower case still matches. */
export async function documentoPorCodigo(db: Db, codigo: string): Promise<DocumentoEncontrado | undefined> {
  const fila = await db
    .selectFrom('documentos_emitidos')
    .select(COLUMNAS)
    .where('codigo', '=', codigo.toUpperCase())
    .executeTakeFirst()
  return describir(fila)
}

/** The documents with these signed bytes; a valid one comes before a revoked one. */
export async function documentoPorHash(db: Db, sha256: string): Promise<DocumentoEncontrado | undefined> {
  const filas = await db.selectFrom('documentos_emitidos').select(COLUMNAS).where('sha256', '=', sha256).execute()
  return describir(filas.find((f) => f.revocado_en === null) ?? filas[0])
}
