// Checks a PDF's PAdES signature the way a PDF reader does, for the tests of every issued document.
import { createHash } from 'node:crypto'
import { inflateSync } from 'node:zlib'
import jsQR from 'jsqr'
import forge from 'node-forge'
import { decodePDFRawStream, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib'

/** The length of the DER value at the start of `bytes`: its tag, the bytes of its length, its content. */
function largoDer(bytes: string): number {
  const primero = bytes.charCodeAt(1)
  if (primero < 0x80) return 2 + primero
  const n = primero & 0x7f
  let largo = 0
  for (let i = 0; i < n; i++) largo = largo * 256 + bytes.charCodeAt(2 + i)
  return 2 + n + largo
}

/**
 * Checks a PAdES signature as a PDF reader does: the PKCS#7 message in /Contents must hold the
 * SHA-256 of exactly the bytes /ByteRange names, signed by the certificate it carries.
 */
export function firmaValida(pdf: Uint8Array): boolean {
  const texto = Buffer.from(pdf).toString('latin1')
  const rango = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(texto)
  if (!rango) return false
  const [a, b, c, d] = rango.slice(1).map(Number) as [number, number, number, number]
  const firmado = Buffer.concat([Buffer.from(pdf.subarray(a, a + b)), Buffer.from(pdf.subarray(c, c + d))])
  // The message as DER, then the zeros that pad the placeholder: the DER's own length says where
  // it ends (stripping trailing zeros instead would also strip a signature that ends in a 0x00
  // byte, one in 256).
  const der = forge.util.hexToBytes(texto.slice(a + b + 1, c - 1))
  const p7 = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(der.slice(0, largoDer(der))),
  ) as forge.pkcs7.Captured<forge.pkcs7.PkcsSignedData> & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string }
  }
  const atributos = p7.rawCapture.authenticatedAttributes
  const digestoOid = forge.pki.oids.messageDigest
  const digesto = atributos
    .map((attr: forge.asn1.Asn1) => attr.value as forge.asn1.Asn1[])
    .find((partes: forge.asn1.Asn1[]) => forge.asn1.derToOid((partes[0]?.value as string) ?? '') === digestoOid)?.[1]
  if (!digesto) return false
  const valorDigesto = ((digesto.value as forge.asn1.Asn1[])[0]?.value as string) ?? ''
  if (Buffer.from(valorDigesto, 'binary').toString('hex') !== createHash('sha256').update(firmado).digest('hex'))
    return false
  // The signature is over the authenticated attributes, DER-encoded as a SET.
  const conjunto = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, atributos)
  const md = forge.md.sha256.create()
  md.update(forge.asn1.toDer(conjunto).getBytes())
  const emisor = p7.certificates[0]
  return !!emisor && (emisor.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().bytes(), p7.rawCapture.signature)
}

/**
 * The text a PDF made by our document service shows, line by line: its content streams inflated
 * and each hex string drawn with Tj decoded (standard fonts, WinAnsi, which matches Latin-1 for
 * Spanish letters).
 */
export function textoDePdf(pdf: Uint8Array): string {
  const crudo = Buffer.from(pdf)
  const lineas: string[] = []
  let desde = 0
  for (;;) {
    const inicio = crudo.indexOf('stream', desde, 'latin1')
    if (inicio < 0) break
    const datos = inicio + (crudo[inicio + 6] === 0x0d ? 8 : 7)
    const fin = crudo.indexOf('endstream', datos, 'latin1')
    if (fin < 0) break
    desde = fin + 9
    let contenido: string
    try {
      contenido = inflateSync(crudo.subarray(datos, fin)).toString('latin1')
    } catch {
      continue
    }
    for (const [, hex] of contenido.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lineas.push(Buffer.from(hex ?? '', 'hex').toString('latin1'))
    }
  }
  return lineas.join('\n')
}

/** What the QR code drawn on a PDF says (the first image that decodes as one), or null. */
export async function qrDePdf(pdf: Uint8Array): Promise<string | null> {
  const documento = await PDFDocument.load(pdf)
  for (const [, objeto] of documento.context.enumerateIndirectObjects()) {
    if (!(objeto instanceof PDFRawStream) || objeto.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue
    const ancho = (objeto.dict.get(PDFName.of('Width')) as PDFNumber).asNumber()
    const alto = (objeto.dict.get(PDFName.of('Height')) as PDFNumber).asNumber()
    const pixeles = decodePDFRawStream(objeto).decode()
    const componentes = pixeles.length / (ancho * alto)
    if (componentes !== 1 && componentes !== 3) continue
    const rgba = new Uint8ClampedArray(ancho * alto * 4)
    for (let i = 0; i < ancho * alto; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixeles[i * componentes + (componentes === 3 ? c : 0)] ?? 0
      rgba[i * 4 + 3] = 255
    }
    const codigo = jsQR(rgba, ancho, alto)
    if (codigo) return codigo.data
  }
  return null
}
