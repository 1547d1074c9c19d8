import { describe, expect, test } from 'vitest'
import { conOrientacionExif, jpegMinimo } from '../../tests/support/fotos.ts'
import { BYTES_POR_MB, mensajeArchivoMuyGrande } from './documentos.ts'
import {
  ayudaArchivos,
  BYTES_OBJETIVO,
  LADO_MAXIMO_PX,
  MENSAJE_TIPO_FOTO,
  bytesObjetivoPorPagina,
  cabeEnLimite,
  debeComprimirse,
  detectarTipoFoto,
  dimensionesDestino,
  leerCabeceraJpeg,
  mensajeDocumentoMuyGrande,
  mensajeOriginalMuyGrande,
  moverPagina,
  nombreFotoComprimida,
  nombrePdfDePaginas,
  sinOrientacionExif,
  tipoFotoPorExtension,
  transformacionOrientacion,
  validarFotoElegida,
  type Orientacion,
} from './fotos.ts'

const ascii = (s: string) => new TextEncoder().encode(s)
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])
const WEBP = ascii('RIFF\u0010\u0000\u0000\u0000WEBPVP8 ')
const HEIC = new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypheic'), 0, 0, 0, 0])
const AVIF = new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypavif'), 0, 0, 0, 0])

describe('detectarTipoFoto and validarFotoElegida', () => {
  test('tells each photo by its first bytes', () => {
    expect(detectarTipoFoto(JPG)).toBe('jpg')
    expect(detectarTipoFoto(PNG)).toBe('png')
    expect(detectarTipoFoto(WEBP)).toBe('webp')
    expect(detectarTipoFoto(HEIC)).toBe('heic')
    expect(detectarTipoFoto(new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypmif1')]))).toBe('heic')
    expect(detectarTipoFoto(AVIF)).toBeNull()
    expect(detectarTipoFoto(ascii('%PDF-1.4\n'))).toBeNull()
    expect(detectarTipoFoto(new Uint8Array([0xff, 0xd8]))).toBeNull()
  })

  test('name and content must agree; HEIF and JPEG spellings count', () => {
    expect(tipoFotoPorExtension('IMG_0001.HEIC')).toBe('heic')
    expect(tipoFotoPorExtension('scan.heif')).toBe('heic')
    expect(tipoFotoPorExtension('foto.JPEG')).toBe('jpg')
    expect(tipoFotoPorExtension('foto.gif')).toBeNull()
    expect(validarFotoElegida({ nombre: 'IMG_0001.HEIC', tamanno: 3 * BYTES_POR_MB, primerosBytes: HEIC })).toBeNull()
    expect(validarFotoElegida({ nombre: 'foto.jpg', tamanno: 8 * BYTES_POR_MB, primerosBytes: JPG })).toBeNull()
    expect(validarFotoElegida({ nombre: 'foto.png', tamanno: 1000, primerosBytes: JPG })).toBe(MENSAJE_TIPO_FOTO)
    expect(validarFotoElegida({ nombre: 'foto.avif', tamanno: 1000, primerosBytes: AVIF })).toBe(MENSAJE_TIPO_FOTO)
  })

  test('a photo over the upload limit is taken (it will be compressed), an absurd one is not', () => {
    expect(validarFotoElegida({ nombre: 'a.jpg', tamanno: 40 * BYTES_POR_MB, primerosBytes: JPG })).toBeNull()
    expect(validarFotoElegida({ nombre: 'a.jpg', tamanno: 40 * BYTES_POR_MB + 1, primerosBytes: JPG })).toBe(
      mensajeOriginalMuyGrande(),
    )
  })
})

describe('dimensionesDestino', () => {
  test('a 12-megapixel landscape photo is brought to 2000 px on its long side, proportions kept', () => {
    expect(dimensionesDestino({ ancho: 4000, alto: 3000 })).toEqual({ ancho: 2000, alto: 1500 })
    expect(dimensionesDestino({ ancho: 4032, alto: 3024 })).toEqual({ ancho: 2000, alto: 1500 })
  })

  test('orientations 5 to 8 (a phone held upright) swap width and height; 2 to 4 do not', () => {
    expect(dimensionesDestino({ ancho: 4032, alto: 3024, orientacion: 6 })).toEqual({ ancho: 1500, alto: 2000 })
    expect(dimensionesDestino({ ancho: 4032, alto: 3024, orientacion: 8 })).toEqual({ ancho: 1500, alto: 2000 })
    expect(dimensionesDestino({ ancho: 4032, alto: 3024, orientacion: 5 })).toEqual({ ancho: 1500, alto: 2000 })
    expect(dimensionesDestino({ ancho: 4032, alto: 3024, orientacion: 3 })).toEqual({ ancho: 2000, alto: 1500 })
  })

  test('a photo already within the limit is never enlarged; a custom long side applies', () => {
    expect(dimensionesDestino({ ancho: 1200, alto: 900, orientacion: 6 })).toEqual({ ancho: 900, alto: 1200 })
    expect(dimensionesDestino({ ancho: 4000, alto: 3000 }, 1200)).toEqual({ ancho: 1200, alto: 900 })
    expect(dimensionesDestino({ ancho: 20000, alto: 10 })).toEqual({ ancho: LADO_MAXIMO_PX, alto: 1 })
  })
})

describe('transformacionOrientacion', () => {
  // Where the stored image's corners land on the destination canvas.
  function esquinas(o: Orientacion, w: number, h: number) {
    const [a, b, c, d, e, f] = transformacionOrientacion(o, w, h)
    return [
      [0, 0],
      [w, 0],
      [0, h],
    ].map(([x = 0, y = 0]) => [a * x + c * y + e, b * x + d * y + f])
  }

  test('every orientation maps the stored image exactly onto the upright canvas', () => {
    const w = 40
    const h = 30
    // [top-left, top-right, bottom-left] of the stored image, in the upright canvas.
    expect(esquinas(1, w, h)).toEqual([
      [0, 0],
      [w, 0],
      [0, h],
    ])
    expect(esquinas(3, w, h)).toEqual([
      [w, h],
      [0, h],
      [w, 0],
    ])
    // 6: turned 90° clockwise, so the canvas is h wide and the top-left goes to the top-right.
    expect(esquinas(6, w, h)).toEqual([
      [h, 0],
      [h, w],
      [0, 0],
    ])
    // 8: turned 90° counter-clockwise: the top-left goes to the bottom-left.
    expect(esquinas(8, w, h)).toEqual([
      [0, w],
      [0, 0],
      [h, w],
    ])
    for (const o of [2, 4, 5, 7] as const) {
      const ancho = o >= 5 ? h : w
      const alto = o >= 5 ? w : h
      for (const [x, y] of esquinas(o, w, h)) {
        expect([0, ancho]).toContain(x)
        expect([0, alto]).toContain(y)
      }
    }
  })
})

describe('debeComprimirse, bytesObjetivoPorPagina, cabeEnLimite', () => {
  test('WebP and HEIC are always re-encoded (the server takes JPEG and PNG)', () => {
    expect(debeComprimirse({ tipo: 'webp', tamanno: 1000, ancho: 100, alto: 100 })).toBe(true)
    expect(debeComprimirse({ tipo: 'heic', tamanno: 1000, ancho: 100, alto: 100 })).toBe(true)
  })

  test('a small JPEG or PNG goes untouched; a heavy or large one is compressed', () => {
    expect(debeComprimirse({ tipo: 'png', tamanno: 300_000, ancho: 1080, alto: 1920 })).toBe(false)
    expect(debeComprimirse({ tipo: 'jpg', tamanno: BYTES_OBJETIVO, ancho: 2000, alto: 1500 })).toBe(false)
    expect(debeComprimirse({ tipo: 'jpg', tamanno: BYTES_OBJETIVO + 1, ancho: 2000, alto: 1500 })).toBe(true)
    expect(debeComprimirse({ tipo: 'jpg', tamanno: 500_000, ancho: 2001, alto: 1500 })).toBe(true)
  })

  test('many pages share the upload limit; few get the usual target', () => {
    expect(bytesObjetivoPorPagina(1, 5)).toBe(BYTES_OBJETIVO)
    expect(bytesObjetivoPorPagina(3, 5)).toBe(BYTES_OBJETIVO)
    expect(bytesObjetivoPorPagina(10, 5)).toBe(Math.floor((5 * BYTES_POR_MB * 0.9) / 10))
    expect(bytesObjetivoPorPagina(10, 5) * 10).toBeLessThan(5 * BYTES_POR_MB)
  })

  test('the limit applies to the compressed file, bound included', () => {
    expect(cabeEnLimite(5 * BYTES_POR_MB, 5)).toBe(true)
    expect(cabeEnLimite(5 * BYTES_POR_MB + 1, 5)).toBe(false)
    expect(mensajeDocumentoMuyGrande(5, 1)).toBe(mensajeArchivoMuyGrande(5))
    expect(mensajeDocumentoMuyGrande(5, 4)).toMatch(
      /^El documento de 4 páginas supera .* 5 MB\. Quite alguna página\.$/,
    )
  })
})

describe('names', () => {
  test('a re-encoded photo is named .jpg', () => {
    expect(nombreFotoComprimida('IMG_1234.HEIC')).toBe('IMG_1234.jpg')
    expect(nombreFotoComprimida('scan.final.webp')).toBe('scan.final.jpg')
    expect(nombreFotoComprimida('sin-extension')).toBe('sin-extension.jpg')
    expect(nombreFotoComprimida('.png')).toBe('.png.jpg')
  })

  test("the pages' PDF is named after the document, plain ASCII", () => {
    expect(nombrePdfDePaginas('Certificado de Inmunización (Hepatitis B, tres dosis)')).toBe(
      'certificado-de-inmunizacion-hepatitis-b-tres-dosis.pdf',
    )
    expect(nombrePdfDePaginas('Año 2026: ñandú')).toBe('ano-2026-nandu.pdf')
    expect(nombrePdfDePaginas('¿?')).toBe('documento.pdf')
    expect(nombrePdfDePaginas('x'.repeat(100))).toBe(`${'x'.repeat(60)}.pdf`)
  })
})

describe('leerCabeceraJpeg and sinOrientacionExif', () => {
  test('reads the stored size with no EXIF: orientation 1', () => {
    expect(leerCabeceraJpeg(jpegMinimo(4032, 3024))).toMatchObject({
      ancho: 4032,
      alto: 3024,
      orientacion: 1,
      posicionOrientacion: null,
    })
  })

  test('reads the EXIF orientation in both byte orders, and the size after it', () => {
    for (const le of [true, false]) {
      const jpeg = conOrientacionExif(jpegMinimo(4032, 3024), 6, le)
      const cabecera = leerCabeceraJpeg(jpeg)
      expect(cabecera).toMatchObject({ ancho: 4032, alto: 3024, orientacion: 6, orientacionLe: le })
      // Neutralised, it reads 1, the rest of the file unchanged, the original untouched.
      const neutro = sinOrientacionExif(jpeg, cabecera)
      expect(leerCabeceraJpeg(neutro)).toMatchObject({ orientacion: 1, ancho: 4032, alto: 3024 })
      expect(neutro.length).toBe(jpeg.length)
      expect([...neutro].filter((b, i) => b !== jpeg[i]).length).toBe(1)
      expect(leerCabeceraJpeg(jpeg).orientacion).toBe(6)
    }
  })

  test('anything malformed reads as orientation 1 and no size, without throwing', () => {
    expect(leerCabeceraJpeg(PNG)).toMatchObject({ orientacion: 1, ancho: null })
    expect(leerCabeceraJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0]))).toMatchObject({
      orientacion: 1,
      ancho: null,
    })
    const truncado = conOrientacionExif(jpegMinimo(10, 10), 6).subarray(0, 20)
    expect(leerCabeceraJpeg(truncado)).toMatchObject({ orientacion: 1 })
    const invalida = conOrientacionExif(jpegMinimo(10, 10), 9)
    expect(leerCabeceraJpeg(invalida)).toMatchObject({ orientacion: 1, ancho: 10 })
    const jpeg = jpegMinimo(10, 10)
    expect(sinOrientacionExif(jpeg, leerCabeceraJpeg(jpeg))).toBe(jpeg)
  })
})

describe('moverPagina', () => {
  test('moves one page up or down, and nothing past either end', () => {
    expect(moverPagina(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moverPagina(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moverPagina(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moverPagina(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
    const original = ['a', 'b']
    moverPagina(original, 0, 1)
    expect(original).toEqual(['a', 'b'])
  })
})

test('the help above the documents names every accepted kind and the limit', () => {
  expect(ayudaArchivos(5)).toMatch(/^Archivos PDF o fotos \(JPG, PNG, WebP o HEIC\) de hasta 5 MB\. /)
})
