import type { Outbox } from './outbox.ts'

// When to replay the outbox ("on `online`, on app start, on focus and on a
// timer"). Kept out of outbox.ts so the outbox itself has no timers or page events and its tests
// decide exactly when a pass runs.

export interface OpcionesSincronizacion {
  /** The signed-in student: only their items are sent. */
  alumno: string
  /** Every this many ms while the student has items waiting (default 30 s). */
  intervaloMs?: number
  ahora?: () => number
  /** The page's window and document; tests pass EventTargets. */
  ventana?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  documento?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
  /** False while the browser knows it is offline: a pass would only fail. */
  enLinea?: () => boolean
}

/** Starts replaying `outbox` for `alumno`; returns the function that stops it (sign-out, unmount). */
export function iniciarSincronizacion(
  outbox: Outbox,
  {
    alumno,
    intervaloMs = 30_000,
    ahora = Date.now,
    ventana = globalThis.window,
    documento = globalThis.document,
    enLinea = () => globalThis.navigator?.onLine !== false,
  }: OpcionesSincronizacion,
): () => void {
  let activo = true
  let temporizador: ReturnType<typeof setTimeout> | undefined

  outbox.cambiarAlumno(alumno)

  function disparar() {
    if (!activo || !enLinea()) return
    void outbox.procesar().then(programar)
  }

  /** One timer, set for the next moment a pass could send something. */
  function programar() {
    clearTimeout(temporizador)
    temporizador = undefined
    if (!activo) return
    // Paused items wait for sign-in and refused ones for the student: no timer for them.
    const esperando = outbox
      .items()
      .filter((i) => i.alumno === alumno && (i.estado === 'pendiente' || i.estado === 'enviando'))
    if (esperando.length === 0) return
    const proximo = Math.min(...esperando.map((i) => i.siguienteIntentoEn ?? Number.POSITIVE_INFINITY))
    // A backoff that ends sooner than the interval (a 409 retried after 2 s) is honoured; no
    // timer fires sooner than 1 s.
    const espera = Math.max(1000, Math.min(intervaloMs, proximo - ahora()))
    temporizador = setTimeout(disparar, espera)
  }

  // A pass running when the connection comes back may be one that is failing for lack of it:
  // let it end, then run a fresh one.
  function alVolverLaConexion() {
    if (!activo) return
    void outbox.procesar().then(disparar)
  }

  const alVolverVisible = () => {
    if (documento?.visibilityState === 'visible') disparar()
  }

  ventana?.addEventListener('online', alVolverLaConexion)
  ventana?.addEventListener('focus', disparar)
  documento?.addEventListener('visibilitychange', alVolverVisible)
  const desuscribir = outbox.subscribe(programar)
  disparar()

  return () => {
    activo = false
    clearTimeout(temporizador)
    ventana?.removeEventListener('online', alVolverLaConexion)
    ventana?.removeEventListener('focus', disparar)
    documento?.removeEventListener('visibilitychange', alVolverVisible)
    desuscribir()
    // Signed out: nothing more may be sent in this student's name.
    outbox.cambiarAlumno(null)
  }
}
