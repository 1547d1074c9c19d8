// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest'
import { crearDecodificadorQr } from './decodificador-qr.ts'

// qr-scanner stands in for itself here (jsdom has no Worker nor canvas drawing): what is checked
// is which decoder is chosen and how each one's answers are read.
const qrScanner = vi.hoisted(() => ({
  motor: { terminate: vi.fn() },
  scanImage: vi.fn(),
}))
vi.mock('qr-scanner', () => ({
  default: {
    createQrEngine: async () => qrScanner.motor,
    scanImage: qrScanner.scanImage,
  },
}))

afterEach(() => {
  vi.unstubAllGlobals()
  qrScanner.scanImage.mockReset()
})

const video = document.createElement('video')

test("the browser's BarcodeDetector is used where it reads QR codes", async () => {
  const detect = vi.fn().mockResolvedValue([{ rawValue: 'https://x.cl/certificado/validador?codcertificado=A' }])
  const Detector = vi.fn(function (this: { detect: typeof detect }) {
    this.detect = detect
  })
  vi.stubGlobal('BarcodeDetector', Object.assign(Detector, { getSupportedFormats: async () => ['ean_13', 'qr_code'] }))
  const decodificador = await crearDecodificadorQr()
  expect(await decodificador.leer(video)).toEqual(['https://x.cl/certificado/validador?codcertificado=A'])
  expect(Detector).toHaveBeenCalledWith({ formats: ['qr_code'] })
  expect(detect).toHaveBeenCalledWith(video)
  expect(qrScanner.scanImage).not.toHaveBeenCalled()
})

test('without a BarcodeDetector that reads QR codes, qr-scanner decodes, and its worker ends with the scanner', async () => {
  vi.stubGlobal('Worker', class {})
  Object.setPrototypeOf(qrScanner.motor, (globalThis as { Worker: { prototype: object } }).Worker.prototype)
  vi.stubGlobal('BarcodeDetector', Object.assign(vi.fn(), { getSupportedFormats: async () => ['ean_13'] }))
  qrScanner.scanImage.mockResolvedValueOnce({ data: 'CODIGO-1', cornerPoints: [] })
  qrScanner.scanImage.mockRejectedValueOnce('No QR code found')
  const decodificador = await crearDecodificadorQr()
  expect(await decodificador.leer(video)).toEqual(['CODIGO-1'])
  expect(await decodificador.leer(video)).toEqual([])
  expect(qrScanner.scanImage).toHaveBeenCalledWith(
    video,
    expect.objectContaining({ qrEngine: qrScanner.motor, returnDetailedScanResult: true }),
  )
  decodificador.cerrar()
  expect(qrScanner.motor.terminate).toHaveBeenCalledOnce()
})
