// Reads back the PDF417 stamp (the SII's TED) drawn on a printed tax document: every image in the
// PDF is decoded with ZXing's PDF417 reader, as a scanner would read the printed page's pixels.
// eslint-disable-next-line import/default -- CommonJS under Node: the module object is the default
import zxing from '@zxing/library'
import { decodePDFRawStream, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib'

// @zxing/library is CommonJS: its classes come from the default export under Node.
const { BinaryBitmap, DecodeHintType, HybridBinarizer, PDF417Reader, RGBLuminanceSource } = zxing

/** What a PDF417 barcode in grey levels (one byte a pixel, row by row) says, or null. */
export function leerPdf417(grises: Uint8ClampedArray, ancho: number, alto: number): string | null {
  try {
    const imagen = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grises, ancho, alto)))
    return new PDF417Reader().decode(imagen, new Map([[DecodeHintType.PURE_BARCODE, true]])).getText()
  } catch {
    return null
  }
}

/** What the first image of a PDF that decodes as a PDF417 barcode says, or null. */
export async function pdf417DePdf(pdf: Uint8Array): Promise<string | null> {
  const documento = await PDFDocument.load(pdf)
  for (const [, objeto] of documento.context.enumerateIndirectObjects()) {
    if (!(objeto instanceof PDFRawStream) || objeto.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue
    const ancho = (objeto.dict.get(PDFName.of('Width')) as PDFNumber).asNumber()
    const alto = (objeto.dict.get(PDFName.of('Height')) as PDFNumber).asNumber()
    const pixeles = decodePDFRawStream(objeto).decode()
    const componentes = pixeles.length / (ancho * alto)
    if (componentes !== 1 && componentes !== 3) continue
    const grises = new Uint8ClampedArray(ancho * alto)
    for (let i = 0; i < ancho * alto; i++) grises[i] = pixeles[i * componentes] ?? 255
    const texto = leerPdf417(grises, ancho, alto)
    if (texto !== null) return texto
  }
  return null
}
