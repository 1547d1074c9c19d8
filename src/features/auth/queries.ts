import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { LoginInput } from '../../domain/ingreso.ts'
import type { RegistroInput } from '../../domain/registro.ts'
import { cliente, leer, sinAvisoDeSesionExpirada } from '../../lib/cliente-api.ts'

export const authMutations = {
  login: () =>
    mutationOptions({
      mutationKey: ['auth', 'login'],
      mutationFn: (datos: LoginInput) => leer(cliente.auth.login.$post({ json: datos })),
    }),
  logout: () =>
    mutationOptions({
      mutationKey: ['auth', 'logout'],
      // A 401 here means the session had already ended: nothing to announce.
      mutationFn: () => leer(cliente.auth.logout.$post({}, { init: sinAvisoDeSesionExpirada })),
    }),
  registro: () =>
    mutationOptions({
      mutationKey: ['auth', 'registro'],
      mutationFn: (datos: RegistroInput) => leer(cliente.auth.register.$post({ json: datos })),
    }),
  solicitarRecuperacion: () =>
    mutationOptions({
      mutationKey: ['auth', 'password', 'solicitud'],
      mutationFn: (datos: { email: string }) => leer(cliente.auth.password.request.$post({ json: datos })),
    }),
  crearPassword: () =>
    mutationOptions({
      mutationKey: ['auth', 'password', 'crear'],
      mutationFn: (datos: { token: string; password: string; confirmacion: string }) =>
        leer(cliente.auth.password.set.$post({ json: datos })),
    }),
}

/** verifyToken is a POST that changes nothing, so it is read like a query (once per token). */
export const authQueries = {
  verificarToken: (token: string) =>
    queryOptions({
      queryKey: ['auth', 'password', 'verificar', token],
      queryFn: () => leer(cliente.auth.password.verify.$post({ json: { token } })),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      networkMode: 'always',
    }),
}
