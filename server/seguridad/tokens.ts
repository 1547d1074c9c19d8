// Session and reset tokens. The client gets the random token;
// the database keeps only its SHA-256, so a leaked database does not yield usable tokens.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export function nuevoToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashearToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function igualesSeguro(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The XSRF token of a session: derived from the session's secret token (which only the browser's
 * HttpOnly cookie holds), so it cannot be computed by anyone who does not already hold the session,
 * and differs from the SHA-256 the database keeps.
 */
export function xsrfDeSesion(tokenSesion: string): string {
  return createHash('sha256').update(`xsrf:${tokenSesion}`).digest('base64url')
}
