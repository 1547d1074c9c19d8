import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  ESTADOS_REVISION,
  ORDENES_COLA,
  type DecisionDocumentosEntrada,
  type OrigenDocumento,
} from '../../../domain/revision-documentos.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'

// Document review: the queue and an owner's checklist, under 'admin' keys (never persisted on
// the device), and the decision.

export type ColaDocumentos = RespuestaDe<typeof cliente.admin.documentos.$get>
export type DocumentoEnCola = ColaDocumentos['documentos'][number]
export type Expediente = RespuestaDe<(typeof cliente.admin.documentos)[':origen'][':dueno']['$get']>
export type DocumentoDelExpediente = Expediente['documentos'][number]

/**
 * The queue's search as the URL keeps it: what it does not understand (a hand-edited address)
 * falls back to the default instead of failing the page.
 */
export const busquedaColaSchema = v.object({
  estado: v.fallback(v.optional(v.picklist(ESTADOS_REVISION)), undefined),
  programa: v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty())), undefined),
  tipo: v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty())), undefined),
  pagina: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(2))),
    undefined,
  ),
  orden: v.fallback(v.optional(v.picklist(ORDENES_COLA)), undefined),
})
export type BusquedaCola = v.InferOutput<typeof busquedaColaSchema>

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
