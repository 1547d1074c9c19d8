import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../contexto.ts'

// Scripts, styles, workers and the manifest come only from our own origin. React sets styles
// through the CSSOM, which CSP does not block, so no 'unsafe-inline' is needed. Images may be
// data:/blob: URLs (document previews).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
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
