// How a new endpoint answers. Success is the data itself (`c.json(datos)`, 201 for something
// created); a refusal is `{ error, campos? }` with its status, written by `rechazar`. The older
// shapes the spec's operations require (`{ status: 'ok', data }`, `{ status: 0, msg }`…) are
// listed in server/README.md with why they stay; nothing new copies them.
import type { Context } from 'hono'
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status'
import type { RespuestaError } from '../../src/domain/errores-api.ts'

/**
 * A refusal: the Spanish message and, for a bad body, one message per field. A server error the
 * handler knows of (a document that could not be signed) is answered the same way, with its 5xx.
 */
export function rechazar<S extends ClientErrorStatusCode | ServerErrorStatusCode>(
  c: Pick<Context, 'json'>,
  status: S,
  error: string,
  campos?: Record<string, string>,
) {
  const cuerpo: RespuestaError = campos ? { error, campos } : { error }
  return c.json(cuerpo, status)
}
