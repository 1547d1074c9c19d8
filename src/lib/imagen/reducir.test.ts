import { describe, expect, test } from 'vitest'
import { BYTES_OBJETIVO, CALIDADES_JPEG, LADO_MAXIMO_PX } from '../../domain/fotos.ts'
import { ErrorDeCodificacion, reducir, type Lienzo, type PedidoReduccion } from './reducir.ts'

// The shrinking loop with a fake canvas whose encoder weighs each attempt by its size and
// quality, as a real one roughly does: what is asked of the canvas, and what is kept.

const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47]

type Llamada = { ancho: number; alto: number; calidades: number[]; transform: number[]; dibujo: number[] }

function lienzoFalso(bytesPorPixelYCalidad: number, firma = JPEG) {
  const llamadas: Llamada[] = []
  const crear = (ancho: number, alto: number): Lienzo => {
    const llamada: Llamada = { ancho, alto, calidades: [], transform: [], dibujo: [] }
    llamadas.push(llamada)
    const contexto = {
      fillStyle: '',
      imageSmoothingEnabled: false,
      imageSmoothingQuality: 'low',
      fillRect() {},
      setTransform(...m: number[]) {
        if (llamada.transform.length === 0) llamada.transform = m
      },
      drawImage(_img: unknown, _x: number, _y: number, w: number, h: number) {
        llamada.dibujo = [w, h]
      },
    } as unknown as Lienzo['contexto']
    return {
      contexto,
      async codificar(_tipo, calidad) {
        llamada.calidades.push(calidad)
        const tamano = Math.round(ancho * alto * bytesPorPixelYCalidad * calidad)
        const bytes = new Uint8Array(tamano)
        bytes.set(firma)
        return new Blob([bytes])
      },
    }
  }
  return { crear, llamadas }
}

const pedido = (p: Partial<PedidoReduccion> = {}): PedidoReduccion => ({
  blob: new Blob([]),
  tipo: 'jpg',
  tamanno: 6_000_000,
  orientacion: 1,
  ladoMaximo: LADO_MAXIMO_PX,
  bytesObjetivo: BYTES_OBJETIVO,
  ...p,
})
const imagen = {} as CanvasImageSource

describe('reducir', () => {
  test('a 12-megapixel photo: drawn at 2000 x 1500, the first quality that fits is kept', async () => {
    // 3 MP * 0.42 * q bytes: at 0.85, 1,071,000 (over 1 MiB); at 0.78, 982,800 (fits).
    const { crear, llamadas } = lienzoFalso(0.42)
    const r = await reducir(imagen, 4000, 3000, pedido(), crear)
    expect(llamadas.map((l) => [l.ancho, l.alto])).toEqual([[2000, 1500]])
    expect(llamadas[0]?.calidades).toEqual([0.85, 0.78])
    expect(r).toMatchObject({ cambio: true, ancho: 2000, alto: 1500, calidad: 0.78 })
    if (r.cambio) expect(r.blob.size).toBeLessThanOrEqual(BYTES_OBJETIVO)
  })

  test('orientation 6: the canvas is upright (1500 x 2000), the stored image drawn turned', async () => {
    const { crear, llamadas } = lienzoFalso(0.1)
    const r = await reducir(imagen, 4000, 3000, pedido({ orientacion: 6 }), crear)
    expect(r).toMatchObject({ ancho: 1500, alto: 2000 })
    expect(llamadas[0]?.dibujo).toEqual([2000, 1500])
    expect(llamadas[0]?.transform).toEqual([0, 1, -1, 0, 1500, 0])
  })

  test('when no quality fits, the size goes down by steps, never under 1,200 px, and the smallest is kept', async () => {
    const { crear, llamadas } = lienzoFalso(5)
    const r = await reducir(imagen, 4000, 3000, pedido(), crear)
    expect(llamadas.map((l) => l.ancho)).toEqual([2000, 1600, 1280])
    for (const l of llamadas) expect(l.calidades).toEqual([...CALIDADES_JPEG])
    expect(r).toMatchObject({ cambio: true, ancho: 1280, calidad: CALIDADES_JPEG.at(-1) })
  })

  test('a small JPEG or PNG upright is left as it is', async () => {
    const { crear, llamadas } = lienzoFalso(0.1)
    expect(await reducir(imagen, 1080, 1920, pedido({ tipo: 'png', tamanno: 300_000 }), crear)).toEqual({
      cambio: false,
      ancho: 1080,
      alto: 1920,
    })
    expect(llamadas).toEqual([])
    // Turned, even a small one is drawn again upright.
    const r = await reducir(imagen, 1920, 1080, pedido({ tamanno: 300_000, orientacion: 6 }), crear)
    expect(r).toMatchObject({ cambio: true, ancho: 1080, alto: 1920 })
  })

  test('an encoder that hands back something other than a JPEG (Safari and WebP) is caught, not sent', async () => {
    const { crear } = lienzoFalso(0.1, PNG)
    await expect(reducir(imagen, 4000, 3000, pedido(), crear)).rejects.toBeInstanceOf(ErrorDeCodificacion)
  })
})
