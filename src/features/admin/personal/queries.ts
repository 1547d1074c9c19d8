import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CambiarRol, InvitarPersonal } from '../../../domain/gestion-personal.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The staff accounts screen's data (admins only): the list and its actions. Under 'admin', like
// every staff query: never persisted on the device.

export type ListaCuentas = RespuestaDe<typeof cliente.admin.personal.$get>
export type CuentaPersonal = ListaCuentas['cuentas'][number]
export type AsistenteComercial = ListaCuentas['asistentes'][number]

export const cuentasQueries = {
  all: () => [...personalQueries.all(), 'cuentas'] as const,
  lista: () =>
    queryOptions({
      queryKey: cuentasQueries.all(),
      queryFn: ({ signal }) => leer(cliente.admin.personal.$get(undefined, { init: { signal } })),
    }),
}

const cuenta = cliente.admin.personal[':id']

export const cuentasMutations = {
  invitar: (datos: InvitarPersonal) => leer(cliente.admin.personal.$post({ json: datos })),
  cambiarRol: ({ id, ...datos }: CambiarRol & { id: string }) => leer(cuenta.rol.$post({ param: { id }, json: datos })),
  desactivar: (id: string) => leer(cuenta.desactivar.$post({ param: { id } })),
  activar: (id: string) => leer(cuenta.activar.$post({ param: { id } })),
  reiniciarSegundoFactor: (id: string) => leer(cuenta['segundo-factor'].reiniciar.$post({ param: { id } })),
  reenviarInvitacion: (id: string) => leer(cuenta.invitacion.$post({ param: { id } })),
  desbloquear: (id: string) => leer(cuenta.desbloquear.$post({ param: { id } })),
}

/**
 * After any change: the list is read again, and so is the signed-in member's own session (an
 * admin who changed their own role sees the sections it leaves them).
 */
export function actualizarTrasCambio(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: cuentasQueries.all() }),
    queryClient.invalidateQueries({ queryKey: personalQueries.sesion().queryKey }),
  ])
}
