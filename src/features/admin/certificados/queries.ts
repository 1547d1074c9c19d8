import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { BusquedaCertificados } from '../../../domain/busqueda-certificados.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The certificates screen's data: the list (its key holds the filters) and the two actions.
// Under 'admin', like every staff query: never persisted on the device.

export type ListaCertificados = RespuestaDe<typeof cliente.admin.certificados.$get>
export type FilaCertificado = ListaCertificados['filas'][number]
export type ProgramaTerminado = ListaCertificados['programas'][number]

/** The filters as the server reads them: strings, and only those set. */
function consulta({ programa, estado, pagina }: BusquedaCertificados) {
  return {
    ...(programa ? { programa } : {}),
    ...(estado ? { estado } : {}),
    ...(pagina && pagina > 1 ? { pagina: String(pagina) } : {}),
  }
}

export const certificadosQueries = {
  all: () => [...personalQueries.all(), 'certificados'] as const,
  lista: (busqueda: BusquedaCertificados) =>
    queryOptions({
      queryKey: [...certificadosQueries.all(), 'lista', consulta(busqueda)],
      queryFn: ({ signal }) =>
        leer(cliente.admin.certificados.$get({ query: consulta(busqueda) }, { init: { signal } })),
    }),
}

export const certificadosMutations = {
  /**
   * Issues an enrolment's certificate; `confirmarFaltantes` is what it lacks as the confirmation
   * showed it (without it, an enrolment that lacks something is refused with a 409 that lists it).
   */
  emitir: (codigoInscripcion: string, confirmarFaltantes: readonly string[] = []) =>
    leer(
      cliente.admin.certificados.solicitudes[':codigo'].emitir.$post({
        param: { codigo: codigoInscripcion },
        json: { confirmarFaltantes: [...confirmarFaltantes] },
      }),
    ),
  revocar: ({ codigo, motivo }: { codigo: string; motivo: string }) =>
    leer(cliente.admin.certificados[':codigo'].revocar.$post({ param: { codigo }, json: { motivo } })),
}

/** After a certificate is issued or revoked: the list and the home's counts are read again. */
export function actualizarTrasCambio(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: certificadosQueries.all() }),
    queryClient.invalidateQueries({ queryKey: personalQueries.resumen().queryKey }),
  ])
}

/** What a refused issue says the enrolment lacks (a 409 that lists it), or null for any other failure. */
export function faltantesDelRechazo(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const faltantes = (error.body as { faltantes?: unknown } | null)?.faltantes
  return Array.isArray(faltantes) && faltantes.every((f) => typeof f === 'string') && faltantes.length > 0
    ? faltantes
    : null
}
