import {
  CALIDADES_JPEG,
  LADO_MINIMO_PX,
  debeComprimirse,
  dimensionesDestino,
  transformacionOrientacion,
  type Orientacion,
  type TipoFoto,
} from '../../domain/fotos.ts'

// The shrinking itself, the same in the worker (OffscreenCanvas) and on the main thread (a
// canvas element) where a browser cannot do it in a worker.

export type PedidoReduccion = {
  /** Stored pixels: EXIF orientation already neutralised (sinOrientacionExif). */
  blob: Blob
  tipo: TipoFoto
  /** Of the original file, to decide whether it needs compressing at all. */
  tamanno: number
  orientacion: Orientacion
  ladoMaximo: number
  bytesObjetivo: number
}

export type Reduccion =
  | { cambio: true; blob: Blob; ancho: number; alto: number; calidad: number }
  | { cambio: false; ancho: number; alto: number }

export type Lienzo = {
  contexto: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D
  /** The canvas encoded; resolves null when the browser produced nothing. */
  codificar(tipo: string, calidad: number): Promise<Blob | null>
}

export class ErrorDeCodificacion extends Error {}

/** Whether these bytes are a JPEG (an encoder asked for one may silently give something else). */
export async function esJpeg(blob: Blob): Promise<boolean> {
  const b = new Uint8Array(await blob.slice(0, 3).arrayBuffer())
  return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
}

/**
 * Draws the decoded photo upright at the destination size and encodes it as JPEG, lowering the
 * quality until it weighs at most `bytesObjetivo`, then, if still too heavy, the size (never
 * under LADO_MINIMO_PX). Returns the smallest attempt when none fits: the upload limit, checked
 * afterwards, has the last word.
 */
export async function reducir(
  imagen: CanvasImageSource,
  ancho: number,
  alto: number,
  pedido: PedidoReduccion,
  crearLienzo: (ancho: number, alto: number) => Lienzo,
): Promise<Reduccion> {
  const { orientacion } = pedido
  const arriba = dimensionesDestino({ ancho, alto, orientacion })
  if (
    orientacion === 1 &&
    !debeComprimirse({ tipo: pedido.tipo, tamanno: pedido.tamanno, ancho, alto, bytesObjetivo: pedido.bytesObjetivo })
  )
    return { cambio: false, ancho: arriba.ancho, alto: arriba.alto }

  let mejor: { blob: Blob; ancho: number; alto: number; calidad: number } | null = null
  for (let lado = pedido.ladoMaximo; ; lado = Math.round(lado * 0.8)) {
    const destino = dimensionesDestino({ ancho, alto, orientacion }, lado)
    const lienzo = crearLienzo(destino.ancho, destino.alto)
    const ctx = lienzo.contexto
    // A scanned page is black on white: a white background under a transparent PNG keeps it so.
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, destino.ancho, destino.alto)
    ctx.imageSmoothingEnabled = true
    ctx.imageSmoothingQuality = 'high'
    // The stored image, scaled, then turned upright by the transform.
    const gira = orientacion >= 5
    const dibujoAncho = gira ? destino.alto : destino.ancho
    const dibujoAlto = gira ? destino.ancho : destino.alto
    ctx.setTransform(...transformacionOrientacion(orientacion, dibujoAncho, dibujoAlto))
    ctx.drawImage(imagen, 0, 0, dibujoAncho, dibujoAlto)
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    for (const calidad of CALIDADES_JPEG) {
      const blob = await lienzo.codificar('image/jpeg', calidad)
      // Checked, not trusted: an encoder that cannot do JPEG may hand back a PNG.
      if (!blob || !(await esJpeg(blob))) throw new ErrorDeCodificacion('El navegador no produjo un JPEG.')
      if (!mejor || blob.size < mejor.blob.size) mejor = { blob, ancho: destino.ancho, alto: destino.alto, calidad }
      if (blob.size <= pedido.bytesObjetivo) return { cambio: true, ...mejor }
    }
    if (Math.round(lado * 0.8) < LADO_MINIMO_PX) break
  }
  return { cambio: true, ...(mejor as NonNullable<typeof mejor>) }
}

/** An OffscreenCanvas, in a worker or on the main thread. */
export function lienzoOffscreen(ancho: number, alto: number): Lienzo {
  const canvas = new OffscreenCanvas(ancho, alto)
  const contexto = canvas.getContext('2d')
  if (!contexto) throw new ErrorDeCodificacion('Sin canvas 2d.')
  return { contexto, codificar: (type, quality) => canvas.convertToBlob({ type, quality }) }
}
