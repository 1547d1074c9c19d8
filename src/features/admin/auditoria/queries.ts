import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { leerFiltrosAuditoria, type FiltrosAuditoria } from '../../../domain/auditoria.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The whole audit log (admins only). Its key starts with 'admin': never persisted on the device.

export type ResultadoAuditoria = RespuestaDe<typeof cliente.admin.auditoria.$get>
export type EventoAuditoria = ResultadoAuditoria['eventos'][number]

export const auditoriaQueries = {
  registro: (filtros: FiltrosAuditoria) =>
    queryOptions({
      queryKey: [...personalQueries.all(), 'auditoria', filtros],
      queryFn: ({ signal }) =>
        leer(
          cliente.admin.auditoria.$get({ query: { ...filtros, pagina: String(filtros.pagina) } }, { init: { signal } }),
        ),
      placeholderData: (anterior) => anterior,
    }),
}

export async function cargarAuditoria(queryClient: QueryClient, direccion: Record<string, unknown>): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(auditoriaQueries.registro(leerFiltrosAuditoria(direccion)))])
}
