import * as v from 'valibot'
import { URL_VALIDADOR } from './urls.ts'

// The certificate code is required and at most 64 characters.
export const CODIGO_CERTIFICADO_MAX = 64
export const MENSAJE_CODIGO_OBLIGATORIO = 'Ingrese el código del certificado'
export const MENSAJE_CODIGO_NO_CORRESPONDE = 'El código ingresado no corresponde'

export const codigoCertificadoSchema = v.pipe(
  v.string(MENSAJE_CODIGO_OBLIGATORIO),
  v.trim(),
  v.nonEmpty(MENSAJE_CODIGO_OBLIGATORIO),
  v.maxLength(CODIGO_CERTIFICADO_MAX, MENSAJE_CODIGO_NO_CORRESPONDE),
)

export const validarCertificadoSchema = v.object({ codValidador: codigoCertificadoSchema })

export const MENSAJE_DOCUMENTO_NO_EMITIDO =
  'El código ingresado no corresponde a ningún documento emitido por la escuela.'
export const MENSAJE_ARCHIVO_NO_CORRESPONDE =
  'El archivo no corresponde a ningún documento emitido por la escuela, o fue modificado.'
export const MENSAJE_ELIJA_PDF = 'Elija el archivo PDF que desea verificar.'
export const MENSAJE_NO_ES_PDF = 'El archivo elegido no es un PDF.'
/** The public validator's file check: its body is sent as Content-Type application/pdf. */
export const MENSAJE_SOLO_PDF = 'El archivo debe enviarse como PDF (Content-Type: application/pdf).'
export const MENSAJE_QR_NO_CORRESPONDE =
  'El código QR leído no es el de un documento de la escuela. Puede escribir el código manualmente.'

/** Codes are letters, digits and a few separators: never spaces, slashes or a URL's colon. */
const CODIGO_SUELTO = /^[A-Za-z0-9._-]+$/

/**
 * The verification code in what a QR holds: a validator address (`…/certificado/validador?codcertificado=X`
 * on any host, since a document printed by a test or a former domain still carries its code),
 * an entry link (`/?validacertificado=X`) or a bare code. Anything else (another site's address,
 * a sentence, a code longer than a code can be) is not a code: undefined.
 */
export function codigoDesdeTextoEscaneado(texto: string): string | undefined {
  const limpio = texto.trim()
  let candidato: string | null = null
  if (CODIGO_SUELTO.test(limpio)) candidato = limpio
  else if (/^https?:\/\//i.test(limpio)) {
    let url: URL
    try {
      url = new URL(limpio)
    } catch {
      return undefined
    }
    const ruta = url.pathname.replace(/\/+$/, '')
    if (ruta.endsWith(URL_VALIDADOR)) candidato = url.searchParams.get('codcertificado')
    else if (ruta === '') candidato = url.searchParams.get('validacertificado')
  }
  if (candidato === null) return undefined
  const resultado = v.safeParse(codigoCertificadoSchema, candidato)
  return resultado.success && CODIGO_SUELTO.test(resultado.output) ? resultado.output : undefined
}
