import { ApiError, ErrorDeRed, mensajeDeError } from './api-error.ts'
import { guardarBackUrl, haySesion, olvidarSesion } from './session.ts'

// The one way the client talks to the portal server: same origin, JSON, cookies, and the
// double-submit XSRF header on every non-GET (design 'One origin', server README 'Conventions').

type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type OpcionesApi = {
  method?: Metodo
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** For 'Salir': a 401 there means the session had already ended, not something to announce. */
  ignorarSesionExpirada?: boolean
}

const COOKIE_XSRF = 'XSRF-TOKEN'
const CABECERA_XSRF = 'X-XSRF-TOKEN'

let alExpirar: (() => void) | null = null

/** What to do after a signed-in request meets an expired session (navigate and alert). */
export function alExpirarSesion(manejador: () => void): void {
  alExpirar = manejador
}

export function leerCookie(nombre: string): string | undefined {
  const prefijo = `${nombre}=`
  for (const parte of document.cookie.split(';')) {
    const cookie = parte.trim()
    if (cookie.startsWith(prefijo)) {
      try {
        return decodeURIComponent(cookie.slice(prefijo.length))
      } catch {
        return cookie.slice(prefijo.length)
      }
    }
  }
  return undefined
}

async function tokenXsrf(renovar: boolean): Promise<string | undefined> {
  const actual = leerCookie(COOKIE_XSRF)
  if (actual && !renovar) return actual
  // The server sets the cookie on any response to a request that lacks it; /api/sesion is the
  // cheapest such request.
  try {
    await fetch('/api/sesion', { credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store' })
  } catch (e) {
    throw new ErrorDeRed(e)
  }
  return leerCookie(COOKIE_XSRF)
}

async function leerCuerpo(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined
  const texto = await res.text()
  if (!texto) return undefined
  try {
    return JSON.parse(texto) as unknown
  } catch {
    return texto
  }
}

function esRechazoXsrf(status: number, body: unknown): boolean {
  return status === 403 && mensajeDeError(body, status).startsWith('Solicitud no válida')
}

function manejarSesionExpirada(): void {
  // Only a student who believed to be signed in has a session that can expire.
  if (!haySesion()) return
  guardarBackUrl(window.location.pathname + window.location.search)
  olvidarSesion()
  if (alExpirar) alExpirar()
  else window.location.assign('/login')
}

function rutaDe(entrada: RequestInfo | URL): string {
  const url = typeof entrada === 'string' ? new URL(entrada, window.location.origin) : entrada instanceof URL ? entrada : new URL(entrada.url)
  if (url.origin !== window.location.origin || !url.pathname.startsWith('/api/')) throw new Error(`Ruta de API inválida: ${url.href}`)
  return url.pathname + url.search
}

function comoObjeto(headers: HeadersInit | undefined): Record<string, string> {
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers))
  return { ...headers }
}

export type OpcionesPeticion = RequestInit & Pick<OpcionesApi, 'ignorarSesionExpirada'>

/**
 * The portal's fetch, which the typed client (`cliente-api.ts`) and `api()` go through: same
 * origin and cookies, the XSRF header on every non-GET (fetched again once when the server says
 * it was rotated), the expired-session flow on a 401. Resolves only with a 2xx reply; throws
 * ApiError with the server's Spanish message otherwise, or ErrorDeRed when no reply came.
 */
