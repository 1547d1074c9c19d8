import { hc, type ClientResponse } from 'hono/client'
import type { SuccessStatusCode } from 'hono/utils/http-status'
import type { ApiPortal } from '../../server/app.ts'
import { peticion, type OpcionesPeticion } from './api.ts'

// The wire contract is the server's own route types: `hc` is typed over `ApiPortal`, so a path,
// or a field of a reply, renamed on the server stops the client from type-checking. Only the
// type is imported from the server; the bundle gets hono's small client and our `peticion`.

/**
 * Every `/api` call of the app: `cliente.alumno.persona.$get()`. The base is absolute so that
 * `$url()` can build paths too (outbox items store theirs).
 */
export const cliente = hc<ApiPortal>(new URL('/api', globalThis.location?.href ?? 'http://localhost').href, { fetch: peticion })

/** The body of a call's 2xx reply (other statuses never resolve: `peticion` throws ApiError). */
export type Respuesta<R> =
  R extends ClientResponse<infer T, infer S, infer F> ? (S extends SuccessStatusCode ? (F extends 'json' ? T : undefined) : never) : never

/** The reply of an endpoint, as `Respuesta` of what its `$get`/`$post`… resolves to. */
export type RespuestaDe<F extends (...args: never[]) => Promise<unknown>> = Respuesta<Awaited<ReturnType<F>>>

/** Awaits a typed call and reads its JSON reply. */
export async function leer<R extends ClientResponse<unknown, number, string>>(llamada: Promise<R>): Promise<Respuesta<R>> {
  const res = await llamada
  if (res.status === 204) return undefined as Respuesta<R>
  return (await res.json()) as Respuesta<R>
}

/** For 'Salir': a 401 there means the session had already ended, not something to announce. */
const opcionesSinAviso: OpcionesPeticion = { ignorarSesionExpirada: true }
export const sinAvisoDeSesionExpirada: RequestInit = opcionesSinAviso
