// Photos of documents taken with a phone: what the portal does with them before they leave. A
// 12-megapixel photo is 4 to 8 MB, over the upload limit, and most of it is detail nobody needs to
// read a certificate; at about 2,000 pixels on its long side and re-encoded as JPEG it is about
// 1 MB and still legible. Several photos of one document (a three-page record) become one PDF.
// These are the pure rules; the decoding and encoding happen in the browser (src/lib/imagen/).

import { BYTES_POR_MB, extensionDe, mensajeArchivoMuyGrande } from './documentos.ts'

/** The long side of a photo as it is sent, in pixels: a page of text stays readable. */
export const LADO_MAXIMO_PX = 2000

/** Never below this long side when shrinking further to fit a size (small print stops reading). */
export const LADO_MINIMO_PX = 1200

/** What one photo aims at once compressed. */
export const BYTES_OBJETIVO = 1 * BYTES_POR_MB

/** JPEG qualities tried in turn until the photo fits; the last is still legible for text. */
export const CALIDADES_JPEG = [0.85, 0.78, 0.7, 0.62, 0.55, 0.48] as const

/** Pages one document may have. */
export const MAXIMO_PAGINAS = 10

/** A chosen photo larger than this is not even opened (a phone would run out of memory). */
export const MAXIMO_ORIGINAL_MB = 40

/** The part of the upload limit the pages of a PDF may use; the rest is the PDF's own bytes. */
const FRACCION_PARA_PAGINAS = 0.9

export type TipoFoto = 'jpg' | 'png' | 'webp' | 'heic'

/** How many leading bytes `detectarTipoFoto` needs. */
export const BYTES_FIRMA_FOTO = 12

// The brands of an ISO-BMFF 'ftyp' box that mean a HEIC/HEIF still image (iPhones write 'heic').
const MARCAS_HEIF = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

/** What a photo really is, by its first bytes; null when it is no photo we take. */
export function detectarTipoFoto(bytes: Uint8Array): TipoFoto | null {
  const ascii = (desde: number, hasta: number) => String.fromCharCode(...bytes.subarray(desde, hasta))
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg'
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'png'
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && MARCAS_HEIF.has(ascii(8, 12))) return 'heic'
  return null
}

/** Extensions a photo may have (the content decides, the name must agree). */
const EXTENSIONES_FOTO: Readonly<Record<string, TipoFoto>> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  heif: 'heic',
}

export function tipoFotoPorExtension(nombre: string): TipoFoto | null {
  const ext = extensionDe(nombre)
  return Object.hasOwn(EXTENSIONES_FOTO, ext) ? (EXTENSIONES_FOTO[ext] ?? null) : null
}

/** For the file inputs: documents (PDF) and photos, HEIC included (iPhones). */
export const ACCEPT_DOCUMENTOS_Y_FOTOS =
  '.pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif'

/** For 'Agregar página' and the camera: photos only. */
export const ACCEPT_FOTOS = '.jpg,.jpeg,.png,.webp,.heic,.heif,image/jpeg,image/png,image/webp,image/heic,image/heif'

export const MENSAJE_TIPO_FOTO =
  'El archivo debe ser un PDF o una foto JPG, PNG, WebP o HEIC, y su contenido debe corresponder a su extensión.'

export const MENSAJE_PAGINA_NO_FOTO = 'Cada página debe ser una foto JPG, PNG, WebP o HEIC.'

export const MENSAJE_FOTO_ILEGIBLE = 'No fue posible abrir la foto. Elija otra foto o un PDF.'

export const MENSAJE_HEIC_SIN_CONEXION =
  'Para convertir una foto HEIC el portal necesita conexión la primera vez. Conéctese e intente nuevamente, o elija una foto JPG.'

export const MENSAJE_MAXIMO_PAGINAS = `Un documento puede tener hasta ${MAXIMO_PAGINAS} páginas.`

export function mensajeOriginalMuyGrande(): string {
  return `La foto supera los ${MAXIMO_ORIGINAL_MB} MB y no es posible procesarla. Elija otra foto.`
}

/**
 * The message refusing a chosen photo before it is opened, or null. Its name and content must
 * agree, like any document; its size may be over the upload limit (that is what compression is
 * for), but not absurdly so.
 */
export function validarFotoElegida(archivo: {
  nombre: string
  tamanno: number
  primerosBytes: Uint8Array
}): string | null {
  const tipo = detectarTipoFoto(archivo.primerosBytes)
  if (!tipo || tipoFotoPorExtension(archivo.nombre) !== tipo) return MENSAJE_TIPO_FOTO
  if (archivo.tamanno > MAXIMO_ORIGINAL_MB * BYTES_POR_MB) return mensajeOriginalMuyGrande()
  return null
}

