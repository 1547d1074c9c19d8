import { useCallback, useEffect, useRef, useState } from 'react'
import { borrarBorrador, guardarBorrador, leerBorrador } from './borradores.ts'

// React side of the drafts: the form's value lives here, every change is written
// to IndexedDB shortly after it is made, and a draft left by a reload, a crash or a closed tab is
// put back when the form mounts again.

export interface UsoBorrador<T> {
  valor: T
  cambiar: (siguiente: T | ((anterior: T) => T)) => void
  /** True while the stored draft is being read; the form may wait for it before showing. */
  cargando: boolean
  /** A draft from an earlier visit was found and is now the form's value. */
  restaurado: boolean
  /** The value differs from what was last saved to the server (restored or edited). */
  hayCambiosSinGuardar: boolean
  /** When the restored draft was saved, for "borrador guardado el …". */
  guardadoEn: number | null
  /** Throws the draft away and goes back to `valorInicial`. */
  descartar: () => Promise<void>
  /** The server (or the outbox) now holds the value: the draft is no longer needed. */
  marcarGuardado: () => Promise<void>
}

interface Estado<T> {
  valor: T
  cargando: boolean
  restaurado: boolean
  hayCambiosSinGuardar: boolean
  guardadoEn: number | null
}

/**
 * `clave` comes from claveBorrador(codigoAlumno, formulario, id). `valorInicial` is read when the
 * hook mounts or the key changes (like useState), so mount the form once the server's data is
 * there (useSuspenseQuery) and pass that data.
 */
