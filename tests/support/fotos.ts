// Photos for tests, made on the spot (no big binary in the repository): JPEG headers for the
// rules' unit tests, and a phone-sized photo of a document drawn by the browser's own canvas.

/** SOI, an optional APP0, a SOF0 of the given stored size, SOS and EOI: enough for header readers. */
export function jpegMinimo(ancho: number, alto: number): Uint8Array {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, alto >> 8, alto & 0xff, ancho >> 8, ancho & 0xff, 0x03]
  for (let c = 1; c <= 3; c++) sof.push(c, 0x11, 0x00)
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0]
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9])
}

/**
 * The JPEG with an EXIF block (APP1) saying `orientacion`, inserted right after SOI, in the byte
 * order a camera may use ('II' little-endian, as phones write, or 'MM').
 */
export function conOrientacionExif(jpeg: Uint8Array, orientacion: number, littleEndian = true): Uint8Array {
  const tiff = new Uint8Array(26)
  const v = new DataView(tiff.buffer)
  v.setUint16(0, littleEndian ? 0x4949 : 0x4d4d)
  v.setUint16(2, 42, littleEndian)
  v.setUint32(4, 8, littleEndian) // IFD0 right after the header
  v.setUint16(8, 1, littleEndian) // one entry
  v.setUint16(10, 0x0112, littleEndian) // Orientation
  v.setUint16(12, 3, littleEndian) // SHORT
  v.setUint32(14, 1, littleEndian) // count
  v.setUint16(18, orientacion, littleEndian)
  v.setUint32(22, 0, littleEndian) // no next IFD
  const cuerpo = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff])
  const largo = cuerpo.length + 2
  const app1 = new Uint8Array([0xff, 0xe1, largo >> 8, largo & 0xff, ...cuerpo])
  const salida = new Uint8Array(jpeg.length + app1.length)
  salida.set(jpeg.subarray(0, 2))
  salida.set(app1, 2)
  salida.set(jpeg.subarray(2), 2 + app1.length)
  return salida
}

/**
 * Runs in the page (`page.evaluate(dibujarFotoDeDocumento, opciones)`): a photo of a printed page
 * as a phone takes it, `ancho` x `alto` pixels, with lines of text, uneven light and sensor
 * noise (what makes a real photo weigh 4 to 8 MB), encoded as JPEG at `calidad`. Returns it in
 * base64. `marca` is drawn big in the corner, to tell pages apart.
 */
export async function dibujarFotoDeDocumento(opciones: {
  ancho: number
  alto: number
  calidad: number
  ruido: number
  marca: string
}): Promise<string> {
  const { ancho, alto, calidad, ruido, marca } = opciones
  const canvas = document.createElement('canvas')
  canvas.width = ancho
  canvas.height = alto
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('sin canvas 2d')
  const luz = ctx.createLinearGradient(0, 0, ancho, alto)
  luz.addColorStop(0, '#f4efe4')
  luz.addColorStop(1, '#b9b2a4')
  ctx.fillStyle = luz
  ctx.fillRect(0, 0, ancho, alto)
  ctx.fillStyle = '#1d1d2b'
  const tamano = Math.round(Math.min(ancho, alto) / 60)
  ctx.font = `${tamano}px serif`
  const margen = Math.round(ancho / 12)
  for (let y = margen * 2, n = 0; y < alto - margen; y += tamano * 1.6, n++) {
    ctx.fillText(
      `Línea ${n}: certificado de inmunización, hepatitis B, tercera dosis administrada el ${1 + (n % 28)}-0${1 + (n % 9)}-2025.`,
      margen,
      y,
    )
  }
  ctx.font = `bold ${tamano * 6}px sans-serif`
  ctx.fillText(marca, margen, margen * 1.5)
  // Sensor noise, in tiles (a full-size random buffer per pixel is slow).
  const lado = 256
  const tesela = ctx.createImageData(lado, lado)
  for (let ty = 0; ty < alto; ty += lado) {
    for (let tx = 0; tx < ancho; tx += lado) {
      const fondo = ctx.getImageData(tx, ty, lado, lado)
      for (let i = 0; i < fondo.data.length; i += 4) {
        const r = (Math.random() - 0.5) * ruido
        tesela.data[i] = (fondo.data[i] ?? 0) + r
        tesela.data[i + 1] = (fondo.data[i + 1] ?? 0) + r
        tesela.data[i + 2] = (fondo.data[i + 2] ?? 0) + r
        tesela.data[i + 3] = 255
      }
      ctx.putImageData(tesela, tx, ty)
    }
  }
  const blob = await new Promise<Blob>((ok, mal) =>
    canvas.toBlob((b) => (b ? ok(b) : mal(new Error('toBlob'))), 'image/jpeg', calidad),
  )
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binario = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binario)
}
