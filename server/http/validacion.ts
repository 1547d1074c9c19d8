// Request bodies are checked with the shared valibot schemas.
// A bad body gets 400 with a Spanish message per field and changes nothing.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { MENSAJE_UN_SOLO_ARCHIVO } from '../../src/domain/documentos.ts'
import { erroresPorCampo } from '../../src/domain/errores-por-campo.ts'
import { MENSAJE_CAMPO_OBLIGATORIO } from '../../src/domain/validacion.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from './respuesta.ts'

export const MENSAJE_CUERPO_INVALIDO = 'Los datos enviados no son válidos.'
export const MENSAJE_SOLO_JSON = 'Los datos deben enviarse en formato JSON (Content-Type: application/json).'
export const MENSAJE_SOLO_MULTIPART = 'El archivo debe enviarse como formulario (Content-Type: multipart/form-data).'

/** A refused body: 400 when it is not what the schema asks, 415 when it is not in the endpoint's format. */
export type Fallo = { status: 400 | 415; mensaje: string; campos: Record<string, string> }

export type Resultado<T> = { ok: true; datos: T } | ({ ok: false } & Fallo)

/** The media type of the request's body, lower-case and without parameters ('' when none). */
function tipoDeContenido(c: Pick<Context, 'req'>): string {
  return (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

/**
 * A JSON body checked with a shared schema. Only `application/json` is read: a form or plain text
 * posted by another site's page (which a browser sends without asking the server first) is refused
 * before anything parses it, and so is anything else that is not what the client sends.
 */
export async function validarCuerpo<S extends v.GenericSchema>(
  c: Context<EntornoApp>,
  schema: S,
): Promise<Resultado<v.InferOutput<S>>> {
  if (tipoDeContenido(c) !== 'application/json')
    return { ok: false, status: 415, mensaje: MENSAJE_SOLO_JSON, campos: {} }
  let cuerpo: unknown
  try {
    cuerpo = await c.req.json()
  } catch {
    return { ok: false, status: 400, mensaje: MENSAJE_CUERPO_INVALIDO, campos: {} }
  }
  // A check that brings no message of its own (a field left out of the body, a body that is not
  // an object) speaks Spanish like the rest, not the validation library's English default.
  const resultado = v.safeParse(schema, cuerpo ?? {}, { message: MENSAJE_CAMPO_OBLIGATORIO })
  if (resultado.success) return { ok: true, datos: resultado.output }
  const campos = erroresPorCampo(resultado.issues)
  return { ok: false, status: 400, mensaje: Object.values(campos)[0] ?? MENSAJE_CUERPO_INVALIDO, campos }
}

/**
 * A route's JSON body, checked with a shared schema before the handler runs: the handler reads
 * the schema's output with `c.req.valid('json')`, and the typed client learns the body's type
 * (the schema's input) from here, so the request's contract is the schema in `src/domain/`.
 * A bad body gets 400 with the first field's message and `campos`, a body that is not JSON 415
 * (or what `rechazarFallo` answers with that status, for the operations whose replies have another
 * shape) and the handler never runs.
 * `schema` may be built per request (a minimum age measured on the server's date).
 */
export function cuerpoJson<S extends v.GenericSchema>(
  schema: S | ((c: Context<EntornoApp>) => S),
  rechazarFallo: (c: Context<EntornoApp>, fallo: Fallo) => Response = (c, { status, mensaje, campos }) =>
    rechazar(c, status, mensaje, campos),
) {
  return createMiddleware<EntornoApp, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }>(
    async (c, next) => {
      const resultado = await validarCuerpo(c, typeof schema === 'function' ? schema(c) : schema)
      if (!resultado.ok) return rechazarFallo(c, resultado)
      c.req.addValidatedData('json', resultado.datos as object)
      await next()
    },
  )
}

export type Formulario = { ok: true; campos: Record<string, string | File> } | ({ ok: false } & Fallo)

/**
 * A multipart form with at most one file. Only `multipart/form-data` is read; a form that sends
 * more than one file (or one field twice) is refused rather than keeping whichever came last,
 * so what is stored is always what the student chose.
 */
export async function leerFormularioConUnArchivo(c: Pick<Context, 'req'>): Promise<Formulario> {
  if (tipoDeContenido(c) !== 'multipart/form-data')
    return { ok: false, status: 415, mensaje: MENSAJE_SOLO_MULTIPART, campos: {} }
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody({ all: true })
  } catch {
    return { ok: false, status: 400, mensaje: MENSAJE_CUERPO_INVALIDO, campos: {} }
  }
  const campos: Record<string, string | File> = {}
  let archivos = 0
  for (const [nombre, valor] of Object.entries(form)) {
    const valores = Array.isArray(valor) ? valor : [valor]
    archivos += valores.filter((parte) => parte instanceof File).length
    if (archivos > 1)
      return { ok: false, status: 400, mensaje: MENSAJE_UN_SOLO_ARCHIVO, campos: { [nombre]: MENSAJE_UN_SOLO_ARCHIVO } }
    const [unico] = valores
    if (valores.length > 1 || unico === undefined)
      return { ok: false, status: 400, mensaje: MENSAJE_CUERPO_INVALIDO, campos: { [nombre]: MENSAJE_CUERPO_INVALIDO } }
    campos[nombre] = unico
  }
  return { ok: true, campos }
}

/**
 * A route's query string, checked with a shared schema before the handler runs (read with
 * `c.req.valid('query')`; the typed client learns the parameters from here). A value the schema
 * refuses gets 400 with its Spanish message, as a bad body does.
 */
export function consultaValida<S extends v.GenericSchema>(schema: S) {
  return createMiddleware<EntornoApp, string, { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }>(
    async (c, next) => {
      const resultado = v.safeParse(schema, c.req.query(), { message: MENSAJE_CAMPO_OBLIGATORIO })
      if (!resultado.success) {
        const campos = erroresPorCampo(resultado.issues)
        return rechazar(c, 400, Object.values(campos)[0] ?? MENSAJE_CUERPO_INVALIDO, campos)
      }
      c.req.addValidatedData('query', resultado.output as object)
      await next()
    },
  )
}
