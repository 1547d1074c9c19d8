// XSRF double submit (README 'Conventions'): the server hands out a random XSRF-TOKEN cookie
// (readable by the page's script, not by other sites) and every non-GET under /api must echo it
// in X-XSRF-TOKEN. A cross-site form or fetch cannot read the cookie, so it cannot echo it.
import type { Context } from 'hono'
import { rechazar } from '../http/respuesta.ts'
import { generateCookie, getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { EntornoApp } from '../contexto.ts'
import type { TipoActor } from '../db/schema.ts'
import { igualesSeguro, nuevoToken, xsrfDeSesion } from '../seguridad/tokens.ts'
import { ponerCabecera } from './cabecera-respuesta.ts'
import { declaracionDe } from './declaracion.ts'
import { COOKIE_SESION, tipoDeActor } from './actor.ts'

export const XSRF_COOKIE = 'XSRF-TOKEN'
/**
 * The staff's own token, bound to the staff session: one browser may hold a student's session and
 * a staff member's at once, and each side's token must follow its own session.
 */
export const XSRF_COOKIE_ADMIN = 'XSRF-TOKEN-ADMIN'
const COOKIE_XSRF: Record<TipoActor, string> = { alumno: XSRF_COOKIE, personal: XSRF_COOKIE_ADMIN }
export const XSRF_HEADER = 'X-XSRF-TOKEN'
export const MENSAJE_XSRF = 'Solicitud no válida: recargue la página e intente nuevamente.'

const SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The cookie the page's script copies into the header: readable by it, sent only to us. */
export function ponerCookieXsrf(c: Context<EntornoApp>, valor: string, tipo: TipoActor): void {
  ponerCabecera(
    c,
    'Set-Cookie',
    generateCookie(COOKIE_XSRF[tipo], valor, {
      path: '/',
      sameSite: 'Lax',
      secure: c.get('deps').config.publicUrl.startsWith('https:'),
      httpOnly: false,
    }),
    { agregar: true },
  )
}

/**
 * Set on the app's page and on API replies when the request lacks it (or, with a session, lacks
 * the session's own), so the client has one before its first POST. Never on other static files:
 * a reply with Set-Cookie is one a CDN or a shared cache will not keep, and the hashed scripts are
 * meant to be kept for a year.
 */
function darCookie(c: Context<EntornoApp>, valor: string): void {
  const api = c.req.path.startsWith('/api/')
  if (!api && !c.res.headers.get('content-type')?.startsWith('text/html')) return
  ponerCookieXsrf(c, valor, tipoDeActor(c.req.path))
}

// Once there is a session the token is bound to it: the only one accepted is the one derived from
// the session's token (set at sign-in). Without that, a page able to plant a cookie for our domain
// (a sibling subdomain, a network attacker on plain http) could plant a token pair of its own
// choosing and have it accepted alongside the student's session.
//
// An endpoint whose caller is not our page declares `xsrf: false` (middleware/declaracion.ts): it is
// neither checked nor given the cookie. The declaration is looked up only when there is something
// to decide (a request to check, a cookie to give), never for a read that carries its token.
export const xsrf = createMiddleware<EntornoApp>(async (c, next) => {
  const comprobar = !SEGUROS.has(c.req.method) && c.req.path.startsWith('/api/')
  if (comprobar && !declaracionDe(c).xsrf) return next()
  const tipo = tipoDeActor(c.req.path)
  // Both cookies from one reading of the header.
  const cookies = getCookie(c)
  const cookie = cookies[COOKIE_XSRF[tipo]]
  const sesion = cookies[COOKIE_SESION[tipo]]
  const esperado = sesion ? xsrfDeSesion(sesion) : undefined
  const vigente = cookie !== undefined && (esperado === undefined || igualesSeguro(cookie, esperado))
  const renovar = () => {
    if (!vigente && (comprobar || declaracionDe(c).xsrf)) darCookie(c, esperado ?? nuevoToken())
  }
  if (comprobar) {
    const cabecera = c.req.header(XSRF_HEADER)
    if (!vigente || !cookie || !cabecera || !igualesSeguro(cookie, cabecera)) {
      renovar()
      return rechazar(c, 403, MENSAJE_XSRF)
    }
  }
  await next()
  renovar()
})
