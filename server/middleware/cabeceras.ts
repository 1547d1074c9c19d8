import { createMiddleware } from 'hono/factory'
import type { EntornoApp } from '../contexto.ts'
import { ponerCabecera } from './cabecera-respuesta.ts'

// Scripts and the manifest come only from our own origin: no inline script at all.
// Styles also allow 'unsafe-inline' because index.html carries an inline <style> for the boot
// splash (painted before the CSS file arrives); injected CSS cannot run script under this policy.
// Images may be data:/blob: URLs (document previews). Workers may also start from blob: URLs:
// the validator's QR decoder (qr-scanner, on phones whose browser cannot read QR codes itself)
// builds its worker from a Blob the page's own script made; only script from our origin runs
// here, so a blob: worker is still our code. Forms post only to our own origin, and to the real
// payment gateway's when one is configured (the payment page posts token_ws there).
export const CONTENT_SECURITY_POLICY = politicaDeSeguridad([])

export function politicaDeSeguridad(otrosDestinosDeFormularios: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...otrosDestinosDeFormularios].join(' '),
    "frame-ancestors 'none'",
  ].join('; ')
}

/** A year: once a browser has seen the portal over https it never tries plain http again. */
export const HSTS = 'max-age=31536000'

export const cabecerasDeSeguridad = createMiddleware<EntornoApp>(async (c, next) => {
  await next()
  const { pasarela, publicUrl } = c.get('deps').config
  ponerCabecera(c, 'X-Content-Type-Options', 'nosniff')
  ponerCabecera(c, 'Referrer-Policy', 'same-origin')
  // A reply that set its own policy keeps it: a document shown inline in the review screen has a
  // stricter one, which lets only the portal's own pages frame it.
  if (!c.res.headers.has('Content-Security-Policy'))
    ponerCabecera(
      c,
      'Content-Security-Policy',
      pasarela.tipo === 'webpay' ? politicaDeSeguridad([pasarela.host]) : CONTENT_SECURITY_POLICY,
    )
  if (!c.res.headers.has('X-Frame-Options')) ponerCabecera(c, 'X-Frame-Options', 'DENY')
  if (publicUrl.startsWith('https:')) ponerCabecera(c, 'Strict-Transport-Security', HSTS)
})

// Personal data must not sit in a shared cache or in the browser's: every API reply is no-store
// unless its route chose stricter words (a document download says private, no-store).
export const apiSinCache = createMiddleware<EntornoApp>(async (c, next) => {
  await next()
  if (!c.res.headers.has('Cache-Control')) ponerCabecera(c, 'Cache-Control', 'no-store')
})