// ---------------------------------------------------------------------------------------------
// Orientation and size
// ---------------------------------------------------------------------------------------------

/** EXIF orientation, 1 to 8 (1: as stored; 6: turned 90° clockwise to view, a phone held upright). */
export type Orientacion = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8

/** Orientations 5 to 8 swap width and height. */
export function giraUnCuarto(orientacion: Orientacion): boolean {
  return orientacion >= 5
}

/**
 * The size a photo is sent at: upright (its EXIF orientation applied to the stored width and
 * height) and scaled so its long side is at most `ladoMaximo`, keeping its proportions. A photo
 * already within it keeps its size (never enlarged).
 */
export function dimensionesDestino(
  original: { ancho: number; alto: number; orientacion?: Orientacion },
  ladoMaximo: number = LADO_MAXIMO_PX,
): { ancho: number; alto: number } {
  const gira = giraUnCuarto(original.orientacion ?? 1)
  const ancho = gira ? original.alto : original.ancho
  const alto = gira ? original.ancho : original.alto
  const escala = Math.min(1, ladoMaximo / Math.max(ancho, alto))
  return { ancho: Math.max(1, Math.round(ancho * escala)), alto: Math.max(1, Math.round(alto * escala)) }
}

/**
 * The canvas transform (a, b, c, d, e, f of setTransform) that draws a stored image of
 * `ancho` x `alto` (already scaled) upright on a canvas of the destination size.
 */
export function transformacionOrientacion(
  orientacion: Orientacion,
  ancho: number,
  alto: number,
): [number, number, number, number, number, number] {
  switch (orientacion) {
    case 2:
      return [-1, 0, 0, 1, ancho, 0]
    case 3:
      return [-1, 0, 0, -1, ancho, alto]
    case 4:
      return [1, 0, 0, -1, 0, alto]
    case 5:
      return [0, 1, 1, 0, 0, 0]
    case 6:
      return [0, 1, -1, 0, alto, 0]
    case 7:
      return [0, -1, -1, 0, alto, ancho]
    case 8:
      return [0, -1, 1, 0, 0, ancho]
    default:
      return [1, 0, 0, 1, 0, 0]
  }
}

/**
 * Whether a photo must be re-encoded before it leaves: the server takes only JPEG and PNG, and a
 * photo over the target size or the long side is shrunk. A small JPEG or PNG (a screenshot) goes
 * as it is, untouched.
 */
export function debeComprimirse(foto: {
  tipo: TipoFoto
  tamanno: number
  ancho: number
  alto: number
  bytesObjetivo?: number
}): boolean {
  if (foto.tipo !== 'jpg' && foto.tipo !== 'png') return true
  return foto.tamanno > (foto.bytesObjetivo ?? BYTES_OBJETIVO) || Math.max(foto.ancho, foto.alto) > LADO_MAXIMO_PX
}

/**
 * What each page of a document may weigh once compressed: the usual target, less when many pages
 * must fit together under the upload limit.
 */
export function bytesObjetivoPorPagina(paginas: number, maximoMb: number): number {
  const disponible = Math.floor((maximoMb * BYTES_POR_MB * FRACCION_PARA_PAGINAS) / Math.max(1, paginas))
  return Math.min(BYTES_OBJETIVO, disponible)
}

/** Whether the compressed file fits the upload limit (the limit applies to what is stored). */
export function cabeEnLimite(tamanno: number, maximoMb: number): boolean {
  return tamanno <= maximoMb * BYTES_POR_MB
}

