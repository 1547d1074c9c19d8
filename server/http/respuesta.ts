// How a new endpoint answers. Success is the data itself (`c.json(datos)`, 201 for something
// created); a refusal is `{ error, campos? }` with its status, written by `rechazar`. The older
// shapes the spec's operations require (`{ status: 'ok', data }`, `{ status: 0, msg }`…) are
// listed in server/README.md with why they stay; nothing new copies them. `respuestas.test.ts`
// fails on an error reply written by hand.
import type { Context } from 'hono'
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status'
import type { RespuestaError } from '../../src/domain/errores-api.ts'

/** A refusal's status: the client's fault (4xx) or ours (a 500, a 503 for what is not there yet). */
export type StatusRechazo = ClientErrorStatusCode | ServerErrorStatusCode

function cuerpo(error: string, campos?: Record<string, string>): RespuestaError {
  return campos ? { error, campos } : { error }
}

/** A refusal: the Spanish message and, for a bad body, one message per field. */
export function rechazar<S extends StatusRechazo>(
  c: Pick<Context, 'json'>,
  status: S,
  error: string,
  campos?: Record<string, string>,
) {
  return c.json(cuerpo(error, campos), status)
}

/** The same refusal where there is no request context to answer with (a reply built apart). */
export function respuestaDeRechazo(
  status: StatusRechazo,
  error: string,
  { campos, headers }: { campos?: Record<string, string>; headers?: HeadersInit } = {},
): Response {
  return Response.json(cuerpo(error, campos), { status, headers })
}

/** A refusal's body as JSON text, for a reply stored or handed to a library to send. */
export function textoDeRechazo(error: string, campos?: Record<string, string>): string {
  return JSON.stringify(cuerpo(error, campos))
}
