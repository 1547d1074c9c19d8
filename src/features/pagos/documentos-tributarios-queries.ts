import { queryOptions } from '@tanstack/react-query'
import type { DocumentoTributarioVista } from '../../domain/documento-tributario.ts'
import { peticion } from '../../lib/api.ts'

// A payment's tax documents (boleta or factura exenta, its notas de crédito), as the server lists
// them: `GET /api/pagos/:id/documentos-tributarios` (server/README.md, 'Tax documents'). Read with
// `peticion` and the contract's type: the reply is the contract's `DocumentoTributarioVista`.

/** How often a payment whose document is still on its way is asked about again. */
export const CONSULTA_EN_PROCESO_MS = 5000

/** Whether any of them is still being issued (its folio not yet known). */
export const hayEnProceso = (documentos: readonly DocumentoTributarioVista[] | undefined) =>
  !!documentos?.some((d) => d.estado !== 'emitido')

export const documentosTributariosQueries = {
  all: () => ['pagos', 'documentos-tributarios'] as const,
  dePago: (pagoId: string) =>
    queryOptions({
      queryKey: [...documentosTributariosQueries.all(), pagoId],
      queryFn: async ({ signal }) => {
        const res = await peticion(`/api/pagos/${encodeURIComponent(pagoId)}/documentos-tributarios`, { signal })
        return ((await res.json()) as { data: DocumentoTributarioVista[] }).data
      },
      // Asked again while one is in process, so its folio and downloads appear when issued.
      refetchInterval: (q) => (hayEnProceso(q.state.data) ? CONSULTA_EN_PROCESO_MS : false),
    }),
}
