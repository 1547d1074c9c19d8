import * as v from 'valibot'

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
