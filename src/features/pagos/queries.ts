import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { pagoEnCurso } from '../../domain/pagos.ts'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'

// An enrolment's installments and a payment's outcome. Both persist with the query cache, so the
// list opens offline with what was last seen; paying itself needs the network (the gateway).

export type DatosCuotas = RespuestaDe<(typeof cliente.pagos.cuotas)[':codigo']['$get']>['data']
export type Cuota = DatosCuotas['cuotas'][number]
export type ResultadoPago = RespuestaDe<(typeof cliente.pagos)[':id']['$get']>['data']

/** How often a payment still waiting for the gateway's answer is asked about again. */
const CONSULTA_PENDIENTE_MS = 3000

export const pagoQueries = {
  all: () => ['pagos'] as const,
  cuotas: (codigo: string) =>
    queryOptions({
      queryKey: [...pagoQueries.all(), 'cuotas', codigo],
      queryFn: async ({ signal }) =>
        (await leer(cliente.pagos.cuotas[':codigo'].$get({ param: { codigo } }, { init: { signal } }))).data,
    }),
  resultado: (id: string) =>
    queryOptions({
      queryKey: [...pagoQueries.all(), 'resultado', id],
      queryFn: async ({ signal }) =>
        (await leer(cliente.pagos[':id'].$get({ param: { id } }, { init: { signal } }))).data,
      // A final outcome never changes; one in course is asked again until the server settles it.
      staleTime: (q) => (q.state.data && !pagoEnCurso(q.state.data.estado) ? Infinity : 0),
      refetchInterval: (q) => (q.state.data && pagoEnCurso(q.state.data.estado) ? CONSULTA_PENDIENTE_MS : false),
    }),
}

/** Creates the payment and its gateway transaction: where to post `token_ws`. */
export async function iniciarPago(concepto: 'cuota' | 'postulacion', referencia: string) {
  return leer(cliente.pagos.$post({ json: { concepto, referencia } }))
}

/** The loaders: data in the cache before the screen opens; a failure is shown by the screen. */
export async function cargarCuotas(queryClient: QueryClient, codigo: string): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(pagoQueries.cuotas(codigo))])
}

export async function cargarResultado(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(pagoQueries.resultado(id))])
}
