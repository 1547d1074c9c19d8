// A camera for browser tests: Chromium's fake capture device plays a Y4M file in a loop
// (--use-file-for-fake-video-capture), so a test can hold a QR code in front of "the camera".
import { writeFileSync } from 'node:fs'
import QRCode from 'qrcode'

const ANCHO = 640
const ALTO = 480

/**
 * Writes a short Y4M video (4:2:0, grey chroma) of `texto` as a QR code, black on white, centred
 * with its quiet zone, the way a printed document held up to a phone would look.
 */
export function escribirVideoConQr(ruta: string, texto: string, cuadros = 10): void {
  const qr = QRCode.create(texto, { errorCorrectionLevel: 'M' })
  const modulos = qr.modules.size
  const margen = 4
  const escala = Math.floor((Math.min(ANCHO, ALTO) - 40) / (modulos + 2 * margen))
  const lado = (modulos + 2 * margen) * escala
  const x0 = Math.floor((ANCHO - lado) / 2) + margen * escala
  const y0 = Math.floor((ALTO - lado) / 2) + margen * escala
  // Luma: a light grey background, the QR's light modules white and dark modules black.
  const luma = new Uint8Array(ANCHO * ALTO).fill(200)
  for (let y = y0 - margen * escala; y < y0 - margen * escala + lado; y++)
    luma.fill(255, y * ANCHO + x0 - margen * escala, y * ANCHO + x0 - margen * escala + lado)
  for (let fila = 0; fila < modulos; fila++) {
    for (let columna = 0; columna < modulos; columna++) {
      if (!qr.modules.get(fila, columna)) continue
      for (let dy = 0; dy < escala; dy++) {
        const inicio = (y0 + fila * escala + dy) * ANCHO + x0 + columna * escala
        luma.fill(0, inicio, inicio + escala)
      }
    }
  }
  const croma = new Uint8Array((ANCHO / 2) * (ALTO / 2)).fill(128)
  const cabecera = Buffer.from(`YUV4MPEG2 W${ANCHO} H${ALTO} F10:1 Ip A1:1 C420jpeg\n`)
  const cuadro = Buffer.concat([Buffer.from('FRAME\n'), luma, croma, croma])
  writeFileSync(ruta, Buffer.concat([cabecera, ...Array.from({ length: cuadros }, () => cuadro)]))
}
