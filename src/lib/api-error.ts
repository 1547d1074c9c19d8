/** The server answered with an error status; `message` is the server's Spanish text. */
export class ApiError extends Error {
  readonly status: number
  /** Per-field messages of a 400 reply (server README 'Conventions'). */
  readonly campos: Record<string, string>
  readonly body: unknown

  constructor(status: number, message: string, body: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.body = body
    this.campos = camposDe(body)
  }
}

/** The request never got an answer: no connection, DNS, server down. */
export class ErrorDeRed extends Error {
  constructor(cause?: unknown) {
    super('No fue posible conectarse con el servidor. Revisa tu conexión.', { cause })
    this.name = 'ErrorDeRed'
  }
}

export const MENSAJE_ERROR_INTERNO = 'Ocurrio un error interno, verifica tu conexión o comunicalo a su asistente'

/** True for the failures the spec answers with its HTTP-500 alert: a server error or no network. */
export function esErrorInternoORed(error: unknown): boolean {
  return error instanceof ErrorDeRed || (error instanceof ApiError && error.status >= 500)
}

function camposDe(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || !('campos' in body)) return {}
  const campos = (body as { campos: unknown }).campos
  if (typeof campos !== 'object' || campos === null) return {}
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(campos)) if (typeof v === 'string') out[k] = v
  return out
}
