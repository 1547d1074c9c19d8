// Request bodies are checked with the shared valibot schemas (design: 'Shared rules, one place').
// A bad body gets 400 with a Spanish message per field and changes nothing.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { erroresPorCampo } from '../../src/domain/validacion.ts'
import type { AppEnv } from '../contexto.ts'

export const MENSAJE_CUERPO_INVALIDO = 'Los datos enviados no son válidos.'

export type Resultado<T> = { ok: true; datos: T } | { ok: false; mensaje: string; campos: Record<string, string> }

export async function validarCuerpo<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): Promise<Resultado<v.InferOutput<S>>> {
  let cuerpo: unknown
  try {
    cuerpo = await c.req.json()
  } catch {
    return { ok: false, mensaje: MENSAJE_CUERPO_INVALIDO, campos: {} }
  }
  const resultado = v.safeParse(schema, cuerpo ?? {})
  if (resultado.success) return { ok: true, datos: resultado.output }
  const campos = erroresPorCampo(resultado.issues)
  return { ok: false, mensaje: Object.values(campos)[0] ?? MENSAJE_CUERPO_INVALIDO, campos }
}

type Fallo = { mensaje: string; campos: Record<string, string> }

/**
 * A route's JSON body, checked with a shared schema before the handler runs: the handler reads
 * the schema's output with `c.req.valid('json')`, and the typed client learns the body's type
 * (the schema's input) from here, so the request's contract is the schema in `src/domain/`.
 * A bad body gets 400 with the first field's message and `campos` (or what `rechazar` answers,
 * for the operations whose replies have another shape) and the handler never runs.
 * `schema` may be built per request (a minimum age measured on the server's date).
 */
export function cuerpoJson<S extends v.GenericSchema>(
  schema: S | ((c: Context<AppEnv>) => S),
  rechazar: (c: Context<AppEnv>, fallo: Fallo) => Response = (c, { mensaje, campos }) => c.json({ error: mensaje, campos }, 400),
) {
  return createMiddleware<AppEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }>(async (c, next) => {
    const resultado = await validarCuerpo(c, typeof schema === 'function' ? schema(c) : schema)
    if (!resultado.ok) return rechazar(c, resultado)
    c.req.addValidatedData('json', resultado.datos as object)
    await next()
  })
}
