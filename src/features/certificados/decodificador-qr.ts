// Reading QR codes from the camera's frames. The browser's own BarcodeDetector where it reads QR
// codes (Chrome on Android, Safari on macOS); elsewhere (iPhones, Firefox, Chromium on Linux)
// the qr-scanner package, whose decoder runs in a Web Worker. It is imported only here, and this
// module only by the scanner dialog, so neither weighs on the validator's first screen.

/** The texts of the QR codes seen in one frame (none when there is none). */
export type DecodificadorQr = {
  leer(video: HTMLVideoElement): Promise<string[]>
  cerrar(): void
}

type DetectorNativo = { detect(imagen: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type ClaseDetectorNativo = {
  new (opciones: { formats: string[] }): DetectorNativo
  getSupportedFormats?: () => Promise<string[]>
}

async function detectorNativo(): Promise<DetectorNativo | null> {
  const Detector = (globalThis as { BarcodeDetector?: ClaseDetectorNativo }).BarcodeDetector
  if (!Detector?.getSupportedFormats) return null
  try {
    const formatos = await Detector.getSupportedFormats()
    return formatos.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null
  } catch {
    return null
  }
}

export async function crearDecodificadorQr(): Promise<DecodificadorQr> {
  const nativo = await detectorNativo()
  if (nativo) {
    return {
      leer: async (video) => (await nativo.detect(video)).map((r) => r.rawValue),
      cerrar: () => {},
    }
  }
  const { default: QrScanner } = await import('qr-scanner')
  const motor = await QrScanner.createQrEngine()
  const lienzo = document.createElement('canvas')
  return {
    async leer(video) {
      try {
        const resultado = await QrScanner.scanImage(video, {
          qrEngine: motor,
          canvas: lienzo,
          returnDetailedScanResult: true,
        })
        return [resultado.data]
      } catch {
        // 'No QR code found' on every frame without one.
        return []
      }
    },
    cerrar: () => {
      if (motor instanceof Worker) motor.terminate()
    },
  }
}
