// The printed form of an SII electronic tax document (boleta exenta, factura exenta, nota de
// crédito) drawn by the portal from what the provider returned: the issuer, the red box with the
// RUT, the type and the folio, the receiver, the detail and total, a nota de crédito's references,
// and the electronic stamp (TED) as a PDF417 barcode with its caption. Used where the provider
// gives the TED but no PDF, and by the sandbox (which prints 'SIN VALIDEZ TRIBUTARIA' across it).
// Not signed by the school and with no verification code of ours: its validity is the SII's.
import bwipjs from 'bwip-js/node'
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { fechaLarga } from '../../src/domain/fechas.ts'
import {
  NOMBRE_IMPRESO_DTE,
  OPCIONES_PDF417,
  TEXTO_SIN_VALIDEZ,
  faltaReferencia,
  folioImpreso,
  identificacionReceptor,
  pieTimbre,
  rutRecuadro,
  textoReferencia,
  type DatosDocumentoTributario,
} from '../../src/domain/impreso-tributario.ts'
import { formatearClp } from '../../src/domain/moneda.ts'

export type {
  DatosDocumentoTributario,
  EmisorImpreso,
  LineaDetalle,
  ReceptorImpreso,
  ReferenciaImpresa,
  TipoDteImpreso,
} from '../../src/domain/impreso-tributario.ts'

// A4 in points, with 2 cm margins.
const ANCHO = 595.28
const ALTO = 841.89
const MARGEN = 56.7
const ROJO = rgb(0.8, 0.05, 0.05)
const NEGRO = rgb(0, 0, 0)
const GRIS = rgb(0.35, 0.35, 0.35)

/** Each module of the stamp, in pixels of the embedded image and in points on the page. */
const PIXELES_MODULO = 3
const PUNTOS_MODULO = 0.85

/**
 * The PDF417 stamp of a TED as a PNG (black on white, `PIXELES_MODULO` pixels a module, the
 * quiet zone included). The TED's characters are its bytes (ISO-8859-1).
 */
export async function pdf417DelTed(
  ted: string,
): Promise<{ png: Uint8Array; modulosAncho: number; modulosAlto: number }> {
  if (!ted.trim()) throw new Error('El documento no trae timbre electrónico (TED).')
  // eslint-disable-next-line no-control-regex -- any character past Latin-1, whatever it is
  if (/[^\u0000-\u00ff]/.test(ted)) throw new Error('El timbre electrónico (TED) tiene caracteres fuera de ISO-8859-1.')
  const png = await bwipjs.toBuffer({
    bcid: 'pdf417',
    text: ted,
    ...OPCIONES_PDF417,
    scale: PIXELES_MODULO,
    paddingwidth: 2,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  })
  const ancho = png.readUInt32BE(16)
  const alto = png.readUInt32BE(20)
  return { png: new Uint8Array(png), modulosAncho: ancho / PIXELES_MODULO, modulosAlto: alto / PIXELES_MODULO }
}

/** Characters a standard font cannot draw (outside WinAnsi) become '?', never an exception. */
function dibujable(fuente: PDFFont, texto: string): string {
  const juego = new Set(fuente.getCharacterSet())
  return Array.from(texto.replace(/\s+/g, ' '))
    .map((c) => (juego.has(c.codePointAt(0) ?? 0) ? c : '?'))
    .join('')
}

/** Splits a text into lines that fit `ancho`; a word too long is cut. */
function partir(texto: string, fuente: PDFFont, tamano: number, ancho: number): string[] {
  const cabe = (t: string) => fuente.widthOfTextAtSize(t, tamano) <= ancho
  const lineas: string[] = []
  let actual = ''
  for (let palabra of dibujable(fuente, texto).split(' ')) {
    while (!cabe(palabra)) {
      let corte = palabra.length - 1
      while (corte > 1 && !cabe(palabra.slice(0, corte))) corte--
      if (actual) lineas.push(actual)
      lineas.push(palabra.slice(0, corte))
      actual = ''
      palabra = palabra.slice(corte)
    }
    const prueba = actual ? `${actual} ${palabra}` : palabra
    if (cabe(prueba) || !actual) actual = prueba
    else {
      lineas.push(actual)
      actual = palabra
    }
  }
  if (actual) lineas.push(actual)
  return lineas
}

type Pluma = { pagina: PDFPage; normal: PDFFont; negrita: PDFFont }

