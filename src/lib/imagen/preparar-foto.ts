import {
  BYTES_FIRMA_FOTO,
  BYTES_OBJETIVO,
  LADO_MAXIMO_PX,
  MENSAJE_FOTO_ILEGIBLE,
  MENSAJE_HEIC_SIN_CONEXION,
  detectarTipoFoto,
  leerCabeceraJpeg,
  nombreFotoComprimida,
  sinOrientacionExif,
  validarFotoElegida,
  type Orientacion,
  type TipoFoto,
} from '../../domain/fotos.ts'
import {
  ErrorDeCodificacion,
  esJpeg,
  reducir,
  lienzoOffscreen,
  type Lienzo,
  type PedidoReduccion,
  type Reduccion,
} from './reducir.ts'
import type { MensajeAlTrabajador, RespuestaDelTrabajador } from './trabajador-fotos.ts'

// A photo chosen or taken for a document, made ready to leave: read, turned upright, shrunk and
// re-encoded as JPEG in a worker (on the page where the browser cannot), an iPhone's HEIC
// converted first by heic-to when the browser cannot open it, loaded only then. What comes out
// is what the outbox keeps and sends; the original stays on the phone.

export type FotoPreparada = {
  /** What is sent: the compressed JPEG, or the original when it was small enough already. */
  archivo: File
  original: { nombre: string; tamanno: number }
  ancho: number
  alto: number
  comprimida: boolean
}

/** A photo the portal could not prepare; `message` is Spanish, for the student. */
export class ErrorDeFoto extends Error {}

/** How much of a JPEG is read to find its EXIF orientation. */
const BYTES_CABEZA_JPEG = 256 * 1024

/** The name of the measure (performance.measure) of each photo prepared, read by the bench. */
export const MEDIDA_PREPARAR_FOTO = 'portal:preparar-foto'

export async function prepararFoto(
  archivo: File,
  opciones: { bytesObjetivo?: number; ladoMaximo?: number } = {},
): Promise<FotoPreparada> {
  const inicio = performance.now()
  const primeros = new Uint8Array(await archivo.slice(0, BYTES_FIRMA_FOTO).arrayBuffer())
  const problema = validarFotoElegida({ nombre: archivo.name, tamanno: archivo.size, primerosBytes: primeros })
  if (problema) throw new ErrorDeFoto(problema)
  const tipo = detectarTipoFoto(primeros) as TipoFoto
  const base = {
    tipo,
    tamanno: archivo.size,
    ladoMaximo: opciones.ladoMaximo ?? LADO_MAXIMO_PX,
    bytesObjetivo: opciones.bytesObjetivo ?? BYTES_OBJETIVO,
  }

  let { resultado, en } = await reducirFoto({ ...base, ...(await pixelesAlmacenados(archivo, tipo)) })
  if (resultado === 'ilegible' && tipo === 'heic') {
    ;({ resultado, en } = await reducirFoto({
      ...base,
      ...(await pixelesAlmacenados(await heicAJpeg(archivo), 'jpg')),
    }))
  }
  if (resultado === 'ilegible') throw new ErrorDeFoto(MENSAJE_FOTO_ILEGIBLE)

  performance.measure(MEDIDA_PREPARAR_FOTO, {
    start: inicio,
    end: performance.now(),
    detail: { antes: archivo.size, despues: resultado.cambio ? resultado.blob.size : archivo.size, en },
  })
  const original = { nombre: archivo.name, tamanno: archivo.size }
  if (!resultado.cambio) return { archivo, original, ancho: resultado.ancho, alto: resultado.alto, comprimida: false }
  return {
    archivo: new File([resultado.blob], nombreFotoComprimida(archivo.name), { type: 'image/jpeg' }),
    original,
    ancho: resultado.ancho,
    alto: resultado.alto,
    comprimida: true,
  }
}

/**
 * The photo's bytes with its EXIF orientation read and then neutralised, so every browser decodes
 * the same stored pixels and reducir() turns them upright by the one rule.
 */
async function pixelesAlmacenados(archivo: Blob, tipo: TipoFoto): Promise<{ blob: Blob; orientacion: Orientacion }> {
  if (tipo !== 'jpg') return { blob: archivo, orientacion: 1 }
  // EXIF sits in the first segments (an APP1 is at most 64 KB): only the head is read and, when
  // it must change, copied; the rest of the photo is sliced, never copied.
  const cabeza = new Uint8Array(await archivo.slice(0, BYTES_CABEZA_JPEG).arrayBuffer())
  const cabecera = leerCabeceraJpeg(cabeza)
  if (cabecera.orientacion === 1) return { blob: archivo, orientacion: 1 }
  return {
    blob: new Blob([sinOrientacionExif(cabeza, cabecera) as Uint8Array<ArrayBuffer>, archivo.slice(cabeza.length)], {
      type: 'image/jpeg',
    }),
    orientacion: cabecera.orientacion,
  }
}

