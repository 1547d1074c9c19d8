import { queryOptions } from '@tanstack/react-query'
import type { Capacidad } from '../../domain/personal.ts'
import { cliente, leer, sinAvisoDeSesionExpirada, type RespuestaDe } from '../../lib/cliente-api.ts'

// The staff's session and sign-in. Every staff query key starts with 'admin': none is ever
// persisted on the device (lib/offline/query-persister.ts).

export type SesionPersonal = RespuestaDe<typeof cliente.admin.sesion.$get>
export type PasoIngreso = RespuestaDe<typeof cliente.admin.auth.ingreso.$post>
export type ResumenPersonal = RespuestaDe<typeof cliente.admin.resumen.$get>

export const personalQueries = {
  all: () => ['admin'] as const,
  sesion: () =>
    queryOptions({
      queryKey: [...personalQueries.all(), 'sesion'],
      // A 401 here only means "not signed in": the guard sends to the sign-in page itself.
      queryFn: async ({ signal }) =>
        leer(cliente.admin.sesion.$get(undefined, { init: { ...sinAvisoDeSesionExpirada, signal } })),
      staleTime: 60_000,
      retry: false,
    }),
  /** What needs someone today, for the home: read again on every visit. */
  resumen: () =>
    queryOptions({
      queryKey: [...personalQueries.all(), 'resumen'],
      queryFn: async ({ signal }) => leer(cliente.admin.resumen.$get(undefined, { init: { signal } })),
    }),
}

export function tieneCapacidad(sesion: SesionPersonal | undefined, capacidad: Capacidad): boolean {
  return !!sesion?.capacidades.includes(capacidad)
}

export const personalMutations = {
  ingreso: (datos: { email: string; password: string }) =>
    leer(cliente.admin.auth.ingreso.$post({ json: datos }, { init: sinAvisoDeSesionExpirada })),
  codigo: (codigo: string) =>
    leer(cliente.admin.auth.codigo.$post({ json: { codigo } }, { init: sinAvisoDeSesionExpirada })),
  salida: () => leer(cliente.admin.auth.salida.$post(undefined, { init: sinAvisoDeSesionExpirada })),
  verificarInvitacion: (token: string) =>
    leer(cliente.admin.auth.invitacion.verificar.$post({ json: { token } }, { init: sinAvisoDeSesionExpirada })),
  aceptarInvitacion: (datos: { token: string; password: string; confirmacion: string }) =>
    leer(cliente.admin.auth.invitacion.$post({ json: datos }, { init: sinAvisoDeSesionExpirada })),
  solicitarRestablecimiento: (datos: { email: string }) =>
    leer(cliente.admin.auth.restablecer.solicitud.$post({ json: datos }, { init: sinAvisoDeSesionExpirada })),
  verificarRestablecimiento: (token: string) =>
    leer(cliente.admin.auth.restablecer.verificar.$post({ json: { token } }, { init: sinAvisoDeSesionExpirada })),
  restablecer: (datos: { token: string; password: string; confirmacion: string }) =>
    leer(cliente.admin.auth.restablecer.$post({ json: datos }, { init: sinAvisoDeSesionExpirada })),
}
