// What the printed form of an SII electronic tax document must say (the 'representación impresa'):
// the issuer, the red box with the issuer's RUT, the document's name and its folio, the receiver,
// the detail and total, a nota de crédito's references, and under the PDF417 stamp (the TED) the
// caption 'Timbre Electrónico SII', the resolution that authorised the issuer and where to check
// the document. Shared by the server that draws the PDF and its tests.
import { fechaLarga } from './fechas.ts'
import { formatearClp } from './moneda.ts'
import { rutConPuntos } from './rut.ts'

/** The document types the portal prints: boleta exenta, factura exenta, nota de crédito. */
export type TipoDteImpreso = 41 | 34 | 61

/** Each type's name as the SII's printed form writes it in the red box (upper case). */
export const NOMBRE_IMPRESO_DTE: Record<TipoDteImpreso, string> = {
  41: 'BOLETA EXENTA ELECTRÓNICA',
  34: 'FACTURA NO AFECTA O EXENTA ELECTRÓNICA',
  61: 'NOTA DE CRÉDITO ELECTRÓNICA',
}

/** The reference codes of a nota de crédito (CodRef). */
export const CODIGOS_REFERENCIA: Record<1 | 2 | 3, string> = {
  1: 'Anula documento de referencia',
  2: 'Corrige texto del documento de referencia',
  3: 'Corrige montos',
}

/** The names of the documents a reference can point to (TpoDocRef), in words. */
const NOMBRE_REFERIDO: Record<number, string> = {
  33: 'Factura electrónica',
  34: 'Factura no afecta o exenta electrónica',
  39: 'Boleta electrónica',
  41: 'Boleta exenta electrónica',
  56: 'Nota de débito electrónica',
  61: 'Nota de crédito electrónica',
}

/** The caption printed under the stamp; the second and third lines are built by `pieTimbre`. */
export const TEXTO_TIMBRE = 'Timbre Electrónico SII'
export const TEXTO_VERIFIQUE = 'Verifique documento: www.sii.cl'
/** Printed across a document issued by the sandbox: it was never sent to the SII. */
export const TEXTO_SIN_VALIDEZ = 'SIN VALIDEZ TRIBUTARIA'

/**
 * How the PDF417 stamp is encoded, as the SII asks: error correction level 5; the TED's text is
 * ISO-8859-1, so each character is one byte (`binarytext`: bwip-js would otherwise send UTF-8).
 */
export const OPCIONES_PDF417 = { eclevel: 5, columns: 12, binarytext: true } as const

export type EmisorImpreso = {
  rut: string
  razonSocial: string
  giro: string
  direccion: string
  comuna: string
  ciudad?: string
}

export type ReceptorImpreso = {
  /** A RUT ('12345678-5'); a foreign student's passport goes in `documento` with the type named. */
  rut?: string | null
  documento?: { tipo: string; numero: string } | null
  razonSocial: string
  giro?: string | null
  direccion?: string | null
  comuna?: string | null
  ciudad?: string | null
}

export type LineaDetalle = { nombre: string; cantidad?: number; precioUnitario?: number; monto: number }

export type ReferenciaImpresa = {
  /** The referenced document's type (TpoDocRef), e.g. 41. */
  tipo: number
  folio: number
  /** 'yyyy-mm-dd'. */
  fecha: string
  /** CodRef: 1 cancels the document, 3 corrects the amount. */
  codigo?: 1 | 2 | 3 | null
  razon?: string | null
}

/** Everything the printed form needs, as the provider gave it. */
export type DatosDocumentoTributario = {
  tipo: TipoDteImpreso
  folio: number
  /** 'yyyy-mm-dd'. */
  fechaEmision: string
  emisor: EmisorImpreso
  receptor: ReceptorImpreso
  detalle: readonly LineaDetalle[]
  /** Exempt amount; a boleta or factura exenta has no VAT, so it equals the total. */
  montoExento?: number
  total: number
  referencias?: readonly ReferenciaImpresa[]
  /** The electronic stamp: the `<TED …>…</TED>` element exactly as the provider returned it. */
  ted: string
  /** The SII resolution that authorises the issuer: its number and date ('yyyy-mm-dd'). */
  resolucion: { numero: number; fecha: string }
  /** The sandbox's documents: 'SIN VALIDEZ TRIBUTARIA' across the page. */
  sinValidez?: boolean
}

/** 'R.U.T.: 76.123.456-7', as in the red box. */
export function rutRecuadro(rut: string): string {
  return `R.U.T.: ${rutConPuntos(rut)}`
}

/** 'N° 1234'. */
export function folioImpreso(folio: number): string {
  return `N° ${folio}`
}

/** 'Res. N° 80 de 2014': the resolution's number and year, as the SII's printed forms write it. */
export function textoResolucion(r: { numero: number; fecha: string }): string {
  return `Res. N° ${r.numero} de ${r.fecha.slice(0, 4)}`
}

/** The three lines under the stamp. */
export function pieTimbre(d: Pick<DatosDocumentoTributario, 'resolucion'>): [string, string, string] {
  return [TEXTO_TIMBRE, textoResolucion(d.resolucion), TEXTO_VERIFIQUE]
}

/** A reference as one line: 'Boleta exenta electrónica N° 12 del 3 de marzo de 2026: Anula …'. */
export function textoReferencia(r: ReferenciaImpresa): string {
  const nombre = NOMBRE_REFERIDO[r.tipo] ?? `Documento tipo ${r.tipo}`
  const motivo = [r.codigo ? CODIGOS_REFERENCIA[r.codigo] : null, r.razon].filter(Boolean).join('. ')
  return `${nombre} ${folioImpreso(r.folio)} del ${fechaLarga(r.fecha)}${motivo ? `: ${motivo}` : ''}`
}

/** The receiver's identification line: 'R.U.T.: 12.345.678-5' or 'Pasaporte: X123'. */
export function identificacionReceptor(r: ReceptorImpreso): string | null {
  if (r.rut) return rutRecuadro(r.rut)
  if (r.documento) return `${r.documento.tipo}: ${r.documento.numero}`
  return null
}

/**
 * The texts the printed form must carry, in the order they appear; the drawing writes each of
 * them and the tests find each of them in the PDF.
 */
export function textosRequeridos(d: DatosDocumentoTributario): string[] {
  const textos = [
    d.emisor.razonSocial,
    rutRecuadro(d.emisor.rut),
    d.emisor.giro,
    NOMBRE_IMPRESO_DTE[d.tipo],
    folioImpreso(d.folio),
    d.receptor.razonSocial,
    `Total: ${formatearClp(d.total)}`,
    ...(d.referencias ?? []).map(textoReferencia),
    ...pieTimbre(d),
  ]
  const id = identificacionReceptor(d.receptor)
  if (id) textos.splice(6, 0, id)
  if (d.sinValidez) textos.push(TEXTO_SIN_VALIDEZ)
  return textos
}

/** A nota de crédito refers to the document it corrects or cancels: without one it is not valid. */
export function faltaReferencia(d: Pick<DatosDocumentoTributario, 'tipo' | 'referencias'>): boolean {
  return d.tipo === 61 && !(d.referencias && d.referencias.length > 0)
}
