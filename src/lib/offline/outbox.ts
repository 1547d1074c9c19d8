import { abrirAlmacen, type Almacen } from './idb.ts'

// The exactly-once outbox.
//
// A submission is written to IndexedDB before any attempt to send it, and is replayed in order
// until the server gives a definite answer. Its id travels as the `Idempotency-Key`: the server
// keeps, per student and key, the body's fingerprint and the first response, so a replay of a
// request that did reach it (reply lost, tab killed mid-send) gets that first response again and
// is never applied twice. That is why re-sending is always safe here, and why an item's id never
// changes while the server may have seen it.
//
// No React here: the hooks are in use-outbox.ts, the browser triggers in sincronizacion.ts.

export type EstadoItem =
  /** Waits for its turn or for the connection. */
  | 'pendiente'
  /** Being sent right now (left in IndexedDB only by a crash; read back as 'pendiente'). */
  | 'enviando'
  /** The session expired (401): waits for the student to sign in again. */
  | 'en-pausa'
  /** The server refused it (400, 403, 404, 413, 415, 422…): kept, with its message, until the
   * student edits or discards it. Nothing is dropped silently. */
  | 'rechazado'

export type Metodo = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** An upload: sent as multipart by `enviar`; the Blob is stored in IndexedDB as it is. */
export interface CuerpoArchivo {
  campos: Record<string, string>
  archivo: Blob
  nombre: string
}

export interface RespuestaServidor {
  status: number
  body: unknown
}

export interface ItemOutbox {
  /** crypto.randomUUID(); also the request's Idempotency-Key. */
  id: string
  /** The student's code. Another student's items are never sent in this student's session. */
  alumno: string
  /** What it is, for the screens: 'persona', 'documento-personal', 'encuesta'… */
  tipo: string
  /** Spanish description shown in the list of what waits to sync, e.g. 'Datos personales'. */
  etiqueta: string
  metodo: Metodo
  url: string
  /** JSON-serialisable, or a CuerpoArchivo for uploads. */
  cuerpo: unknown
  /** The path's parameters (an enrolment's code), for what the reply updates. */
  parametros?: Record<string, string>
  creadoEn: number
  /** Monotonic: the replay order. */
  secuencia: number
  estado: EstadoItem
  intentos: number
  /** Spanish, for the UI: the server's message, or why it is still waiting. */
  ultimoError?: string
  /** The server's reply when it refused the item. */
  respuesta?: RespuestaServidor
  /** Not before this time (ms): backoff after a 409, 429 or 5xx. */
  siguienteIntentoEn?: number
}

export type DatosItem = Pick<ItemOutbox, 'alumno' | 'tipo' | 'etiqueta' | 'metodo' | 'url' | 'cuerpo' | 'parametros'>

/**
 * Sends one item: adds the XSRF header and `Idempotency-Key: item.id`, and resolves with the
 * status and parsed body of ANY reply (4xx and 5xx included). Throws only when no reply came
 * (network failure, timeout).
 */
export type Enviar = (item: ItemOutbox) => Promise<RespuestaServidor>

export type ResultadoEspera =
  | { estado: 'confirmado'; respuesta: RespuestaServidor }
  | { estado: 'pendiente' | 'en-pausa' | 'rechazado'; item: ItemOutbox }
  /** Not in this outbox any more and not confirmed by this tab: discarded, emptied, or sent by
   * another tab. */
  | { estado: 'retirado' }

