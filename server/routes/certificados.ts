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
  MENSAJE_SOLO_PDF,
  validarCertificadoSchema,
} from '../../src/domain/certificado.ts'
import { detectarTipoArchivo } from '../../src/domain/documentos.ts'
import {
  fraseDocumentoValido,
  mensajeDocumentoRevocado,
  tituloDocumentoValido,
} from '../../src/domain/documentos-emitidos.ts'
import { fechaLarga } from '../../src/domain/fechas.ts'
import type { EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import { contar, MENSAJE_LIMITE, respuestaLimite } from '../middleware/limites.ts'
import { cuerpoJson } from '../http/validacion.ts'
import { documentoPorCodigo, documentoPorHash, type DocumentoEncontrado } from '../papel/validador.ts'

const cuerpoValidacion = cuerpoJson(validarCertificadoSchema, (c, { status, mensaje, campos }) =>
  c.json({ status: 0, msg: mensaje, error: mensaje, campos }, status),
)

/**
 * The reply for what was found: valid, revoked (said so, with what it was) or nothing. Everything
 * told is what the document recorded when it was issued, never the editable profile.
 */
function responder(c: Context<EntornoApp>, encontrado: DocumentoEncontrado | undefined, noEncontrado: string) {
  // `revocado` tells the two refusals apart (and keeps their types apart for the typed client).
  if (!encontrado) return c.json({ status: 0 as const, msg: noEncontrado, revocado: false as const })
  const { documento } = encontrado
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
    data: { codProspecto: encontrado.codProspecto, msgvalido: fraseDocumentoValido(documento, fechaLarga), documento },
    msg: tituloDocumentoValido(documento),
  })
}

/** Both checks count against one per-IP limit, so having two doors does not double the attempts. */
async function limitado(c: Context<EntornoApp>) {
  const { db, config, clock } = c.var.deps
  const limite = await contar(db, `validacion-ip:${c.var.ip}`, config.limites.validacionIp, clock())
  return limite.excedido ? respuestaLimite(c, limite, { status: 0, msg: MENSAJE_LIMITE }) : undefined
}

function tipoDeContenido(c: Context<EntornoApp>): string {
  return (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

export const rutasCertificados = new Hono<EntornoApp>()
  .post('/validar', cuerpoValidacion, async (c) => {
    const rechazo = await limitado(c)
    if (rechazo) return rechazo
    const { codValidador } = c.req.valid('json')
    // Codes are issued upper-case; a code typed in lower case still matches (documentoPorCodigo).
    return responder(c, await documentoPorCodigo(c.var.deps.db, codValidador), MENSAJE_DOCUMENTO_NO_EMITIDO)
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
    return responder(c, await documentoPorHash(c.var.deps.db, sha256), MENSAJE_ARCHIVO_NO_CORRESPONDE)
  })
