import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { BYTES_FIRMA, validarArchivo } from '../../domain/documentos.ts'
import {
  MAXIMO_PAGINAS,
  MENSAJE_MAXIMO_PAGINAS,
  MENSAJE_PAGINA_NO_FOTO,
  bytesObjetivoPorPagina,
  cabeEnLimite,
  mensajeDocumentoMuyGrande,
  moverPagina,
  nombrePdfDePaginas,
  tipoFotoPorExtension,
} from '../../domain/fotos.ts'
import { ErrorDeFoto, prepararFoto } from '../../lib/imagen/preparar-foto.ts'
import type { Foco, Pagina } from './paginas-del-documento.tsx'

// The pages of a document being put together on the phone: each photo prepared (compressed) as
// it is added, moved, removed, and at the end the one file that goes into the outbox, a JPEG or
// a PDF of every page, already within the upload limit. Nothing of it is sent or stored before
// that: the originals stay in memory, and only the final file is queued.

export type EstadoPaginas = {
  paginas: Pagina[]
  /** Spanish, for a status line: what is being done now ('Preparando la foto…'). */
  trabajando: string | null
  error: string | null
  foco: Foco
}

export function usePaginas({ nombreDocumento, maximoMb }: { nombreDocumento: string; maximoMb: number }) {
  const [paginas, setPaginas] = useState<Pagina[]>([])
  const [trabajando, setTrabajando] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [foco, setFoco] = useState<Foco>(null)
  // The pages as last rendered, for the callbacks (stable, so the buttons' handlers never go stale).
  const vivas = useRef<Pagina[]>([])
  useLayoutEffect(() => {
    vivas.current = paginas
  }, [paginas])

  // The previews' object URLs are freed with the component.
  useEffect(() => () => vivas.current.forEach((p) => URL.revokeObjectURL(p.vista)), [])

  const agregar = useCallback(async (archivo: File) => {
    setError(null)
    if (vivas.current.length >= MAXIMO_PAGINAS) {
      setError(MENSAJE_MAXIMO_PAGINAS)
      return
    }
    if (vivas.current.length > 0 && !tipoFotoPorExtension(archivo.name)) {
      setError(MENSAJE_PAGINA_NO_FOTO)
      return
    }
    setTrabajando(archivo.name.toLowerCase().match(/\.hei[cf]$/) ? 'Convirtiendo la foto HEIC…' : 'Preparando la foto…')
    try {
      const foto = await prepararFoto(archivo)
      const pagina: Pagina = {
        id: crypto.randomUUID(),
        fuente: archivo,
        foto,
        vista: URL.createObjectURL(foto.archivo),
      }
      setPaginas((actuales) => [...actuales, pagina])
    } catch (err) {
      setError(err instanceof ErrorDeFoto ? err.message : 'No fue posible preparar la foto. Intente nuevamente.')
    } finally {
      setTrabajando(null)
    }
  }, [])

  const mover = useCallback((indice: number, paso: -1 | 1) => {
    const lista = moverPagina(vivas.current, indice, paso)
    const movida = vivas.current[indice]
    if (!movida) return
    setPaginas(lista)
    const nuevo = indice + paso
    // The button pressed keeps the focus unless the page reached the end it pointed at.
    const accion = paso === -1 ? (nuevo === 0 ? 'abajo' : 'arriba') : nuevo === lista.length - 1 ? 'arriba' : 'abajo'
    setFoco({ pagina: movida.id, accion })
  }, [])

  const quitar = useCallback((indice: number) => {
    const quitada = vivas.current[indice]
    if (!quitada) return
    URL.revokeObjectURL(quitada.vista)
    const lista = vivas.current.filter((_, i) => i !== indice)
    setPaginas(lista)
    setError(null)
    const siguiente = lista[Math.min(indice, lista.length - 1)]
    setFoco(siguiente ? { pagina: siguiente.id, accion: 'quitar' } : null)
  }, [])

  const descartar = useCallback(() => {
    vivas.current.forEach((p) => URL.revokeObjectURL(p.vista))
    setPaginas([])
    setError(null)
  }, [])

  /**
   * The one file for the outbox: the single photo, or a PDF of every page in order, each page
   * compressed again first if together they would not fit the limit. Null (and an error shown)
   * when it does not fit anyway.
   */
  const armar = useCallback(async (): Promise<File | null> => {
    setError(null)
    const lista = vivas.current
    if (lista.length === 0) return null
    let archivo: File
    if (lista.length === 1) {
      archivo = (lista[0] as Pagina).foto.archivo
    } else {
      setTrabajando(`Armando el PDF de ${lista.length} páginas…`)
      try {
        const presupuesto = bytesObjetivoPorPagina(lista.length, maximoMb)
        const fotos = []
        for (const p of lista) {
          fotos.push(
            p.foto.archivo.size <= presupuesto
              ? p.foto.archivo
              : (await prepararFoto(p.fuente, { bytesObjetivo: presupuesto })).archivo,
          )
        }
        const { pdfDePaginas } = await import('../../lib/imagen/pdf-de-paginas.ts')
        const pdf = await pdfDePaginas(fotos, nombreDocumento)
        archivo = new File([pdf], nombrePdfDePaginas(nombreDocumento), { type: 'application/pdf' })
      } catch (err) {
        setError(
          err instanceof ErrorDeFoto
            ? err.message
            : 'No fue posible armar el PDF. Revise su conexión si es la primera vez, e intente nuevamente.',
        )
        return null
      } finally {
        setTrabajando(null)
      }
    }
    // The limit applies to what is stored: the compressed file, checked as the server will.
    if (!cabeEnLimite(archivo.size, maximoMb)) {
      setError(mensajeDocumentoMuyGrande(maximoMb, lista.length))
      return null
    }
    const primerosBytes = new Uint8Array(await archivo.slice(0, BYTES_FIRMA).arrayBuffer())
    const problema = validarArchivo({ nombre: archivo.name, tamanno: archivo.size, primerosBytes }, maximoMb)
    if (problema) {
      setError(problema)
      return null
    }
    return archivo
  }, [maximoMb, nombreDocumento])

  const focoAplicado = useCallback(() => setFoco(null), [])

  return {
    paginas,
    trabajando,
    error,
    foco,
    agregar,
    mover,
    quitar,
    descartar,
    armar,
    focoAplicado,
    limpiarError: useCallback(() => setError(null), []),
  }
}
