import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ConsultaConciliacion, FiltrosPagos } from '../../../domain/busqueda-pagos.ts'
import type { PagoPresencial } from '../../../domain/pago-presencial.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { alumnosQueries } from '../alumnos/queries.ts'
import { personalQueries } from '../queries.ts'

// The payments screens' data: the list (its key holds the search and the filters), one payment,
// the day's reconciliation, and recording a payment made in person. Under 'admin', like every staff query:
// never persisted on the device.

export type ListaPagos = RespuestaDe<typeof cliente.admin.pagos.$get>
export type FilaPago = ListaPagos['pagos'][number]
export type DetallePago = RespuestaDe<(typeof cliente.admin.pagos)[':id']['$get']>['pago']
export type Conciliacion = RespuestaDe<typeof cliente.admin.pagos.conciliacion.$get>
export type MovimientoConciliacion = Conciliacion['movimientos'][number]

/** The filters as the server reads them: strings, and only those set. */
function consulta(f: FiltrosPagos) {
  return {
    ...(f.q ? { q: f.q } : {}),
    ...(f.estado ? { estado: f.estado } : {}),
    ...(f.concepto ? { concepto: f.concepto } : {}),
    ...(f.programa ? { programa: f.programa } : {}),
    ...(f.desde ? { desde: f.desde } : {}),
    ...(f.hasta ? { hasta: f.hasta } : {}),
    ...(f.pagina > 1 ? { pagina: String(f.pagina) } : {}),
  }
}

export const pagosQueries = {
  all: () => [...personalQueries.all(), 'pagos'] as const,
  lista: (filtros: FiltrosPagos) =>
    queryOptions({
      queryKey: [...pagosQueries.all(), 'lista', consulta(filtros)],
      queryFn: ({ signal }) => leer(cliente.admin.pagos.$get({ query: consulta(filtros) }, { init: { signal } })),
      // The page being left stays on screen while the next one arrives.
      placeholderData: (anterior) => anterior,
    }),
  detalle: (id: string) =>
    queryOptions({
      queryKey: [...pagosQueries.all(), 'detalle', id],
      queryFn: ({ signal }) => leer(cliente.admin.pagos[':id'].$get({ param: { id } }, { init: { signal } })),
    }),
  conciliacion: ({ desde, hasta }: ConsultaConciliacion) =>
    queryOptions({
      queryKey: [...pagosQueries.all(), 'conciliacion', { desde, hasta }],
      queryFn: ({ signal }) =>
        leer(cliente.admin.pagos.conciliacion.$get({ query: { desde, hasta } }, { init: { signal } })),
      placeholderData: (anterior) => anterior,
    }),
}

/** Where a payment's receipt is downloaded: a plain link (the server records the download). */
export function enlaceComprobante(id: string): string {
  return `/api/admin/pagos/${encodeURIComponent(id)}/comprobante`
}

/** Where the reconciliation's spreadsheet is downloaded: a plain link, recorded by the server. */
export function enlacePlanillaConciliacion({ desde, hasta }: ConsultaConciliacion): string {
  return `/api/admin/pagos/conciliacion/planilla?${new URLSearchParams({ desde, hasta }).toString()}`
}

export const pagosMutations = {
  registrarPresencial: ({
    codigoInscripcion,
    numero,
    datos,
  }: {
    codigoInscripcion: string
    numero: number
    datos: PagoPresencial
  }) =>
    leer(
      cliente.admin.pagos.cuotas[':codigo'][':numero'].presencial.$post({
        param: { codigo: codigoInscripcion, numero: String(numero) },
        json: datos,
      }),
    ),
}

/** After a payment is recorded: the payments, the student's page and the home's counts are read again. */
export function actualizarTrasPago(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pagosQueries.all() }),
    queryClient.invalidateQueries({ queryKey: alumnosQueries.all() }),
    queryClient.invalidateQueries({ queryKey: personalQueries.resumen().queryKey }),
  ])
}

/** The loaders: data in the cache before the screen opens; a failure is shown by the screen. */
export async function cargarPagos(queryClient: QueryClient, filtros: FiltrosPagos): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(pagosQueries.lista(filtros))])
}