export async function peticion(entrada: RequestInfo | URL, opciones: OpcionesPeticion = {}): Promise<Response> {
  const ruta = rutaDe(entrada)
  const { ignorarSesionExpirada, ...init } = opciones
  const method = (init.method ?? 'GET').toUpperCase()

  async function intentar(renovarXsrf: boolean): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...comoObjeto(init.headers) }
    if (method !== 'GET') {
      const token = await tokenXsrf(renovarXsrf)
      if (token) headers[CABECERA_XSRF] = token
    }
    try {
      return await fetch(ruta, { ...init, method, headers, credentials: 'same-origin' })
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e
      throw new ErrorDeRed(e)
    }
  }

  let res = await intentar(false)
  if (res.ok) return res
  let body = await leerCuerpo(res)
  // A rotated or lost XSRF cookie: fetch a fresh one and try once more.
  if (method !== 'GET' && esRechazoXsrf(res.status, body)) {
    res = await intentar(true)
    if (res.ok) return res
    body = await leerCuerpo(res)
  }
  if (res.status === 401 && !ignorarSesionExpirada) manejarSesionExpirada()
  throw new ApiError(res.status, mensajeDeError(body, res.status), body)
}

/** Calls `/api/...` with a JSON body and returns the parsed reply (for paths known only at run time, like an outbox item's). */
export async function api<T>(ruta: string, opciones: OpcionesApi = {}): Promise<T> {
  const headers: Record<string, string> = { ...opciones.headers }
  if (opciones.body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await peticion(ruta, {
    method: opciones.method ?? 'GET',
    headers,
    body: opciones.body === undefined ? undefined : JSON.stringify(opciones.body),
    signal: opciones.signal,
    ignorarSesionExpirada: opciones.ignorarSesionExpirada,
  })
  return (await leerCuerpo(res)) as T
}

export type Progreso = { cargado: number; total: number }

export type OpcionesSubida = {
  /** Form fields sent before the file. */
  campos: Record<string, string>
  archivo: Blob
  nombre: string
  headers?: Record<string, string>
  /** Called as the bytes leave (XMLHttpRequest upload.onprogress: fetch has no upload progress). */
  alProgreso?: (progreso: Progreso) => void
  timeoutMs?: number
}

function leerCuerpoXhr(xhr: XMLHttpRequest): unknown {
  const texto = xhr.responseText
  if (!texto) return undefined
  try {
    return JSON.parse(texto) as unknown
  } catch {
    return texto
  }
}

/**
 * Uploads one file as multipart/form-data with the XSRF header, reporting progress. Resolves with
 * the status and parsed body of ANY reply (the outbox decides what a status means) and rejects
 * with ErrorDeRed only when no reply came. A 401 starts the expired-session flow, as api() does.
 */
export async function subirArchivo(ruta: string, opciones: OpcionesSubida): Promise<{ status: number; body: unknown }> {
  if (!ruta.startsWith('/api/')) throw new Error(`Ruta de API inválida: ${ruta}`)

  async function intentar(renovarXsrf: boolean): Promise<{ status: number; body: unknown }> {
    const token = await tokenXsrf(renovarXsrf)
    const datos = new FormData()
    for (const [campo, valor] of Object.entries(opciones.campos)) datos.append(campo, valor)
    datos.append('archivo', opciones.archivo, opciones.nombre)
    return new Promise((resolver, rechazar) => {
      const xhr = new XMLHttpRequest()
      xhr.open('POST', ruta)
      xhr.withCredentials = true
      xhr.timeout = opciones.timeoutMs ?? 0
      xhr.setRequestHeader('Accept', 'application/json')
      if (token) xhr.setRequestHeader(CABECERA_XSRF, token)
      for (const [nombre, valor] of Object.entries(opciones.headers ?? {})) xhr.setRequestHeader(nombre, valor)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) opciones.alProgreso?.({ cargado: e.loaded, total: e.total })
      }
      xhr.onload = () => resolver({ status: xhr.status, body: leerCuerpoXhr(xhr) })
      xhr.onerror = xhr.ontimeout = xhr.onabort = () => rechazar(new ErrorDeRed())
      xhr.send(datos)
    })
  }

  let respuesta = await intentar(false)
  if (esRechazoXsrf(respuesta.status, respuesta.body)) respuesta = await intentar(true)
  if (respuesta.status === 401) manejarSesionExpirada()
  return respuesta
}
