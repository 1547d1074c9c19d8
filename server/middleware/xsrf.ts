// XSRF double submit (README 'Conventions'): the server hands out a random XSRF-TOKEN cookie
// (readable by the page's script, not by other sites) and every non-GET under /api must echo it
// in X-XSRF-TOKEN. A cross-site form or fetch cannot read the cookie, so it cannot echo it.
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../contexto.ts'
import { igualesSeguro, nuevoToken } from '../security/tokens.ts'

export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'
export const MENSAJE_XSRF = 'Solicitud no válida: recargue la página e intente nuevamente.'

const SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Set on the app's page and on API replies when the request lacks it, so the client has one
 * before its first POST. Never on other static files: a reply with Set-Cookie is one a CDN or a
 * shared cache will not keep, and the hashed scripts are meant to be kept for a year.
 */
function darCookie(c: Context<AppEnv>): void {
  const api = c.req.path.startsWith('/api/')
  if (!api && !c.res.headers.get('content-type')?.startsWith('text/html')) return
  setCookie(c, XSRF_COOKIE, nuevoToken(), {
    path: '/',
    sameSite: 'Lax',
    secure: c.var.deps.config.publicUrl.startsWith('https:'),
    httpOnly: false,
  })
}

export const xsrf = createMiddleware<AppEnv>(async (c, next) => {
  const cookie = getCookie(c, XSRF_COOKIE)
  if (!SEGUROS.has(c.req.method) && c.req.path.startsWith('/api/')) {
    const cabecera = c.req.header(XSRF_HEADER)
    if (!cookie || !cabecera || !igualesSeguro(cookie, cabecera)) {
      if (!cookie) darCookie(c)
      return c.json({ error: MENSAJE_XSRF }, 403)
    }
  }
  await next()
  if (!cookie) darCookie(c)
})
