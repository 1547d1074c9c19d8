// The documents the portal issues itself, signed, each with a verification code: the signed
// regulations, the invoice, the program certificate and the payment receipt. The codes are the
// document type codes the enrolment list looks them up by.

export const DOC_REGLAMENTO = '6'
export const DOC_FACTURA = '30'
export const DOC_COMPROBANTE_PAGO = '31'
export const DOC_CERTIFICADO_PROGRAMA = '35'

export const TIPOS_DOCUMENTO_EMITIDO = {
  [DOC_REGLAMENTO]: 'Reglamento Firmado',
  [DOC_FACTURA]: 'Factura',
  [DOC_COMPROBANTE_PAGO]: 'Comprobante de Pago',
  [DOC_CERTIFICADO_PROGRAMA]: 'Certificado Programa',
} as const

export type CodDocumentoEmitido = keyof typeof TIPOS_DOCUMENTO_EMITIDO

/** Where the signed-in owner downloads an issued document. */
export function enlaceDocumentoEmitido(codigo: string): string {
  return `/api/documentos-emitidos/${encodeURIComponent(codigo)}`
}

/** The public validator's address for a code: what a document's QR opens. */
export function urlValidador(base: string, codigo: string): string {
  return `${base}/certificado/validador?codcertificado=${encodeURIComponent(codigo)}`
}