export function useBorrador<T>(
  clave: string,
  valorInicial: T,
  { esperaMs = 300 }: { esperaMs?: number } = {},
): UsoBorrador<T> {
  const [estado, setEstado] = useState<Estado<T>>(() => ({
    valor: valorInicial,
    cargando: true,
    restaurado: false,
    hayCambiosSinGuardar: false,
    guardadoEn: null,
  }))

  // Refs, because the writes happen from timers, page events and cleanups, after the render that
  // scheduled them.
  const valorRef = useRef(valorInicial)
  const valorInicialRef = useRef(valorInicial)
  const claveRef = useRef(clave)
  const sinEscribir = useRef(false)
  const editadoAlCargar = useRef(false)
  const temporizador = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Writes and deletes run one after another, so a slow write can never land after the delete of
  // marcarGuardado() and bring the draft back.
  const cola = useRef<Promise<void>>(Promise.resolve())

  useEffect(() => {
    valorInicialRef.current = valorInicial
  }, [valorInicial])

  const enCola = useCallback((operacion: () => Promise<void>) => {
    cola.current = cola.current.then(operacion).catch((error: unknown) => {
      // Losing a draft write is bad but not worth breaking the form over; the next change retries.
      console.warn('No se pudo guardar el borrador', error)
    })
    return cola.current
  }, [])

  const escribirAhora = useCallback(() => {
    clearTimeout(temporizador.current)
    temporizador.current = undefined
    if (!sinEscribir.current) return
    sinEscribir.current = false
    const claveActual = claveRef.current
    const valor = valorRef.current
    void enCola(() => guardarBorrador(claveActual, valor))
  }, [enCola])

  useEffect(() => {
    let vigente = true
    claveRef.current = clave
    editadoAlCargar.current = false
    if (valorRef.current !== valorInicialRef.current) {
      // Another key (another enrolment): start from its own initial value, not the last form's.
      valorRef.current = valorInicialRef.current
      setEstado({
        valor: valorInicialRef.current,
        cargando: true,
        restaurado: false,
        hayCambiosSinGuardar: false,
        guardadoEn: null,
      })
    }
    leerBorrador<T>(clave).then(
      (borrador) => {
        if (!vigente) return
        // If the student already typed while the draft was loading, what they typed wins.
        if (borrador && !editadoAlCargar.current) {
          valorRef.current = borrador.valor
          setEstado({
            valor: borrador.valor,
            cargando: false,
            restaurado: true,
            hayCambiosSinGuardar: true,
            guardadoEn: borrador.guardadoEn,
          })
        } else {
          setEstado((e) => ({ ...e, cargando: false }))
        }
      },
      () => {
        if (vigente) setEstado((e) => ({ ...e, cargando: false }))
      },
    )
    return () => {
      vigente = false
      // Unmount or a change of key: the last keystrokes must not wait for a timer that will never fire.
      escribirAhora()
    }
  }, [clave, escribirAhora])

  useEffect(() => {
    // The page may be frozen or killed after these with no further chance to run code (mobile
    // browsers especially), so the pending write is started right away.
    const alOcultar = () => {
      if (document.visibilityState === 'hidden') escribirAhora()
    }
    window.addEventListener('pagehide', escribirAhora)
    document.addEventListener('visibilitychange', alOcultar)
    return () => {
      window.removeEventListener('pagehide', escribirAhora)
      document.removeEventListener('visibilitychange', alOcultar)
    }
  }, [escribirAhora])

  const cambiar = useCallback(
    (siguiente: T | ((anterior: T) => T)) => {
      const valor = typeof siguiente === 'function' ? (siguiente as (anterior: T) => T)(valorRef.current) : siguiente
      valorRef.current = valor
      editadoAlCargar.current = true
      sinEscribir.current = true
      setEstado((e) => ({ ...e, valor, hayCambiosSinGuardar: true }))
      clearTimeout(temporizador.current)
      temporizador.current = setTimeout(escribirAhora, esperaMs)
    },
    [escribirAhora, esperaMs],
  )

  const olvidarBorrador = useCallback(() => {
    clearTimeout(temporizador.current)
    temporizador.current = undefined
    sinEscribir.current = false
    const claveActual = claveRef.current
    return enCola(() => borrarBorrador(claveActual))
  }, [enCola])

  const descartar = useCallback(() => {
    valorRef.current = valorInicialRef.current
    setEstado({
      valor: valorInicialRef.current,
      cargando: false,
      restaurado: false,
      hayCambiosSinGuardar: false,
      guardadoEn: null,
    })
    return olvidarBorrador()
  }, [olvidarBorrador])

  const marcarGuardado = useCallback(() => {
    setEstado((e) => ({ ...e, restaurado: false, hayCambiosSinGuardar: false, guardadoEn: null }))
    return olvidarBorrador()
  }, [olvidarBorrador])

  return { ...estado, cambiar, descartar, marcarGuardado }
}

/**
 * While `activo`, closing or reloading the tab asks first ("leaving with unsaved
 * edits asks first"). Navigation inside the app is the router's job (TanStack Router useBlocker).
 */
export function useAvisoAlSalir(activo: boolean): void {
  useEffect(() => {
    if (!activo) return
    const alSalir = (evento: BeforeUnloadEvent) => {
      evento.preventDefault()
      // Older Chromium and Safari show the prompt only when returnValue is set.
      evento.returnValue = ''
    }
    window.addEventListener('beforeunload', alSalir)
    return () => window.removeEventListener('beforeunload', alSalir)
  }, [activo])
}

/**
 * A draft of a form over data the server holds: `valorServidor` starts it, and when new data
 * arrives (a refetch, a confirmed submission) it replaces the form's value unless the student has
 * unsaved edits, which are never overwritten.
 */
export function useBorradorSobreServidor<T>(clave: string, valorServidor: T): UsoBorrador<T> {
  const borrador = useBorrador(clave, valorServidor)
  const anterior = useRef(valorServidor)
  const { cargando, hayCambiosSinGuardar, descartar } = borrador
  useEffect(() => {
    if (anterior.current === valorServidor) return
    anterior.current = valorServidor
    if (!cargando && !hayCambiosSinGuardar) void descartar()
  }, [valorServidor, cargando, hayCambiosSinGuardar, descartar])
  return borrador
}
