import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { LoginInput, RegistroInput } from '../../domain/auth.ts'
import { api, apiPost } from '../../lib/api.ts'
import type { RespuestaAlumno } from '../../lib/session.ts'

/** requestPassword, verifyToken, setPassword and register answer `{ status, message }` (server README). */
export type RespuestaEstado = { status: 'ok' | 'error'; message: string }

export const authMutations = {
  login: () =>
    mutationOptions({
      mutationKey: ['auth', 'login'],
      mutationFn: (datos: LoginInput) => apiPost<RespuestaAlumno>('/api/auth/login', datos),
    }),
  logout: () =>
    mutationOptions({
      mutationKey: ['auth', 'logout'],
      mutationFn: () => api<void>('/api/auth/logout', { method: 'POST', ignorarSesionExpirada: true }),
    }),
  registro: () =>
    mutationOptions({
      mutationKey: ['auth', 'registro'],
      mutationFn: (datos: RegistroInput) => apiPost<RespuestaEstado>('/api/auth/register', datos),
    }),
  solicitarRecuperacion: () =>
    mutationOptions({
      mutationKey: ['auth', 'password', 'solicitud'],
      mutationFn: (datos: { email: string }) => apiPost<RespuestaEstado>('/api/auth/password/request', datos),
    }),
  crearPassword: () =>
    mutationOptions({
      mutationKey: ['auth', 'password', 'crear'],
      mutationFn: (datos: { token: string; password: string; confirmacion: string }) =>
        apiPost<RespuestaEstado>('/api/auth/password/set', datos),
    }),
}

/** verifyToken is a POST that changes nothing, so it is read like a query (once per token). */
export const authQueries = {
  verificarToken: (token: string) =>
    queryOptions({
      queryKey: ['auth', 'password', 'verificar', token],
      queryFn: () => apiPost<RespuestaEstado>('/api/auth/password/verify', { token }),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      networkMode: 'always',
    }),
}
