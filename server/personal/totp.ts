// The staff's second factor: time-based one-time codes (RFC 6238: HMAC-SHA1, 6 digits, 30-second
// steps), as any authenticator app makes them, through the otpauth library. A code is accepted
// one step early or late (a phone's clock drifts), and each step's code only once: the caller
// records the step returned and refuses it and any earlier one afterwards.
import { Secret, TOTP } from 'otpauth'
import { DIGITOS_CODIGO } from '../../src/domain/personal.ts'

const EMISOR = 'Portal de Estudiantes'
export const PERIODO_SEGUNDOS = 30

function totp(secreto: string, cuenta: string): TOTP {
  return new TOTP({
    issuer: EMISOR,
    label: cuenta,
    algorithm: 'SHA1',
    digits: DIGITOS_CODIGO,
    period: PERIODO_SEGUNDOS,
    secret: Secret.fromBase32(secreto),
  })
}

/** A new random secret (160 bits, base32), as authenticator apps expect. */
export function nuevoSecreto(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// address an authenticator app reads from the enrolment's QR. */
export function uriDeEnrolamiento(secreto: string, cuenta: string): string {
  return totp(secreto, cuenta).toString()
}

/** The step whose code `codigo` is, at `ahora` give or take one step; null when it is none. */
export function pasoDelCodigo(secreto: string, codigo: string, ahora: Date): number | null {
  const delta = totp(secreto, '').validate({ token: codigo, timestamp: ahora.getTime(), window: 1 })
  // 0 (the current step) is a valid answer: only null means no.
  if (delta === null) return null
  return Math.floor(ahora.getTime() / (PERIODO_SEGUNDOS * 1000)) + delta
}

/** The code of `secreto` at `momento` (for the tests and the demo's instructions). */
export function codigoEn(secreto: string, momento: Date): string {
  return totp(secreto, '').generate({ timestamp: momento.getTime() })
}
