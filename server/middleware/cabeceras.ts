import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../contexto.ts'

// Scripts, workers and the manifest come only from our own origin: no inline script at all.
// Styles also allow 'unsafe-inline' because index.html carries an inline <style> for the boot
// splash (painted before the CSS file arrives); injected CSS cannot run script under this policy.
// Images may be data:/blob: URLs (document previews).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const cabecerasDeSeguridad = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Referrer-Policy', 'same-origin')
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  c.header('X-Frame-Options', 'DENY')
})
