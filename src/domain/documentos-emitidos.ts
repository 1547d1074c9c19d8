import { fechaEnChile } from './fechas.ts'

// The documents the portal issues itself, signed, each with a verification code: the signed
// regulations, the program's payment receipt, the program certificate and the payment and refund
// receipts. The codes are the document type codes the enrolment list looks them up by. None of
// them is a tax document: those are the SII's (src/domain/documento-tributario.ts), issued by a
// certified provider, and every receipt here says so on its face (`AVISO_NO_TRIBUTARIO`).

export const DOC_REGLAMENTO = '6'
/** The enrolment's program fee, paid: once per enrolment (it used to be called an invoice). */
export const DOC_COMPROBANTE_PROGRAMA = '30'
export const DOC_COMPROBANTE_PAGO = '31'
/** A refund's receipt, one per refund (its id is the reference). */
export const DOC_COMPROBANTE_REEMBOLSO = '32'
export const DOC_CERTIFICADO_PROGRAMA = '35'

export const TIPOS_DOCUMENTO_EMITIDO = {
  [DOC_REGLAMENTO]: 'Reglamento Firmado',
  [DOC_COMPROBANTE_PROGRAMA]: 'Comprobante de Pago del Programa',
  [DOC_COMPROBANTE_PAGO]: 'Comprobante de Pago',
  [DOC_COMPROBANTE_REEMBOLSO]: 'Comprobante de Reembolso',
  [DOC_CERTIFICADO_PROGRAMA]: 'Certificado Programa',
} as const

export type CodDocumentoEmitido = keyof typeof TIPOS_DOCUMENTO_EMITIDO

/** Where the signed-in owner downloads an issued document. */
export function enlaceDocumentoEmitido(codigo: string): string {
  return `/api/documentos-emitidos/${encodeURIComponent(codigo)}`
}

/** A revocation recorded as a moment is told as its date in Chile; a bare date stays as it is. */
export function fechaDeRevocacion(revocadoEn: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(revocadoEn) ? revocadoEn : fechaEnChile(new Date(revocadoEn))
}

/** What every receipt the portal draws says on its face: it does not replace the SII's document. */
export const AVISO_NO_TRIBUTARIO = 'Este comprobante no es un documento tributario.'

/**
 * How a kind of document is spoken of: its name takes 'válido' or 'válida', 'revocado' or
 * 'revocada'. Every kind the portal issues now is masculine; the rule stays for the next one.
 */
const FEMENINOS: readonly string[] = []

/**
 * What the public validator tells about a document, as recorded when it was issued: its kind, its
 * holder, the program and the issue date ('yyyy-mm-dd'); `revocadoEn` is the date it was revoked.
 * Never the holder's RUT or passport: whoever has the code sees only what the verification needs.
 */
export type DocumentoVerificado = {
  codigo: string
  codTipoDocumento: string
  tipo: string
  titular: string
  programa: string
  fechaEmision: string
  revocadoEn: string | null
}

/** 'válido' or 'válida', 'revocado' or 'revocada', by the kind of document. */
function adjetivo(codTipoDocumento: string, masculino: string): string {
  return FEMENINOS.includes(codTipoDocumento) ? `${masculino.slice(0, -1)}a` : masculino
}

/**
 * How a document refers to the person who asked for it, agreeing with their registered sex:
 * 'de la interesada', 'del interesado'; for 'No Binario', or when it is not recorded, the words
 * that name no gender, 'de la persona interesada'.
 */
export function aPeticionDe(sexoRegistral: string | null | undefined): string {
  if (sexoRegistral === 'Femenino') return 'de la interesada'
  if (sexoRegistral === 'Masculino') return 'del interesado'
  return 'de la persona interesada'
}

/** 'Certificado Programa válido', 'Comprobante de Pago válido'. */
export function tituloDocumentoValido(doc: Pick<DocumentoVerificado, 'codTipoDocumento' | 'tipo'>): string {
  return `${doc.tipo} ${adjetivo(doc.codTipoDocumento, 'válido')}`
}

/** 'Certificado Programa revocado', 'Comprobante de Pago revocado'. */
export function tituloDocumentoRevocado(doc: Pick<DocumentoVerificado, 'codTipoDocumento' | 'tipo'>): string {
  return `${doc.tipo} ${adjetivo(doc.codTipoDocumento, 'revocado')}`
}

/** One sentence saying what a valid document certifies, in the words of its kind. */
export function fraseDocumentoValido(doc: DocumentoVerificado, fecha: (iso: string) => string): string {
  const emitido = fecha(doc.fechaEmision)
  switch (doc.codTipoDocumento) {
    case DOC_CERTIFICADO_PROGRAMA:
      return `${tituloDocumentoValido(doc)}: certifica que ${doc.titular} aprobó el programa ${doc.programa}. Emitido por la escuela el ${emitido}.`
    case DOC_REGLAMENTO:
      return `${tituloDocumentoValido(doc)}: ${doc.titular} aceptó con firma electrónica el reglamento del programa ${doc.programa}. Emitido por la escuela el ${emitido}.`
    case DOC_COMPROBANTE_PROGRAMA:
      return `${tituloDocumentoValido(doc)}: pago del programa ${doc.programa} de ${doc.titular}. Emitido por la escuela el ${emitido}.`
    case DOC_COMPROBANTE_PAGO:
      return `${tituloDocumentoValido(doc)}: pago de ${doc.titular} por el programa ${doc.programa}. Emitido por la escuela el ${emitido}.`
    case DOC_COMPROBANTE_REEMBOLSO:
      return `${tituloDocumentoValido(doc)}: reembolso a ${doc.titular} de un pago por el programa ${doc.programa}. Emitido por la escuela el ${emitido}.`
    default:
      return `${tituloDocumentoValido(doc)}: emitido por la escuela el ${emitido} a ${doc.titular}, programa ${doc.programa}.`
  }
}

/** Why a revoked document is not valid, with the date it was revoked. */
export function mensajeDocumentoRevocado(doc: DocumentoVerificado, fecha: (iso: string) => string): string {
  const cuando = doc.revocadoEn ? ` el ${fecha(doc.revocadoEn)}` : ''
  return `${tituloDocumentoRevocado(doc)} por la escuela${cuando}: ya no es ${adjetivo(doc.codTipoDocumento, 'válido')}.`
}
