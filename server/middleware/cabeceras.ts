import { createMiddleware } from 'hono/factory'
import type { ConfigApp, EntornoApp } from '../contexto.ts'
import { cabecerasPorDefecto } from './cabecera-respuesta.ts'

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

/** The security headers of a portal with this configuration (built once per configuration). */
const deLaConfiguracion = new WeakMap<ConfigApp, Readonly<Record<string, string>>>()
function cabecerasDe(config: ConfigApp): Readonly<Record<string, string>> {
  let cabeceras = deLaConfiguracion.get(config)
  if (!cabeceras) {
    const { pasarela, publicUrl } = config
    cabeceras = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'Content-Security-Policy':
        pasarela.tipo === 'webpay' ? politicaDeSeguridad([pasarela.host]) : CONTENT_SECURITY_POLICY,
      'X-Frame-Options': 'DENY',
      ...(publicUrl.startsWith('https:') ? { 'Strict-Transport-Security': HSTS } : {}),
    }
    deLaConfiguracion.set(config, cabeceras)
  }
  return cabeceras
}

// Every reply's, unless it set its own: a document shown inline in the review screen has a
// stricter Content-Security-Policy and X-Frame-Options, which let only the portal's own pages
// frame it.
export const cabecerasDeSeguridad = createMiddleware<EntornoApp>((c, next) =>
  cabecerasPorDefecto(c, cabecerasDe(c.get('deps').config), next),
)

const SIN_CACHE = { 'Cache-Control': 'no-store' }

// Personal data must not sit in a shared cache or in the browser's: every API reply is no-store
// unless its route chose stricter words (a document download says private, no-store).
export const apiSinCache = createMiddleware<EntornoApp>((c, next) => cabecerasPorDefecto(c, SIN_CACHE, next))
