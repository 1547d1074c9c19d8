import { queryOptions } from '@tanstack/react-query'
import type { BusquedaEncuestas } from '../../../domain/busqueda-encuestas.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { personalQueries } from '../queries.ts'

// The survey results screen's data. Under 'admin', like every staff query: never persisted on
// the device (the sensitive answers included).

export type ResultadosEncuesta = RespuestaDe<typeof cliente.admin.encuestas.$get>
export type ResultadoDePregunta = ResultadosEncuesta['preguntas'][number]

/** The filters as the server reads them: strings, and only those set. */
function consulta({ programa, anio }: BusquedaEncuestas) {
  return {
    ...(programa ? { programa } : {}),
    ...(anio ? { anio: String(anio) } : {}),
  }
}

export const encuestasQueries = {
  all: () => [...personalQueries.all(), 'encuestas'] as const,
  resultados: (busqueda: BusquedaEncuestas) =>
    queryOptions({
      queryKey: [...encuestasQueries.all(), 'resultados', consulta(busqueda)],
      queryFn: ({ signal }) => leer(cliente.admin.encuestas.$get({ query: consulta(busqueda) }, { init: { signal } })),
    }),
}

/**
 * Where the spreadsheet of these filters is downloaded: a plain link, so the browser saves the
 * file itself (the staff's cookie goes with it; the server records the download).
 */
export function enlacePlanilla(busqueda: BusquedaEncuestas): string {
  const parametros = new URLSearchParams(consulta(busqueda)).toString()
  return `/api/admin/encuestas/planilla${parametros ? `?${parametros}` : ''}`
}