/** iPhones' HEIC, for browsers that cannot decode it (all but Safari): heic-to, fetched only now. */
async function heicAJpeg(archivo: File): Promise<Blob> {
  let heicTo: typeof import('heic-to/csp').heicTo
  try {
    ;({ heicTo } = await import('heic-to/csp'))
  } catch {
    // Its chunk is not in the offline cache until it has been used once with a connection.
    throw new ErrorDeFoto(MENSAJE_HEIC_SIN_CONEXION)
  }
  try {
    const jpeg = await heicTo({ blob: archivo, type: 'image/jpeg', quality: 0.92 })
    if (!(await esJpeg(jpeg))) throw new Error('heic-to no produjo un JPEG')
    return jpeg
  } catch {
    throw new ErrorDeFoto(MENSAJE_FOTO_ILEGIBLE)
  }
}

/** The photo shrunk, and where: in the worker, or on the page. */
async function reducirFoto(
  pedido: PedidoReduccion,
): Promise<{ resultado: Reduccion | 'ilegible'; en: 'trabajador' | 'pagina' }> {
  const respuesta = await enTrabajador(pedido)
  if (respuesta?.ok) {
    const { id: _id, ok: _ok, ...reduccion } = respuesta
    return { resultado: reduccion, en: 'trabajador' }
  }
  if (respuesta?.motivo === 'ilegible' && pedido.tipo !== 'heic') return { resultado: 'ilegible', en: 'trabajador' }
  // No worker, no OffscreenCanvas in it, or a HEIC that Safari may open on the page itself.
  return { resultado: await enLaPagina(pedido), en: 'pagina' }
}

// ---------------------------------------------------------------------------------------------

let trabajador: Worker | null | undefined
let siguienteId = 0
const pendientes = new Map<number, (r: RespuestaDelTrabajador | null) => void>()

function obtenerTrabajador(): Worker | null {
  if (trabajador !== undefined) return trabajador
  try {
    trabajador = new Worker(new URL('./trabajador-fotos.ts', import.meta.url), { type: 'module' })
    trabajador.onmessage = (e: MessageEvent<RespuestaDelTrabajador>) => {
      pendientes.get(e.data.id)?.(e.data)
      pendientes.delete(e.data.id)
    }
    trabajador.onerror = () => {
      // A worker that failed to start (a browser without module workers): the page does the work.
      for (const resolver of pendientes.values()) resolver(null)
      pendientes.clear()
      trabajador?.terminate()
      trabajador = null
    }
  } catch {
    trabajador = null
  }
  return trabajador
}

function enTrabajador(pedido: PedidoReduccion): Promise<RespuestaDelTrabajador | null> {
  const t = obtenerTrabajador()
  if (!t) return Promise.resolve(null)
  const id = ++siguienteId
  return new Promise((resolver) => {
    pendientes.set(id, resolver)
    const mensaje: MensajeAlTrabajador = { id, ...pedido }
    t.postMessage(mensaje)
  })
}

async function enLaPagina(pedido: PedidoReduccion): Promise<Reduccion | 'ilegible'> {
  let imagen: ImageBitmap | HTMLImageElement
  try {
    imagen = await decodificarEnLaPagina(pedido.blob)
  } catch {
    return 'ilegible'
  }
  const ancho = imagen instanceof HTMLImageElement ? imagen.naturalWidth : imagen.width
  const alto = imagen instanceof HTMLImageElement ? imagen.naturalHeight : imagen.height
  try {
    return await reducir(
      imagen,
      ancho,
      alto,
      pedido,
      typeof OffscreenCanvas === 'undefined' ? lienzoDeLaPagina : lienzoOffscreen,
    )
  } catch (err) {
    if (err instanceof ErrorDeCodificacion) return 'ilegible'
    throw err
  } finally {
    if (!(imagen instanceof HTMLImageElement)) imagen.close()
  }
}

async function decodificarEnLaPagina(blob: Blob): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await createImageBitmap(blob)
    } catch {
      // Safari opens a HEIC in an <img> but not always through createImageBitmap.
    }
  }
  const url = URL.createObjectURL(blob)
  try {
    const img = new Image()
    img.src = url
    await img.decode()
    return img
  } finally {
    URL.revokeObjectURL(url)
  }
}

function lienzoDeLaPagina(ancho: number, alto: number): Lienzo {
  const canvas = document.createElement('canvas')
  canvas.width = ancho
  canvas.height = alto
  const contexto = canvas.getContext('2d')
  if (!contexto) throw new ErrorDeCodificacion('Sin canvas 2d.')
  return {
    contexto,
    codificar: (type, quality) => new Promise((resolver) => canvas.toBlob(resolver, type, quality)),
  }
}
