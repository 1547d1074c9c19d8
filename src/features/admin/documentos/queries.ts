import { queryOptions } from '@tanstack/react-query'
import type { DecisionDocumentosEntrada } from '../../../domain/revision-documentos.ts'
import type { OrigenDocumento } from '../../../domain/estado-revision.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import type { BusquedaCola } from './busqueda-cola.ts'

// Document review: the queue and an owner's checklist, under 'admin' keys (never persisted on
// the device), the decision and its undoing, and the queue's next document.

export type ColaDocumentos = RespuestaDe<typeof cliente.admin.documentos.$get>
export type DocumentoEnCola = ColaDocumentos['documentos'][number]
export type Expediente = RespuestaDe<(typeof cliente.admin.documentos)[':origen'][':dueno']['$get']>
export type DocumentoDelExpediente = Expediente['documentos'][number]

export const documentosQueries = {
  all: () => ['admin', 'documentos'] as const,
  cola: (busqueda: BusquedaCola) =>
    queryOptions({
      queryKey: [...documentosQueries.all(), 'cola', busqueda],
      // Students upload and other reviewers decide all the time: every visit asks again.
      staleTime: 0,
      queryFn: async ({ signal }) =>
        leer(
          cliente.admin.documentos.$get(
            {
              query: {
                estado: busqueda.estado,
                programa: busqueda.programa,
                tipo: busqueda.tipo,
                pagina: busqueda.pagina === undefined ? undefined : String(busqueda.pagina),
                orden: busqueda.orden,
              },
            },
            { init: { signal } },
          ),
        ),
    }),
  expediente: (origen: OrigenDocumento, dueno: string) =>
    queryOptions({
      queryKey: [...documentosQueries.all(), 'expediente', origen, dueno],
      staleTime: 0,
      queryFn: async ({ signal }) =>
        leer(cliente.admin.documentos[':origen'][':dueno'].$get({ param: { origen, dueno } }, { init: { signal } })),
    }),
}

export function decidirDocumentos(origen: OrigenDocumento, dueno: string, decision: DecisionDocumentosEntrada) {
  return leer(
    cliente.admin.documentos[':origen'][':dueno'].decision.$post({ param: { origen, dueno }, json: decision }),
  )
}

/** Undoes the reviewer's own rejection of these uploads, while the student has not been told. */
export function deshacerRechazo(origen: OrigenDocumento, dueno: string, documentos: string[]) {
  return leer(
    cliente.admin.documentos[':origen'][':dueno'].deshacer.$post({ param: { origen, dueno }, json: { documentos } }),
  )
}

/** The next document waiting for review after `actual`, in the queue's order and filters. */
export function siguienteDocumento(busqueda: BusquedaCola, actual: { origen: OrigenDocumento; id: string } | null) {
  return leer(
    cliente.admin.documentos.siguiente.$get({
      query: {
        programa: busqueda.programa,
        tipo: busqueda.tipo,
        orden: busqueda.orden,
        origen: actual?.origen,
        documento: actual?.id,
      },
    }),
  )
}
