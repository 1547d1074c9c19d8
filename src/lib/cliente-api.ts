import type { ClientResponse, hc } from 'hono/client'
import type { SuccessStatusCode } from 'hono/utils/http-status'
import type { ApiPortal } from '../../server/app.ts'
import { peticion, type OpcionesPeticion } from './api.ts'

// The wire contract is the server's own route types: `cliente` has the type of Hono's client
// (`hc`) over `ApiPortal`, so a path, a body or a reply field renamed on the server stops the
// client from type-checking. Only types come from the server and from hono/client: the calls
// themselves are the few lines below over our `peticion`, which keeps the first screen as light
// as the bare stack (Hono's client runtime weighs as much as the rest of the login screen's own
// code). What we use of it: `$get`/`$post`/`$put`/`$patch`/`$delete` with `json`, `query` and
// `param`, the request's `init`, and `$path()`, which here gives the whole path from `/api` on
// (what an outbox item stores).

type Cliente = ReturnType<typeof hc<ApiPortal>>

type Argumentos = {
  json?: unknown
  query?: Record<string, string | readonly string[] | undefined>
  param?: Record<string, string>
}

/** `/api` plus the segments, `:param` replaced and the query appended. */
export function rutaDe(segmentos: readonly string[], { query = {}, param = {} }: Argumentos = {}): string {
  let ruta = '/api'
  for (const segmento of segmentos) {
    if (segmento === 'index') continue
    ruta += `/${segmento.startsWith(':') ? encodeURIComponent(param[segmento.slice(1)] ?? '') : segmento}`
  }
  const consulta = new URLSearchParams()
  for (const [clave, valor] of Object.entries(query))
    for (const uno of [valor].flat()) if (uno !== undefined) consulta.append(clave, uno)
  const texto = consulta.toString()
  return texto ? `${ruta}?${texto}` : ruta
}

function llamar(
  segmentos: readonly string[],
  metodo: string,
  args: Argumentos = {},
  opciones: { init?: RequestInit } = {},
) {
  if (metodo === 'path') return rutaDe(segmentos, args)
  const init: OpcionesPeticion = { ...opciones.init, method: metodo.toUpperCase() }
  if (args.json !== undefined) {
    init.body = JSON.stringify(args.json)
    init.headers = { ...(init.headers as Record<string, string> | undefined), 'Content-Type': 'application/json' }
  }
  return peticion(rutaDe(segmentos, args), init)
}

function proxy(segmentos: readonly string[]): unknown {
  return new Proxy(() => {}, {
    get: (_, clave) => (typeof clave === 'string' && clave !== 'then' ? proxy([...segmentos, clave]) : undefined),
    apply: (_, __, [args, opciones]: [Argumentos?, { init?: RequestInit }?]) => {
      const ultimo = segmentos.at(-1) ?? ''
      if (!ultimo.startsWith('$')) throw new Error(`Llamada de API sin método: ${segmentos.join('.')}`)
      return llamar(segmentos.slice(0, -1), ultimo.slice(1), args, opciones)
    },
  })
}

/** Every `/api` call of the app: `cliente.alumno.persona.$get()`, `cliente.alumno.persona.$path()`. */
export const cliente = proxy([]) as Cliente

/** The body of a call's 2xx reply (other statuses never resolve: `peticion` throws ApiError). */
export type Respuesta<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends 'json'
        ? T
        : undefined
      : never
    : never

/** The reply of an endpoint, as `Respuesta` of what its `$get`/`$post`… resolves to. */
export type RespuestaDe<F extends (...args: never[]) => Promise<unknown>> = Respuesta<Awaited<ReturnType<F>>>

/** Awaits a typed call and reads its JSON reply. */
export async function leer<R extends ClientResponse<unknown, number, string>>(
  llamada: Promise<R>,
): Promise<Respuesta<R>> {
  const res = await llamada
  if (res.status === 204) return undefined as Respuesta<R>
  return (await res.json()) as Respuesta<R>
}

/** For 'Salir': a 401 there means the session had already ended, not something to announce. */
const opcionesSinAviso: OpcionesPeticion = { ignorarSesionExpirada: true }
export const sinAvisoDeSesionExpirada: RequestInit = opcionesSinAviso
