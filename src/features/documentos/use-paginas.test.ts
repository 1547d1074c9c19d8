// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { BYTES_POR_MB } from '../../domain/documentos.ts'
import {
  MAXIMO_PAGINAS,
  MENSAJE_MAXIMO_PAGINAS,
  MENSAJE_PAGINA_NO_FOTO,
  bytesObjetivoPorPagina,
  mensajeDocumentoMuyGrande,
} from '../../domain/fotos.ts'
import type { FotoPreparada } from '../../lib/imagen/preparar-foto.ts'
import { usePaginas } from './use-paginas.ts'

// The pages of a document: what goes into the outbox, with the photo work and pdf-lib replaced
// by fakes that say what they were asked (the real ones run in tests/e2e/subidas-fotos.test.ts).

const preparar = vi.hoisted(() => vi.fn())
const pdf = vi.hoisted(() => vi.fn())
vi.mock('../../lib/imagen/preparar-foto.ts', () => ({
  ErrorDeFoto: class extends Error {},
  prepararFoto: preparar,
}))
vi.mock('../../lib/imagen/pdf-de-paginas.ts', () => ({ pdfDePaginas: pdf }))

const jpeg = (bytes: number, nombre = 'p.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff]), new Uint8Array(bytes - 3)], nombre)

function foto(archivo: File, tamanno: number): FotoPreparada {
  return {
    archivo: jpeg(tamanno, archivo.name),
    original: { nombre: archivo.name, tamanno: archivo.size },
    ancho: 2000,
    alto: 1500,
    comprimida: true,
  }
}

beforeEach(() => {
  let n = 0
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:vista-${++n}`, revokeObjectURL: () => {} }))
  // Each page compresses to 1,000,000 bytes unless a smaller target is asked.
  preparar.mockImplementation(async (archivo: File, opciones?: { bytesObjetivo?: number }) =>
    foto(archivo, opciones?.bytesObjetivo ? opciones.bytesObjetivo - 1000 : 1_000_000),
  )
  pdf.mockImplementation(async (paginas: Blob[]) => {
    const total = paginas.reduce((s, p) => s + p.size, 0)
    return new Blob([new TextEncoder().encode('%PDF-1.7\n'), new Uint8Array(total)])
  })
})
afterEach(() => {
  vi.clearAllMocks()
})

async function conPaginas(nombres: string[], maximoMb = 5) {
  const hook = renderHook(() => usePaginas({ nombreDocumento: 'Certificado de Inmunización', maximoMb }))
  for (const nombre of nombres) await act(() => hook.result.current.agregar(new File(['x'], nombre)))
  return hook
}

describe('usePaginas', () => {
  test('one photo goes as its compressed JPEG, never the original', async () => {
    const { result } = await conPaginas(['IMG_1.jpg'])
    let archivo: File | null = null
    await act(async () => {
      archivo = await result.current.armar()
    })
    expect(archivo).toBe(result.current.paginas[0]?.foto.archivo)
    expect(pdf).not.toHaveBeenCalled()
  })

  test('several pages become one PDF named after the document, in the order chosen after moving', async () => {
    const { result } = await conPaginas(['a.jpg', 'b.jpg', 'c.jpg'])
    act(() => result.current.mover(2, -1))
    expect(result.current.paginas.map((p) => p.fuente.name)).toEqual(['a.jpg', 'c.jpg', 'b.jpg'])
    let archivo: File | null = null
    await act(async () => {
      archivo = await result.current.armar()
    })
    expect((archivo as File | null)?.name).toBe('certificado-de-inmunizacion.pdf')
    const [paginas, titulo] = pdf.mock.calls[0] as [File[], string]
    expect(paginas.map((p) => p.name)).toEqual(['a.jpg', 'c.jpg', 'b.jpg'])
    expect(titulo).toBe('Certificado de Inmunización')
  })

  test('pages that together would pass the limit are compressed again, from the originals, to their share', async () => {
    const { result } = await conPaginas(['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg'])
    preparar.mockClear()
    let archivo: File | null = null
    await act(async () => {
      archivo = await result.current.armar()
    })
    const parte = bytesObjetivoPorPagina(6, 5)
    expect(parte).toBeLessThan(1_000_000)
    expect(preparar).toHaveBeenCalledTimes(6)
    for (const [i, [original, opciones]] of preparar.mock.calls.entries()) {
      expect(original).toBe(result.current.paginas[i]?.fuente)
      expect(opciones).toEqual({ bytesObjetivo: parte })
    }
    expect((archivo as File | null)?.size).toBeLessThanOrEqual(5 * BYTES_POR_MB)
  })

  test('a PDF still over the limit is not queued: the student is told to remove a page', async () => {
    const { result } = await conPaginas(['1.jpg', '2.jpg'], 1)
    // Photos that do not get any smaller (noise that no quality removes).
    preparar.mockImplementation(async (archivo: File) => foto(archivo, 1_000_000))
    let archivo: File | null = new File([], 'x')
    await act(async () => {
      archivo = await result.current.armar()
    })
    expect(archivo).toBeNull()
    expect(result.current.error).toBe(mensajeDocumentoMuyGrande(1, 2))
  })

  test('a page must be a photo, and a document has at most ten', async () => {
    const { result } = await conPaginas(['1.jpg'])
    await act(() => result.current.agregar(new File(['%PDF'], 'otro.pdf')))
    expect(result.current.error).toBe(MENSAJE_PAGINA_NO_FOTO)
    for (let i = 2; i <= MAXIMO_PAGINAS; i++) await act(() => result.current.agregar(new File(['x'], `${i}.jpg`)))
    expect(result.current.paginas).toHaveLength(MAXIMO_PAGINAS)
    await act(() => result.current.agregar(new File(['x'], 'once.jpg')))
    expect(result.current.error).toBe(MENSAJE_MAXIMO_PAGINAS)
    expect(result.current.paginas).toHaveLength(MAXIMO_PAGINAS)
  })

  test('removing a page keeps the others in order; Descartar clears them all', async () => {
    const { result } = await conPaginas(['a.jpg', 'b.jpg', 'c.jpg'])
    act(() => result.current.quitar(1))
    expect(result.current.paginas.map((p) => p.fuente.name)).toEqual(['a.jpg', 'c.jpg'])
    expect(result.current.foco).toEqual({ pagina: result.current.paginas[1]?.id, accion: 'quitar' })
    act(() => result.current.descartar())
    expect(result.current.paginas).toEqual([])
  })
})
