import { asistenteDe, type Owner } from '../domain/asistente.ts'
import type { cliente, RespuestaDe } from './cliente-api.ts'

// What is kept locally after sign-in. The real session token is the HttpOnly `portal_sesion`
// cookie, which scripts cannot read; what lives here is a marker with the
// student's display data, used by the route guards and the home page before the network answers.

export const CLAVES = {
  /** JSON `SesionLocal`: name, surname, rut, student code, assistant, service account. */
  sesion: 'portal.sesion',
  /** Path + search the student wanted before being sent to sign in. */
  backUrl: 'portal.backUrl',
  /**
   * Set when the student arrived from a contest flow: the login page then shows 'Regístrese'. It
   * holds the contest's id when the link named one ('' otherwise), so every screen can say
   * 'Postulando a: …' until the applicant is done.
   */
  flujoConcurso: 'portal.flujoConcurso',
} as const

export type SesionLocal = {
  nombre: string
  apellido: string
  rut: string
  codigoAlumno: string
  /** The commercial assistant. */
  asistente: Owner | null
  cuentaServicio: string
}

/** The reply of `POST /api/auth/login` (also of `GET /api/alumno`, which never refuses). */
export type RespuestaAlumno = RespuestaDe<typeof cliente.auth.login.$post>

export function sesionDesdeRespuesta(respuesta: RespuestaAlumno): SesionLocal | null {
  if (respuesta.codRetorno !== 0) return null
  const data = respuesta.data
  return {
    nombre: data.Name,
    apellido: data.hed__Former_Middle_Name__c ?? '',
    rut: data.RUT__c ?? '',
    codigoAlumno: data.Codigo_Alumno__c,
    asistente: asistenteDe(data, respuesta.inscReciente),
    cuentaServicio: respuesta.cuentaServicio ?? '',
  }
}

const oyentes = new Set<() => void>()
let cache: { raw: string | null; valor: SesionLocal | null } = { raw: null, valor: null }

function leer(clave: string): string | null {
  try {
    return localStorage.getItem(clave)
  } catch {
    return null
  }
}

function escribir(clave: string, valor: string | null): void {
  try {
    if (valor === null) localStorage.removeItem(clave)
    else localStorage.setItem(clave, valor)
  } catch {
    // Storage full or blocked (private mode): the app still works for this page view.
  }
}

function notificar(): void {
  for (const oyente of oyentes) oyente()
}

/** The stored marker, or null when nobody is signed in on this device. Stable between changes. */
export function leerSesion(): SesionLocal | null {
  const raw = leer(CLAVES.sesion)
  if (raw === cache.raw) return cache.valor
  let valor: SesionLocal | null = null
  try {
    const parsed = raw ? (JSON.parse(raw) as SesionLocal) : null
    valor = parsed && typeof parsed.codigoAlumno === 'string' && parsed.codigoAlumno !== '' ? parsed : null
  } catch {
    valor = null
  }
  cache = { raw, valor }
  return valor
}

export function haySesion(): boolean {
  return leerSesion() !== null
}

export function guardarSesion(sesion: SesionLocal): void {
  escribir(CLAVES.sesion, JSON.stringify(sesion))
  notificar()
}

/** Forgets the marker only (an expired session): drafts and queued work stay for the next sign-in. */
export function olvidarSesion(): void {
  escribir(CLAVES.sesion, null)
  notificar()
}

/** For useSyncExternalStore; also follows sign-in and sign-out in other tabs. */
export function suscribirSesion(oyente: () => void): () => void {
  oyentes.add(oyente)
  const alAlmacenar = (e: StorageEvent) => {
    if (e.key === null || e.key === CLAVES.sesion) oyente()
  }
  window.addEventListener('storage', alAlmacenar)
  return () => {
    oyentes.delete(oyente)
    window.removeEventListener('storage', alAlmacenar)
  }
}

/** Only same-origin paths: '/concurso/detalle/7?x=1'. Never '//host' nor the login page itself. */
export function esBackUrlSegura(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') && !/^\/login(?:[/?#]|$)/.test(url)
}

export function guardarBackUrl(url: string): void {
  if (esBackUrlSegura(url)) escribir(CLAVES.backUrl, url)
}

/** Returns the stored back-url and clears it. */
export function tomarBackUrl(): string | null {
  const url = leer(CLAVES.backUrl)
  escribir(CLAVES.backUrl, null)
  return url && esBackUrlSegura(url) ? url : null
}

/** The contest a signed-in page's path is about ('/concurso/derechopostulacion/7' -> '7'), if any. */
export function concursoDeRuta(pathname: string): string | undefined {
  return /^\/concurso\/(?:detalle|derechopostulacion(?:\/detalle)?)\/([^/?#]+)/.exec(pathname)?.[1]
}

/** Remembers a contest flow, and which contest when the link named one. */
export function marcarFlujoConcurso(concursoId?: string): void {
  escribir(CLAVES.flujoConcurso, concursoId ?? leer(CLAVES.flujoConcurso) ?? '')
  notificar()
}

export function vieneDeConcurso(): boolean {
  return leer(CLAVES.flujoConcurso) !== null
}

/** The contest the student is applying to, as its link named it, or null. */
export function concursoDelFlujo(): string | null {
  return leer(CLAVES.flujoConcurso) || null
}

/** The applicant is done with the contest flow (or chose to hide it). */
export function terminarFlujoConcurso(): void {
  escribir(CLAVES.flujoConcurso, null)
  notificar()
}

/**
 * 'Salir', first step: forgets the session marker and everything kept in localStorage
 * and sessionStorage, so no screen takes the device for signed in any more. The query cache,
 * drafts and outbox are cleared by borrarDatosLocales (lib/offline) once the signed-in screens
 * have gone, and the service worker's app-shell cache stays: it holds no student data.
 */
export function cerrarSesionLocal(): void {
  try {
    localStorage.clear()
  } catch {
    // nothing stored
  }
  try {
    sessionStorage.clear()
  } catch {
    // nothing stored
  }
  notificar()
}
