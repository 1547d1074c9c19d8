// The public validator: anyone may check a document the school issued, by its code (typed, or read
// from its QR) or by the PDF file itself, whose SHA-256 must be that of the signed bytes the portal
// stored when it issued it. Both answer with the reply the original validator gave (status 1 with data.codProspecto and
// data.msgvalido, otherwise status 0 and msg) plus the structured description the page shows.
import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  MENSAJE_ARCHIVO_NO_CORRESPONDE,
  MENSAJE_DOCUMENTO_NO_EMITIDO,
  MENSAJE_ELIJA_PDF,
  MENSAJE_NO_ES_PDF,
  validarCertificadoSchema,
} from '../../src/domain/certificado.ts'
import { detectarTipoArchivo } from '../../src/domain/documentos.ts'
import {
  fechaDeRevocacion,
  fraseDocumentoValido,
  mensajeDocumentoRevocado,
  tituloDocumentoValido,
  type DocumentoVerificado,
} from '../../src/domain/documentos-emitidos.ts'
import { fechaLarga } from '../../src/domain/fechas.ts'
import type { EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import type { Db } from '../db/connection.ts'
import { contar, MENSAJE_LIMITE, respuestaLimite } from '../middleware/limites.ts'
import { cuerpoJson } from '../http/validacion.ts'

export const MENSAJE_SOLO_PDF = 'El archivo debe enviarse como PDF (Content-Type: application/pdf).'

const cuerpoValidacion = cuerpoJson(validarCertificadoSchema, (c, { status, mensaje, campos }) =>
  c.json({ status: 0, msg: mensaje, error: mensaje, campos }, status),
)

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

function describir(fila: Fila): DocumentoVerificado {
  return {
    codigo: fila.codigo,
    codTipoDocumento: fila.cod_tipo_documento,
    tipo: fila.tipo_documento,
    titular: fila.titular_nombre,
    programa: fila.programa,
    fechaEmision: fila.fecha_emision,
    revocadoEn: fila.revocado_en === null ? null : fechaDeRevocacion(fila.revocado_en),
  }
}

/**
 * The reply for what was found: valid, revoked (said so, with what it was) or nothing. Everything
 * told is what the document recorded when it was issued, never the editable profile.
 */
function responder(c: Context<EntornoApp>, fila: Fila | undefined, noEncontrado: string) {
  // `revocado` tells the two refusals apart (and keeps their types apart for the typed client).
  if (!fila) return c.json({ status: 0 as const, msg: noEncontrado, revocado: false as const })
  const documento = describir(fila)
  if (documento.revocadoEn !== null) {
    return c.json({
      status: 0 as const,
      msg: mensajeDocumentoRevocado(documento, fechaLarga),
      revocado: true as const,
      documento,
    })
  }
  return c.json({
    status: 1 as const,
    data: { codProspecto: fila.cod_prospecto, msgvalido: fraseDocumentoValido(documento, fechaLarga), documento },
    msg: tituloDocumentoValido(documento),
  })
}

/** Both checks count against one per-IP limit, so having two doors does not double the attempts. */
async function limitado(c: Context<EntornoApp>) {
  const { db, config, clock } = c.var.deps
  const limite = await contar(db, `validacion-ip:${c.var.ip}`, config.limites.validacionIp, clock())
  return limite.excedido ? respuestaLimite(c, limite, { status: 0, msg: MENSAJE_LIMITE }) : undefined
}

/** The documents with these signed bytes; a valid one comes before a revoked one. */
async function porHash(db: Db, sha256: string): Promise<Fila | undefined> {
  const filas = await db.selectFrom('documentos_emitidos').select(COLUMNAS).where('sha256', '=', sha256).execute()
  return filas.find((f) => f.revocado_en === null) ?? filas[0]
}

function tipoDeContenido(c: Context<EntornoApp>): string {
  return (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

export const rutasCertificados = new Hono<EntornoApp>()
  .post('/validar', cuerpoValidacion, async (c) => {
    const rechazo = await limitado(c)
    if (rechazo) return rechazo
    const { codValidador } = c.req.valid('json')
    // Codes are issued upper-case; a code typed in lower case still matches.
    const fila = await c.var.deps.db
      .selectFrom('documentos_emitidos')
      .select(COLUMNAS)
      .where('codigo', '=', codValidador.toUpperCase())
      .executeTakeFirst()
    return responder(c, fila, MENSAJE_DOCUMENTO_NO_EMITIDO)
  })
  // The file is the request's body as it is (Content-Type: application/pdf), bounded like an
  // upload before anything reads it (its declaration, middleware/limite-cuerpo.ts). Nothing is stored: its hash is
  // looked up and the bytes are dropped. The throttle is counted before the body is read.
  .post('/verificar-archivo', declarar({ cuerpo: 'archivo' }), async (c) => {
    if (tipoDeContenido(c) !== 'application/pdf') {
      return c.json({ status: 0 as const, msg: MENSAJE_SOLO_PDF, error: MENSAJE_SOLO_PDF }, 415)
    }
    const rechazo = await limitado(c)
    if (rechazo) return rechazo
    const bytes = new Uint8Array(await c.req.arrayBuffer())
    if (bytes.length === 0) return c.json({ status: 0 as const, msg: MENSAJE_ELIJA_PDF, error: MENSAJE_ELIJA_PDF }, 400)
    if (detectarTipoArchivo(bytes) !== 'pdf') {
      return c.json({ status: 0 as const, msg: MENSAJE_NO_ES_PDF, error: MENSAJE_NO_ES_PDF }, 415)
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    return responder(c, await porHash(c.var.deps.db, sha256), MENSAJE_ARCHIVO_NO_CORRESPONDE)
  })
