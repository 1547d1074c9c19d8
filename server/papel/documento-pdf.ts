// One document service: every PDF the portal issues (regulations, certificates, invoices) is
// laid out here from a template in code, carries a verification code and a QR to the public
// validator, and is signed with the school's certificate (PAdES), so tampering shows in any PDF
// reader and anyone can check it by its code.
import { createHash, randomInt } from 'node:crypto'
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { P12Signer } from '@signpdf/signer-p12'
import { SignPdf } from '@signpdf/signpdf'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import { NOMBRE_ESCUELA } from '../../src/domain/portal.ts'
import type { CertificadoEscuela } from './certificado-escuela.ts'

/**
 * A piece of a document: a paragraph, a heading, or label/value rows (the holder's data, an
 * invoice's amounts).
 */
export type Bloque = string | { subtitulo: string } | { datos: readonly (readonly [string, string])[] }

/** What a document says, in Spanish: its title and its blocks, in order. */
export type ContenidoDocumento = { titulo: string; bloques: readonly Bloque[] }

export type DocumentoFirmado = { bytes: Uint8Array; codigo: string; sha256: string }

// A4 in points, with 2 cm margins.
const ANCHO = 595.28
const ALTO = 841.89
const MARGEN = 56.7
const TAMANO_TEXTO = 11
const INTERLINEA = 16

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALFABETO_CODIGO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const LARGO_CODIGO = 28

/** An unguessable verification code: 28 characters, about 137 bits. */
export function nuevoCodigoVerificacion(): string {
  return Array.from({ length: LARGO_CODIGO }, () => ALFABETO_CODIGO[randomInt(ALFABETO_CODIGO.length)]).join('')
}

/** Splits a paragraph into lines that fit `ancho` in `fuente`; a word too long (a hash) is cut. */
function lineas(texto: string, fuente: PDFFont, tamano: number, ancho: number): string[] {
  const cabe = (t: string) => fuente.widthOfTextAtSize(t, tamano) <= ancho
  const resultado: string[] = []
  let actual = ''
  for (let palabra of texto.split(/\s+/)) {
    while (!cabe(palabra)) {
      let corte = palabra.length - 1
      while (corte > 1 && !cabe(palabra.slice(0, corte))) corte--
      if (actual) resultado.push(actual)
      resultado.push(palabra.slice(0, corte))
      actual = ''
      palabra = palabra.slice(corte)
    }
    const prueba = actual ? `${actual} ${palabra}` : palabra
    if (cabe(prueba) || !actual) actual = prueba
    else {
      resultado.push(actual)
      actual = palabra
    }
  }
  if (actual) resultado.push(actual)
  return resultado
}

/**
 * The document as a signed PDF. `urlValidador` is the public validator's address for this code
 * (what the QR opens and the footer prints).
 */
