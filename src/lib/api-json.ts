import { leerCuerpo, peticion } from './api.ts'

// A JSON call to a path known only at run time (an outbox item stores its method, path and body);
// screens use the typed client instead. Through `peticion`, so with the same XSRF, errors and
// expired-session handling.

type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type OpcionesApi = {
  method?: Metodo
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  ignorarSesionExpirada?: boolean
}

/** Calls `/api/...` with a JSON body and returns the parsed reply; throws ApiError or ErrorDeRed. */
export async function api<T>(ruta: string, opciones: OpcionesApi = {}): Promise<T> {
  const headers: Record<string, string> = { ...opciones.headers }
  if (opciones.body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await peticion(ruta, {
    method: opciones.method ?? 'GET',
    headers,
    body: opciones.body === undefined ? undefined : JSON.stringify(opciones.body),
    signal: opciones.signal,
    ignorarSesionExpirada: opciones.ignorarSesionExpirada,
  })
  return (await leerCuerpo(res)) as T
}
