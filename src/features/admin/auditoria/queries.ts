import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The whole audit log (admins only). Its key starts with 'admin': never persisted on the device.

export type FiltrosAuditoria = { personal: string; accion: string; desde: string; hasta: string; pagina: number }
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
      placeholderData: keepPreviousData,
    }),
}

export async function cargarAuditoria(queryClient: QueryClient, filtros: FiltrosAuditoria): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(auditoriaQueries.registro(filtros))])
}
