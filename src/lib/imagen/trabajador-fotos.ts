/// <reference lib="webworker" />
import { lienzoOffscreen, reducir, type PedidoReduccion, type Reduccion } from './reducir.ts'

// The worker that shrinks photos: decoding a 12-megapixel photo and encoding it again takes a
// few hundred milliseconds that would otherwise freeze the page. It answers 'sin-soporte' when
// this browser has no OffscreenCanvas in workers (Safari before 16.4), so the page does it itself,
// and 'ilegible' when the photo cannot be decoded here (a HEIC on most browsers).

export type MensajeAlTrabajador = PedidoReduccion & { id: number }
export type RespuestaDelTrabajador =
  | ({ id: number; ok: true } & Reduccion)
  | { id: number; ok: false; motivo: 'sin-soporte' | 'ilegible' | 'codificacion' }

declare const self: DedicatedWorkerGlobalScope

self.onmessage = async (evento: MessageEvent<MensajeAlTrabajador>) => {
  const { id, ...pedido } = evento.data
  const responder = (r: RespuestaDelTrabajador) => self.postMessage(r)
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap !== 'function') {
    responder({ id, ok: false, motivo: 'sin-soporte' })
    return
  }
  let imagen: ImageBitmap
  try {
    // The orientation was neutralised in the bytes: these are the stored pixels, turned upright
    // by reducir(). 'from-image' would make no difference now, and older browsers reject it.
    imagen = await createImageBitmap(pedido.blob)
  } catch {
    responder({ id, ok: false, motivo: 'ilegible' })
    return
  }
  try {
    const resultado = await reducir(imagen, imagen.width, imagen.height, pedido, lienzoOffscreen)
    responder({ id, ok: true, ...resultado })
  } catch {
    responder({ id, ok: false, motivo: 'sin-soporte' })
  } finally {
    imagen.close()
  }
}