export interface Outbox {
  /** Stores the submission (before any network attempt), starts a pass, and returns the item. */
  encolar(datos: DatosItem): Promise<ItemOutbox>
  /** One replay pass for the current student; concurrent calls share it. */
  procesar(): Promise<void>
  /** After sign-in: the student's paused items wait no more. */
  reanudar(): Promise<void>
  /** Sends a waiting item now (no backoff wait) or a refused one again. */
  reintentar(id: string): Promise<void>
  /**
   * The student edited a refused (or never sent) item: it goes under a new key in the same place.
   * Null when the server may already hold the item (sent without a definite answer).
   */
  reemplazar(id: string, cuerpo: unknown): Promise<ItemOutbox | null>
  /** Removes an item the student gave up on. False for an item being sent right now. */
  descartar(id: string): Promise<boolean>
  /** Resolves once the item has had its chance in a pass: confirmed, refused or still waiting. */
  esperar(id: string): Promise<ResultadoEspera>
  /** Items by secuencia; the same array until something changes (for useSyncExternalStore). */
  items(): readonly ItemOutbox[]
  subscribe(listener: () => void): () => void
  /** Called after the server accepted an item, to update the query cache with its reply. */
  alConfirmar(listener: (item: ItemOutbox, body: unknown) => void): () => void
  /** Items of this student not yet accepted by the server, whatever their state (refused ones
   * included: they are unsent changes too, and 'Salir' must warn about them). */
  pendientes(alumno: string): number
  /** The student whose items may be sent now; null sends nothing (signed out). */
  cambiarAlumno(alumno: string | null): void
  /** Resolves once the stored items have been read. */
  listo(): Promise<void>
  /** Removes every item of every student ('Salir'). */
  vaciar(): Promise<void>
}

export interface OpcionesOutbox {
  almacen?: Almacen
  enviar: Enviar
  ahora?: () => number
  /** The student signed in when the outbox is created. */
  alumno?: string | null
  /** Wait after the n-th failed attempt (409, 429, 5xx). */
  espera?: (intentos: number) => number
  /**
   * Runs a pass under a lock shared by all tabs of the origin, so two tabs never replay the same
   * items at once. Default: navigator.locks when the browser has it, else no lock (the server's
   * idempotency store still keeps a double send from being applied twice).
   */
  bloqueo?: <T>(pasada: () => Promise<T>) => Promise<T>
  nuevoId?: () => string
}

export const MENSAJE_SIN_CONEXION = 'Sin conexión: se enviará cuando vuelva la conexión.'
export const MENSAJE_EN_PAUSA = 'Sesión expirada: se enviará cuando vuelvas a ingresar.'
export const MENSAJE_EN_CURSO = 'El servidor aún procesa el envío anterior: se reintentará.'
export const MENSAJE_SERVIDOR = 'El servidor no respondió correctamente: se reintentará.'

export type Clasificacion = 'confirmado' | 'en-pausa' | 'reintentar' | 'rechazado'

/**
 * What a reply means for the item. 409 is the server saying the first attempt with this key is
 * still running, so it is retried like a 5xx; 408 and 429 are "not now" too. Any other 4xx is the
 * server's final word on this body.
 */
export function clasificarRespuesta(status: number): Clasificacion {
  if (status >= 200 && status < 300) return 'confirmado'
  if (status === 401) return 'en-pausa'
  if (status === 408 || status === 409 || status === 425 || status === 429) return 'reintentar'
  if (status >= 400 && status < 500) return 'rechazado'
  return 'reintentar'
}

/** The server's Spanish message: `{ error }` for most endpoints, `{ message }` for a few. */
export function mensajeDeRespuesta(respuesta: RespuestaServidor): string {
  const body = respuesta.body
  if (typeof body === 'object' && body !== null) {
    for (const campo of ['error', 'message', 'mensajeError'] as const) {
      const texto = (body as Record<string, unknown>)[campo]
      if (typeof texto === 'string' && texto.trim()) return texto
    }
  }
  return `El servidor rechazó el envío (código ${respuesta.status}).`
}

export function esCuerpoArchivo(cuerpo: unknown): cuerpo is CuerpoArchivo {
  return typeof cuerpo === 'object' && cuerpo !== null && 'archivo' in cuerpo && cuerpo.archivo instanceof Blob
}

/** 2 s, 4 s, 8 s … up to 5 minutes. */
export function esperaPorDefecto(intentos: number): number {
  return Math.min(2000 * 2 ** Math.max(0, intentos - 1), 5 * 60 * 1000)
}

