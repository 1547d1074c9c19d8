// Request bodies are checked with the shared valibot schemas (design: 'Shared rules, one place').
// A bad body gets 400 with a Spanish message per field and changes nothing.
import type { Context } from 'hono'
import * as v from 'valibot'
import { erroresPorCampo } from '../../src/domain/auth.ts'
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