/** Writes a text from (x, y) down, wrapped at `ancho`; returns the y under it. */
function escribir(
  p: Pluma,
  texto: string,
  x: number,
  y: number,
  ancho: number,
  { tamano = 10, negrita = false, color = NEGRO, centrado = false } = {},
): number {
  const fuente = negrita ? p.negrita : p.normal
  for (const linea of partir(texto, fuente, tamano, ancho)) {
    const dx = centrado ? (ancho - fuente.widthOfTextAtSize(linea, tamano)) / 2 : 0
    p.pagina.drawText(linea, { x: x + dx, y: y - tamano, size: tamano, font: fuente, color })
    y -= tamano * 1.35
  }
  return y
}

/** The printed form as a PDF (one A4 page). */
export async function dibujarDocumentoTributario(datos: DatosDocumentoTributario): Promise<Uint8Array> {
  if (!NOMBRE_IMPRESO_DTE[datos.tipo]) throw new Error(`Tipo de documento tributario desconocido: ${datos.tipo}`)
  if (faltaReferencia(datos)) throw new Error('Una nota de crédito debe referir al documento que corrige o anula.')
  const doc = await PDFDocument.create()
  doc.setTitle(`${NOMBRE_IMPRESO_DTE[datos.tipo]} ${folioImpreso(datos.folio)}`)
  doc.setAuthor(datos.emisor.razonSocial)
  const pagina = doc.addPage([ANCHO, ALTO])
  const p: Pluma = {
    pagina,
    normal: await doc.embedFont(StandardFonts.Helvetica),
    negrita: await doc.embedFont(StandardFonts.HelveticaBold),
  }
  const util = ANCHO - 2 * MARGEN

  // The red box: RUT, the type's name, the folio.
  const anchoCaja = 210
  const xCaja = ANCHO - MARGEN - anchoCaja
  const yCaja = ALTO - MARGEN
  let y = yCaja - 12
  y =
    escribir(p, rutRecuadro(datos.emisor.rut), xCaja + 8, y, anchoCaja - 16, {
      negrita: true,
      color: ROJO,
      tamano: 12,
      centrado: true,
    }) - 4
  y =
    escribir(p, NOMBRE_IMPRESO_DTE[datos.tipo], xCaja + 8, y, anchoCaja - 16, {
      negrita: true,
      color: ROJO,
      tamano: 12,
      centrado: true,
    }) - 4
  y = escribir(p, folioImpreso(datos.folio), xCaja + 8, y, anchoCaja - 16, {
    negrita: true,
    color: ROJO,
    tamano: 12,
    centrado: true,
  })
  const fondoCaja = y - 8
  pagina.drawRectangle({
    x: xCaja,
    y: fondoCaja,
    width: anchoCaja,
    height: yCaja - fondoCaja,
    borderColor: ROJO,
    borderWidth: 2.5,
  })

  // The issuer, beside the box.
  const anchoEmisor = xCaja - MARGEN - 16
  let ye = escribir(p, datos.emisor.razonSocial, MARGEN, yCaja, anchoEmisor, { negrita: true, tamano: 13 })
  ye = escribir(p, datos.emisor.giro, MARGEN, ye, anchoEmisor, { tamano: 9 })
  const lugar = [datos.emisor.direccion, datos.emisor.comuna, datos.emisor.ciudad].filter(Boolean).join(', ')
  ye = escribir(p, lugar, MARGEN, ye, anchoEmisor, { tamano: 9 })
  y = Math.min(ye, fondoCaja) - 18

  // The date and the receiver.
  y = escribir(p, `Fecha de emisión: ${fechaLarga(datos.fechaEmision)}`, MARGEN, y, util, { negrita: true }) - 6
  const r = datos.receptor
  const filasReceptor: [string, string][] = [['Señor(es)', r.razonSocial]]
  const id = identificacionReceptor(r)
  if (id) filasReceptor.push(['Identificación', id])
  if (r.giro) filasReceptor.push(['Giro', r.giro])
  const direccion = [r.direccion, r.comuna, r.ciudad].filter(Boolean).join(', ')
  if (direccion) filasReceptor.push(['Dirección', direccion])
  const anchoRotulo = 90
  const yInicioReceptor = y + 4
  for (const [rotulo, valor] of filasReceptor) {
    escribir(p, rotulo, MARGEN + 6, y, anchoRotulo, { negrita: true, tamano: 9.5 })
    // The identification line reads as printed on the box ('R.U.T.: …'), whole.
    y = escribir(p, valor, MARGEN + 6 + anchoRotulo, y, util - anchoRotulo - 12, { tamano: 9.5 })
  }
  pagina.drawRectangle({
    x: MARGEN,
    y: y - 2,
    width: util,
    height: yInicioReceptor - y + 2,
    borderColor: GRIS,
    borderWidth: 0.75,
  })
  y -= 18

  // The detail.
  const columnas = [
    { titulo: 'Descripción', x: MARGEN, ancho: util - 230 },
    { titulo: 'Cantidad', x: MARGEN + util - 225, ancho: 60 },
    { titulo: 'Precio unitario', x: MARGEN + util - 160, ancho: 80 },
    { titulo: 'Monto', x: MARGEN + util - 75, ancho: 75 },
  ]
  for (const c of columnas) escribir(p, c.titulo, c.x, y, c.ancho, { negrita: true, tamano: 9.5 })
  y -= 14
  pagina.drawLine({ start: { x: MARGEN, y }, end: { x: MARGEN + util, y }, thickness: 0.75, color: GRIS })
  y -= 4
  for (const linea of datos.detalle) {
    const [descripcion, cantidad, precio, monto] = columnas
    const yDesc = escribir(p, linea.nombre, descripcion!.x, y, descripcion!.ancho, { tamano: 9.5 })
    escribir(p, String(linea.cantidad ?? 1), cantidad!.x, y, cantidad!.ancho, { tamano: 9.5 })
    escribir(p, formatearClp(linea.precioUnitario ?? linea.monto), precio!.x, y, precio!.ancho, { tamano: 9.5 })
    escribir(p, formatearClp(linea.monto), monto!.x, y, monto!.ancho, { tamano: 9.5 })
    y = yDesc - 2
  }
  pagina.drawLine({ start: { x: MARGEN, y }, end: { x: MARGEN + util, y }, thickness: 0.75, color: GRIS })
  y -= 8
  const xTotales = MARGEN + util - 200
  y = escribir(p, `Monto exento: ${formatearClp(datos.montoExento ?? datos.total)}`, xTotales, y, 200, { tamano: 10 })
  y = escribir(p, `Total: ${formatearClp(datos.total)}`, xTotales, y, 200, { negrita: true, tamano: 11.5 }) - 12

  // A nota de crédito's references.
  if (datos.referencias && datos.referencias.length > 0) {
    y = escribir(p, 'Referencias', MARGEN, y, util, { negrita: true }) - 2
    for (const ref of datos.referencias) y = escribir(p, textoReferencia(ref), MARGEN + 6, y, util - 6, { tamano: 9.5 })
    y -= 12
  }

  // The stamp and its caption, bottom left as the SII's printed forms place it.
  const { png, modulosAncho, modulosAlto } = await pdf417DelTed(datos.ted)
  const imagen = await doc.embedPng(png)
  const anchoTimbre = Math.min(modulosAncho * PUNTOS_MODULO, util * 0.6)
  const altoTimbre = (anchoTimbre * modulosAlto) / modulosAncho
  const pie = pieTimbre(datos)
  const altoPie = pie.length * 9 * 1.35
  const yTimbre = Math.min(y - altoTimbre, MARGEN + altoPie + 40)
  pagina.drawImage(imagen, { x: MARGEN, y: yTimbre, width: anchoTimbre, height: altoTimbre })
  let yPie = yTimbre - 4
  for (const [i, linea] of pie.entries()) {
    yPie = escribir(p, linea, MARGEN, yPie, anchoTimbre, { tamano: 9, negrita: i === 0, centrado: true })
  }

  // The sandbox's documents were never sent to the SII: say so across the page.
  if (datos.sinValidez) {
    const tamano = 54
    const ancho = p.negrita.widthOfTextAtSize(TEXTO_SIN_VALIDEZ, tamano)
    const angulo = 35
    const rad = (angulo * Math.PI) / 180
    pagina.drawText(TEXTO_SIN_VALIDEZ, {
      x: ANCHO / 2 - (ancho / 2) * Math.cos(rad),
      y: ALTO / 2 - (ancho / 2) * Math.sin(rad),
      size: tamano,
      font: p.negrita,
      color: ROJO,
      opacity: 0.25,
      rotate: degrees(angulo),
    })
  }
  return doc.save({ useObjectStreams: false })
}