function bloqueoPorDefecto<T>(pasada: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks
  return locks ? locks.request('portal-outbox', pasada) : pasada()
}

const porSecuencia = (a: ItemOutbox, b: ItemOutbox) =>
  a.secuencia - b.secuencia || a.creadoEn - b.creadoEn || (a.id < b.id ? -1 : 1)

export function crearOutbox({
  almacen = abrirAlmacen('portal-outbox', 'items'),
  enviar,
  ahora = Date.now,
  alumno: alumnoInicial = null,
  espera = esperaPorDefecto,
  bloqueo = bloqueoPorDefecto,
  nuevoId = () => crypto.randomUUID(),
}: OpcionesOutbox): Outbox {
  const mapa = new Map<string, ItemOutbox>()
  let instantanea: readonly ItemOutbox[] = []
  const oyentes = new Set<() => void>()
  const oyentesConfirmar = new Set<(item: ItemOutbox, body: unknown) => void>()
  /** Replies of the latest items this tab confirmed, for esperar(). Cleared by vaciar(). */
  const confirmados = new Map<string, RespuestaServidor>()
  let alumno = alumnoInicial
  let ultimaSecuencia = 0
  /** Raised by vaciar(): a pass that was running must not write its items back. */
  let generacion = 0
  /** The item this tab is sending right now. */
  let enVuelo: string | undefined
  let pasada: Promise<void> | undefined
  /** Bumped by every local change that gives a pass something new to do (a new item, a resume). */
  let cambios = 0
  // This tab's reads and writes of the store run one at a time, so a reload that reads the store
  // while an item is being added or removed cannot drop it from (or bring it back to) the view.
  let serie: Promise<unknown> = Promise.resolve()
  function enSerie<T>(operacion: () => Promise<T>): Promise<T> {
    const resultado = serie.then(operacion)
    serie = resultado.catch(() => undefined)
    return resultado
  }

  function publicar() {
    instantanea = Object.freeze([...mapa.values()].sort(porSecuencia))
    for (const oyente of oyentes) oyente()
  }

  /** Reads the store, which other tabs write too, and makes it this tab's view. */
  function recargar() {
    return enSerie(async () => {
      const filas = await almacen.entries<ItemOutbox>()
      mapa.clear()
      for (const [, item] of filas) {
        // 'enviando' in the store while this tab is not sending it: the tab that was sending it
        // died (passes hold the lock, so no other tab is mid-pass now). Re-sending is safe: the
        // server answers a request it already has with its first response.
        mapa.set(item.id, item.estado === 'enviando' && item.id !== enVuelo ? { ...item, estado: 'pendiente' } : item)
        ultimaSecuencia = Math.max(ultimaSecuencia, item.secuencia)
      }
      publicar()
    })
  }

  const carga = recargar().catch((error: unknown) => {
    console.warn('No se pudo leer la bandeja de salida', error)
  })

  function escribir(item: ItemOutbox, gen: number): Promise<boolean> {
    return enSerie(async () => {
      // Discarded or emptied while its request was out: do not bring it back.
      if (gen !== generacion || !mapa.has(item.id)) return false
      await almacen.set(item.id, item)
      mapa.set(item.id, item)
      publicar()
      return true
    })
  }

  function quitar(id: string) {
    return enSerie(async () => {
      mapa.delete(id)
      await almacen.del(id)
      publicar()
    })
  }

  async function encolar(datos: DatosItem): Promise<ItemOutbox> {
    await carga
    const creadoEn = ahora()
    // Time-based so items queued in two tabs interleave in real order; +1 keeps it strictly
    // increasing within this tab when the clock stands still or goes back.
    ultimaSecuencia = Math.max(ultimaSecuencia + 1, creadoEn)
    const item: ItemOutbox = {
      ...datos,
      id: nuevoId(),
      creadoEn,
      secuencia: ultimaSecuencia,
      estado: 'pendiente',
      intentos: 0,
    }
    // Stored before any attempt to send: if the tab dies from here on, the item is still there.
    await enSerie(async () => {
      await almacen.set(item.id, item)
      mapa.set(item.id, item)
      publicar()
    })
    cambios++
    void procesar()
    return item
  }

  async function enviarUno(item: ItemOutbox, gen: number): Promise<'seguir' | 'parar'> {
    const enviando: ItemOutbox = { ...item, estado: 'enviando', intentos: item.intentos + 1 }
    enVuelo = item.id
    try {
      if (!(await escribir(enviando, gen))) return 'seguir'
      let respuesta: RespuestaServidor
      try {
        respuesta = await enviar(enviando)
      } catch {
        // No reply: maybe it never left, maybe the reply was lost. Either way it stays, with the
        // same id, and the next pass (online, focus, timer) sends it again.
        await escribir({ ...enviando, estado: 'pendiente', ultimoError: MENSAJE_SIN_CONEXION }, gen)
        return 'parar'
      }

      switch (clasificarRespuesta(respuesta.status)) {
        case 'confirmado': {
          // Removed before telling the screens, so a listener that reads items() sees it gone.
          // If the tab dies between the reply and this delete, the replay gets the same reply.
          await quitar(item.id)
          confirmados.set(item.id, respuesta)
          // Only recent replies matter to esperar(); a tab left open for weeks must not grow forever.
          if (confirmados.size > 100) confirmados.delete(confirmados.keys().next().value as string)
          for (const oyente of oyentesConfirmar) {
            try {
              oyente(enviando, respuesta.body)
            } catch (error) {
              console.error('Error al aplicar una confirmación de la bandeja de salida', error)
            }
          }
          return 'seguir'
        }
        case 'en-pausa': {
          // The session expired: nothing of this student can go until they sign in again, and
          // sending later items first would change the order.
          const pausados = [...mapa.values()].filter(
            (i) => i.alumno === item.alumno && (i.estado === 'pendiente' || i.id === item.id),
          )
          for (const i of pausados) {
            await escribir(
              { ...(i.id === item.id ? enviando : i), estado: 'en-pausa', ultimoError: MENSAJE_EN_PAUSA },
              gen,
            )
          }
          return 'parar'
        }
        case 'reintentar': {
          const mensaje = respuesta.status === 409 ? MENSAJE_EN_CURSO : MENSAJE_SERVIDOR
          await escribir(
            {
              ...enviando,
              estado: 'pendiente',
              ultimoError: mensaje,
              siguienteIntentoEn: ahora() + espera(enviando.intentos),
            },
            gen,
          )
          return 'parar'
        }
        case 'rechazado': {
          await escribir(
            { ...enviando, estado: 'rechazado', ultimoError: mensajeDeRespuesta(respuesta), respuesta },
            gen,
          )
          return 'seguir'
        }
      }
    } finally {
      enVuelo = undefined
    }
  }

  async function unaPasada() {
    await carga
    await recargar()
    const gen = generacion
    const actual = alumno
    if (actual === null) return
    const cola = [...mapa.values()].filter((i) => i.alumno === actual).sort(porSecuencia)
    // Paused items go first once the student signs in again; nothing may overtake them.
    if (cola.some((i) => i.estado === 'en-pausa')) return
    for (const enCola of cola) {
      if (gen !== generacion || alumno !== actual) return
      const item = mapa.get(enCola.id)
      // Refused items wait for the student and do not hold back the rest.
      if (!item || item.estado === 'rechazado') continue
      // In backoff: later items wait too, so the replay keeps its order.
      if (item.siguienteIntentoEn !== undefined && item.siguienteIntentoEn > ahora()) return
      if ((await enviarUno(item, gen)) === 'parar') return
    }
  }

  function procesar(): Promise<void> {
    // Single flight: a call while a pass runs shares it. A local change made during the pass (an
    // item queued after the pass read the store) gets one more pass before the promise settles.
    if (pasada) return pasada
    pasada = (async () => {
      try {
        let visto: number
        do {
          visto = cambios
          await bloqueo(unaPasada)
        } while (cambios !== visto)
      } catch (error) {
        // IndexedDB unavailable or similar: the items are still stored; the next trigger retries.
        console.warn('No se pudo procesar la bandeja de salida', error)
      } finally {
        pasada = undefined
      }
    })()
    return pasada
  }

  async function reanudar() {
    await carga
    const actual = alumno
    const gen = generacion
    for (const item of instantanea) {
      if (item.alumno !== actual || item.estado !== 'en-pausa') continue
      const { siguienteIntentoEn: _, ...resto } = item
      await escribir({ ...resto, estado: 'pendiente', ultimoError: undefined }, gen)
    }
    cambios++
    await procesar()
  }

  /** The item under a new key, same place in the order. Only for items the server has not applied. */
  function conNuevaClave(item: ItemOutbox, cuerpo: unknown): Promise<ItemOutbox> {
    const { siguienteIntentoEn: _s, respuesta: _r, ultimoError: _e, ...resto } = item
    const nuevo: ItemOutbox = { ...resto, cuerpo, id: nuevoId(), estado: 'pendiente', intentos: 0 }
    return enSerie(async () => {
      // New one first: a crash between the two leaves both, never neither.
      await almacen.set(nuevo.id, nuevo)
      mapa.set(nuevo.id, nuevo)
      mapa.delete(item.id)
      await almacen.del(item.id)
      publicar()
      return nuevo
    })
  }

  async function reintentar(id: string) {
    await carga
    const item = mapa.get(id)
    if (!item || item.estado === 'enviando') return
    if (item.estado === 'rechazado') {
      // The server stores the first response per key, so the same key would only get the same
      // refusal back. A refused request changed nothing, so a new key is safe.
      await conNuevaClave(item, item.cuerpo)
    } else {
      const { siguienteIntentoEn: _, ...resto } = item
      await escribir({ ...resto, estado: 'pendiente' }, generacion)
    }
    cambios++
    await procesar()
  }

  async function reemplazar(id: string, cuerpo: unknown) {
    await carga
    const item = mapa.get(id)
    // Once sent without a definite answer the server may hold the old body under the old key;
    // changing it then could apply both. The student queues a new submission instead.
    if (!item || !(item.estado === 'rechazado' || (item.estado === 'pendiente' && item.intentos === 0))) return null
    const nuevo = await conNuevaClave(item, cuerpo)
    cambios++
    void procesar()
    return nuevo
  }

  async function descartar(id: string) {
    await carga
    if (enVuelo === id) return false
    confirmados.delete(id)
    await quitar(id)
    return true
  }

  async function esperar(id: string): Promise<ResultadoEspera> {
    await carga
    const antes = mapa.get(id)
    if (antes && antes.estado !== 'rechazado') await procesar()
    const respuesta = confirmados.get(id)
    if (respuesta) return { estado: 'confirmado', respuesta }
    const item = mapa.get(id)
    if (!item) return { estado: 'retirado' }
    return { estado: item.estado === 'enviando' ? 'pendiente' : item.estado, item }
  }

  function vaciar() {
    generacion++
    confirmados.clear()
    return enSerie(async () => {
      mapa.clear()
      publicar()
      await almacen.clear()
    })
  }

  return {
    encolar,
    procesar,
    reanudar,
    reintentar,
    reemplazar,
    descartar,
    esperar,
    items: () => instantanea,
    subscribe(listener) {
      oyentes.add(listener)
      return () => oyentes.delete(listener)
    },
    alConfirmar(listener) {
      oyentesConfirmar.add(listener)
      return () => oyentesConfirmar.delete(listener)
    },
    pendientes: (codigo) => instantanea.filter((i) => i.alumno === codigo).length,
    cambiarAlumno(codigo) {
      alumno = codigo
      cambios++
    },
    listo: () => carga,
    vaciar,
  }
}