export async function emitirPdfFirmado(
  contenido: ContenidoDocumento,
  {
    certificado,
    urlValidador,
    codigo = nuevoCodigoVerificacion(),
    ahora = new Date(),
  }: {
    certificado: CertificadoEscuela
    urlValidador: (codigo: string) => string
    codigo?: string
    ahora?: Date
  },
): Promise<DocumentoFirmado> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(contenido.titulo)
  pdf.setAuthor(NOMBRE_ESCUELA)
  pdf.setCreationDate(ahora)
  const normal = await pdf.embedFont(StandardFonts.Helvetica)
  const negrita = await pdf.embedFont(StandardFonts.HelveticaBold)
  const url = urlValidador(codigo)
  const qr = await pdf.embedPng(await QRCode.toBuffer(url, { margin: 1, width: 240 }))

  const paginas: PDFPage[] = []
  let pagina = pdf.addPage([ANCHO, ALTO])
  paginas.push(pagina)
  let y = ALTO - MARGEN
  pagina.drawText(NOMBRE_ESCUELA, { x: MARGEN, y: y - 14, size: 14, font: negrita, color: rgb(0.04, 0.31, 0.54) })
  y -= 48
  for (const linea of lineas(contenido.titulo, negrita, 16, ANCHO - 2 * MARGEN)) {
    pagina.drawText(linea, { x: MARGEN, y, size: 16, font: negrita })
    y -= 22
  }
  y -= 10
  // Room kept at the foot of every page for the verification line and the page number.
  const pie = MARGEN + 110
  const ancho = ANCHO - 2 * MARGEN
  /** Moves down by `alto`, starting a new page first when the line would enter the footer. */
  const nuevaPagina = () => {
    pagina = pdf.addPage([ANCHO, ALTO])
    paginas.push(pagina)
    y = ALTO - MARGEN
  }
  const bajar = (alto: number) => {
    if (y - alto < pie) nuevaPagina()
    y -= alto
  }
  for (const bloque of contenido.bloques) {
    if (typeof bloque === 'string') {
      for (const linea of lineas(bloque, normal, TAMANO_TEXTO, ancho)) {
        bajar(INTERLINEA)
        pagina.drawText(linea, { x: MARGEN, y, size: TAMANO_TEXTO, font: normal })
      }
    } else if ('subtitulo' in bloque) {
      y -= INTERLINEA / 2
      // A heading never ends a page: it starts the next one when its first lines would not fit.
      if (y - 3 * INTERLINEA < pie) nuevaPagina()
      for (const linea of lineas(bloque.subtitulo, negrita, 12, ancho)) {
        bajar(INTERLINEA + 2)
        pagina.drawText(linea, { x: MARGEN, y, size: 12, font: negrita })
      }
    } else {
      // Labels in a column of a third of the width, values beside them.
      const anchoEtiqueta = ancho / 3
      for (const [etiqueta, valor] of bloque.datos) {
        const partes = lineas(valor, normal, TAMANO_TEXTO, ancho - anchoEtiqueta)
        partes.forEach((linea, i) => {
          bajar(INTERLINEA)
          if (i === 0) pagina.drawText(etiqueta, { x: MARGEN, y, size: TAMANO_TEXTO, font: negrita })
          pagina.drawText(linea, { x: MARGEN + anchoEtiqueta, y, size: TAMANO_TEXTO, font: normal })
        })
      }
    }
    y -= INTERLINEA / 2
  }
  paginas.forEach((p, i) => {
    p.drawImage(qr, { x: ANCHO - MARGEN - 80, y: MARGEN, width: 80, height: 80 })
    p.drawText(`Código de verificación: ${codigo}`, { x: MARGEN, y: MARGEN + 50, size: 9, font: negrita })
    // The QR takes the right of the footer: the lines beside it wrap before it.
    const anchoPie = ANCHO - 2 * MARGEN - 90
    const lineasPie = [
      ...lineas(`Verifique este documento en ${url}`, normal, 7, anchoPie),
      `Documento firmado electrónicamente por ${NOMBRE_ESCUELA}.`,
    ]
    lineasPie.forEach((linea, j) => p.drawText(linea, { x: MARGEN, y: MARGEN + 36 - j * 10, size: 7, font: normal }))
    p.drawText(`Página ${i + 1} de ${paginas.length}`, { x: MARGEN, y: MARGEN - 14, size: 8, font: normal })
  })

  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: contenido.titulo,
    contactInfo: 'validador de certificados del portal',
    name: NOMBRE_ESCUELA,
    location: 'Chile',
    signingTime: ahora,
    subFilter: 'ETSI.CAdES.detached',
  })
  const sinFirma = Buffer.from(await pdf.save({ useObjectStreams: false }))
  // A named import: the package is CommonJS, and its default export differs between Node and Vite.
  const firmado = await new SignPdf().sign(
    sinFirma,
    new P12Signer(certificado.p12, { passphrase: certificado.passphrase }),
  )
  const bytes = new Uint8Array(firmado)
  return { bytes, codigo, sha256: createHash('sha256').update(bytes).digest('hex') }
}
