// What the printed form of an SII electronic tax document must say (the 'representación impresa'):
// the issuer, the red box with the issuer's RUT, the document's name and its folio, the receiver,
// the detail and total, a nota de crédito's references, and under the PDF417 stamp (the TED) the
// caption 'Timbre Electrónico SII', the resolution that authorised the issuer and where to check
// the document. Shared by the server that draws the PDF and its tests.
import { fechaLarga } from './fechas.ts'
import { formatearClp } from './moneda.ts'
import type { DatosImpresoTributario, Receptor, TipoDte } from './documento-tributario.ts'
import { rutConPuntos } from './rut.ts'

/** Each type's name as the SII's printed form writes it in the red box (upper case). */
export const NOMBRE_IMPRESO_DTE: Record<TipoDte, string> = {
  41: 'BOLETA EXENTA ELECTRÓNICA',
  34: 'FACTURA NO AFECTA O EXENTA ELECTRÓNICA',
  61: 'NOTA DE CRÉDITO ELECTRÓNICA',
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

/** A reference of a nota de crédito as printed. */
export type ReferenciaImpresa = NonNullable<DatosImpresoTributario['referencia']>

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
export function pieTimbre(d: {
  emisor: Pick<DatosImpresoTributario['emisor'], 'resolucion'>
}): [string, string, string] {
  return [TEXTO_TIMBRE, textoResolucion(d.emisor.resolucion), TEXTO_VERIFIQUE]
}

/** A reference as one line: 'Boleta exenta electrónica N° 12 del 3 de marzo de 2026: Anula documento de referencia (código 1)'. */
export function textoReferencia(r: ReferenciaImpresa): string {
  const nombre = NOMBRE_REFERIDO[r.tipo] ?? `Documento tipo ${r.tipo}`
  return `${nombre} ${folioImpreso(r.folio)} del ${fechaLarga(r.fecha)}: ${r.razon} (código ${r.codigo})`
}

/**
 * The receiver's identification lines: 'R.U.T.: 12.345.678-5'; a foreigner without a RUT is the
 * SII's generic receiver (66.666.666-6) with their passport or DNI beside it.
 */
export function identificacionReceptor(r: Pick<Receptor, 'rut' | 'documentoExtranjero'>): string[] {
  return [rutRecuadro(r.rut), ...(r.documentoExtranjero ? [`Documento: ${r.documentoExtranjero}`] : [])]
}

/**
 * The texts the printed form must carry, in the order they appear; the drawing writes each of
 * them and the tests find each of them in the PDF.
 */
export function textosRequeridos(d: DatosImpresoTributario): string[] {
  return [
    d.emisor.razonSocial,
    rutRecuadro(d.emisor.rut),
    d.emisor.giro,
    NOMBRE_IMPRESO_DTE[d.tipo],
    folioImpreso(d.folio),
    d.receptor.razonSocial,
    ...identificacionReceptor(d.receptor),
    `Total: ${formatearClp(d.montoTotal)}`,
    ...(d.referencia ? [textoReferencia(d.referencia)] : []),
    ...pieTimbre(d),
    ...(d.sinValidez ? [TEXTO_SIN_VALIDEZ] : []),
  ]
}

/** A nota de crédito refers to the document it corrects or cancels: without one it is not valid. */
export function faltaReferencia(d: Pick<DatosImpresoTributario, 'tipo' | 'referencia'>): boolean {
  return d.tipo === 61 && !d.referencia
}
