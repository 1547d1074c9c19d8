import { MENSAJE_ERROR_INTERNO } from '../domain/errores-api.ts'

/** The server answered with an error status; `message` is the server's Spanish text. */
export class ApiError extends Error {
  readonly status: number
  /** Per-field messages of a 400 reply. */
  readonly campos: Record<string, string>
  readonly body: unknown

  constructor(status: number, message: string, body: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.body = body
    this.campos = camposDeError(body)
  }
}

/** The one wording of 'no connection with the server', on both the student's and the school's screens. */
export const MENSAJE_SIN_CONEXION_SERVIDOR = 'No hay conexión con el servidor. Revise su red e intente nuevamente.'

/** The request never got an answer: no connection, DNS, server down. */
export class ErrorDeRed extends Error {
  constructor(cause?: unknown) {
    super(MENSAJE_SIN_CONEXION_SERVIDOR, { cause })
    this.name = 'ErrorDeRed'
  }
}

/** True for the failures answered with the internal-error alert: a server error or no network. */
export function esErrorInternoORed(error: unknown): boolean {
  return error instanceof ErrorDeRed || (error instanceof ApiError && error.status >= 500)
}

// The one reader of error replies (`RespuestaError` and the older shapes); the API client, the
// outbox and the forms all go through these two functions. What a screen says about a failed
// request (a reply or none) is `mensajeDeError` (mensaje-de-error.ts).

/** The Spanish message of an error reply's body, or a generic one for its status. */
export function mensajeDelCuerpo(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const b = body as { error?: unknown; message?: unknown; mensajeError?: unknown }
    for (const m of [b.error, b.message, b.mensajeError]) if (typeof m === 'string' && m.trim()) return m
  }
  if (status >= 500) return MENSAJE_ERROR_INTERNO
  return `La solicitud no pudo completarse (error ${status}).`
}

/** The per-field messages of an error reply ({} when it has none). */
export function camposDeError(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || !('campos' in body)) return {}
  const campos = (body as { campos: unknown }).campos
  if (typeof campos !== 'object' || campos === null) return {}
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(campos)) if (typeof v === 'string') out[k] = v
  return out
}