export function mensajeDocumentoMuyGrande(maximoMb: number, paginas: number): string {
  return paginas > 1
    ? `El documento de ${paginas} páginas supera el tamaño máximo permitido de ${maximoMb} MB. Quite alguna página.`
    : mensajeArchivoMuyGrande(maximoMb)
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/** 'IMG_1234.HEIC' -> 'IMG_1234.jpg': a re-encoded photo is a JPEG, and says so. */
export function nombreFotoComprimida(nombre: string): string {
  const punto = nombre.lastIndexOf('.')
  const base = punto > 0 ? nombre.slice(0, punto) : nombre
  return `${base || 'foto'}.jpg`
}

/**
 * The name of the PDF made from a document's pages: the document's name, without accents, in
 * lower case and joined by hyphens ('Certificado de Inmunización (Hepatitis B)' ->
 * 'certificado-de-inmunizacion-hepatitis-b.pdf').
 */
export function nombrePdfDePaginas(nombreDocumento: string): string {
  const base = nombreDocumento
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return `${base || 'documento'}.pdf`
}

// ---------------------------------------------------------------------------------------------
// JPEG headers
// ---------------------------------------------------------------------------------------------

export type CabeceraJpeg = {
  /** Stored size (before the orientation is applied); null if no frame header was found. */
  ancho: number | null
  alto: number | null
  orientacion: Orientacion
  /** Where the orientation's 2-byte value sits in the file, to neutralise it; null if absent. */
  posicionOrientacion: number | null
  /** The byte order of that value (the EXIF block's: 'II' little-endian, 'MM' big-endian). */
  orientacionLe: boolean
}

/**
 * Reads a JPEG's stored size (its SOF segment) and its EXIF orientation (APP1 'Exif', tag 0x0112
 * of IFD0), without decoding the image. Tolerates anything malformed: orientation 1, size null.
 */
export function leerCabeceraJpeg(bytes: Uint8Array): CabeceraJpeg {
  const resultado: CabeceraJpeg = {
    ancho: null,
    alto: null,
    orientacion: 1,
    posicionOrientacion: null,
    orientacionLe: false,
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return resultado
  const vista = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let i = 2
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return resultado
    const marcador = bytes[i + 1] ?? 0
    // Fill bytes and markers without a length.
    if (marcador === 0xff) {
      i++
      continue
    }
    if (marcador === 0xd8 || marcador === 0x01 || (marcador >= 0xd0 && marcador <= 0xd7)) {
      i += 2
      continue
    }
    if (marcador === 0xd9 || marcador === 0xda) return resultado
    const largo = vista.getUint16(i + 2)
    const inicio = i + 4
    if (largo < 2 || inicio + largo - 2 > bytes.length) return resultado
    if (marcador === 0xe1 && resultado.posicionOrientacion === null) leerExif(vista, inicio, largo - 2, resultado)
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marcador >= 0xc0 && marcador <= 0xcf && marcador !== 0xc4 && marcador !== 0xc8 && marcador !== 0xcc) {
      if (largo >= 7) {
        resultado.alto = vista.getUint16(inicio + 1)
        resultado.ancho = vista.getUint16(inicio + 3)
      }
      return resultado
    }
    i = inicio + largo - 2
  }
  return resultado
}

function leerExif(vista: DataView, inicio: number, largo: number, resultado: CabeceraJpeg) {
  // 'Exif\0\0', then a TIFF header: byte order, 42, offset of IFD0.
  if (largo < 14 || vista.getUint32(inicio) !== 0x45786966 || vista.getUint16(inicio + 4) !== 0) return
  const tiff = inicio + 6
  const orden = vista.getUint16(tiff)
  if (orden !== 0x4949 && orden !== 0x4d4d) return
  const le = orden === 0x4949
  const fin = inicio + largo
  if (vista.getUint16(tiff + 2, le) !== 42) return
  const ifd = tiff + vista.getUint32(tiff + 4, le)
  if (ifd + 2 > fin) return
  const entradas = vista.getUint16(ifd, le)
  for (let n = 0; n < entradas; n++) {
    const entrada = ifd + 2 + n * 12
    if (entrada + 12 > fin) return
    if (vista.getUint16(entrada, le) !== 0x0112) continue
    const valor = vista.getUint16(entrada + 8, le)
    if (valor >= 1 && valor <= 8) {
      resultado.orientacion = valor as Orientacion
      resultado.posicionOrientacion = entrada + 8
      resultado.orientacionLe = le
    }
    return
  }
}

/**
 * A copy of a JPEG whose EXIF orientation says 1 ('as stored'): decoded from it, every browser
 * gives the same stored pixels, and the portal turns them upright itself (browsers disagree on
 * whether, and by which option, they apply EXIF orientation when decoding).
 */
export function sinOrientacionExif(bytes: Uint8Array, cabecera: CabeceraJpeg): Uint8Array {
  if (cabecera.posicionOrientacion === null || cabecera.orientacion === 1) return bytes
  const copia = bytes.slice()
  const vista = new DataView(copia.buffer)
  // The value is a SHORT in the EXIF block's byte order.
  vista.setUint16(cabecera.posicionOrientacion, 1, cabecera.orientacionLe)
  return copia
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

/** The list with the item at `indice` moved by `paso` (-1 up, +1 down); unchanged at either end. */
export function moverPagina<T>(paginas: readonly T[], indice: number, paso: -1 | 1): T[] {
  const destino = indice + paso
  const copia = [...paginas]
  if (indice < 0 || indice >= paginas.length || destino < 0 || destino >= paginas.length) return copia
  const [pagina] = copia.splice(indice, 1) as [T]
  copia.splice(destino, 0, pagina)
  return copia
}

/** The help above a list of documents to upload. */
export function ayudaArchivos(maximoMb: number): string {
  return `Archivos PDF o fotos (JPG, PNG, WebP o HEIC) de hasta ${maximoMb} MB. Las fotos se reducen en su equipo antes de enviarse; con 'Agregar página', varias fotos forman un solo PDF.`
}
