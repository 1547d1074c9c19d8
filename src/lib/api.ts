import { URL_INGRESO } from '../domain/urls.ts'
import { ApiError, ErrorDeRed, mensajeDelCuerpo } from './api-error.ts'
import { guardarBackUrl, haySesion, olvidarSesion } from './session.ts'

// The one way the client talks to the portal server: same origin, JSON, cookies, and the
// double-submit XSRF header on every non-GET.

export const CABECERA_XSRF = 'X-XSRF-TOKEN'

/** The school's staff side: its own session and its own XSRF token. */
const RUTA_ADMIN = '/api/admin'
const esAdmin = (ruta: string) => ruta === RUTA_ADMIN || ruta.startsWith(`${RUTA_ADMIN}/`)

let alExpirar: (() => void) | null = null
let alExpirarPersonal: (() => void) | null = null

/** What to do after a signed-in request meets an expired session (navigate and alert). */
export function alExpirarSesion(manejador: () => void): void {
  alExpirar = manejador
}

/** The same for a staff member's session (the admin area registers it). */
export function alExpirarSesionPersonal(manejador: () => void): void {
  alExpirarPersonal = manejador
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

export async function tokenXsrf(renovar: boolean, admin = false): Promise<string | undefined> {
  const cookie = admin ? 'XSRF-TOKEN-ADMIN' : 'XSRF-TOKEN'
  const actual = leerCookie(cookie)
  if (actual && !renovar) return actual
  // The server sets the cookie on any response to a request that lacks it; /api/sesion is the
  // cheapest such request (on the staff side, /api/admin/sesion).
  try {
    await fetch(admin ? `${RUTA_ADMIN}/sesion` : '/api/sesion', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    })
  } catch (e) {
    throw new ErrorDeRed(e)
  }
  return leerCookie(cookie)
}

export async function leerCuerpo(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined
  const texto = await res.text()
  if (!texto) return undefined
  try {
    return JSON.parse(texto) as unknown
  } catch {
    return texto
  }
}

export function esRechazoXsrf(status: number, body: unknown): boolean {
  return status === 403 && mensajeDelCuerpo(body, status).startsWith('Solicitud no válida')
}

export function manejarSesionExpirada(): void {
  // Only a student who believed to be signed in has a session that can expire.
  if (!haySesion()) return
  guardarBackUrl(window.location.pathname + window.location.search)
  olvidarSesion()
  if (alExpirar) alExpirar()
  else window.location.assign(URL_INGRESO)
}

function rutaDe(entrada: RequestInfo | URL): string {
  const url =
    typeof entrada === 'string'
      ? new URL(entrada, window.location.origin)
      : entrada instanceof URL
        ? entrada
        : new URL(entrada.url)
  if (url.origin !== window.location.origin || !url.pathname.startsWith('/api/'))
    throw new Error(`Ruta de API inválida: ${url.href}`)
  return url.pathname + url.search
}

function comoObjeto(headers: HeadersInit | undefined): Record<string, string> {
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers))
  return { ...headers }
}

export type OpcionesPeticion = RequestInit & {
  /** For 'Salir': a 401 there means the session had already ended, not something to announce. */
  ignorarSesionExpirada?: boolean
}

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
      const token = await tokenXsrf(renovarXsrf, esAdmin(ruta))
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
  if (res.status === 401 && !ignorarSesionExpirada) {
    if (!esAdmin(ruta)) manejarSesionExpirada()
    else alExpirarPersonal?.()
  }
  throw new ApiError(res.status, mensajeDelCuerpo(body, res.status), body)
}
