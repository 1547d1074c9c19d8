// What the payment flow (flujo.ts) needs of the server's dependencies: the student's routes, the
// staff's and the background sweep of claims (main.ts) build it the same way.
import type { Dependencias } from '../contexto.ts'
import type { DependenciasPago } from './flujo.ts'

/** Where the gateway sends the browser back, under /api. */
export const RUTA_RETORNO = '/api/pagos/retorno'

export function dependenciasPago(deps: Dependencias): DependenciasPago {
  return {
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    pasarela: deps.pasarela,
    urlRetorno: `${deps.config.publicUrl}${RUTA_RETORNO}`,
    papel: { blobs: deps.blobs, firma: deps.firma, urlPublica: deps.config.publicUrl },
    limiteCreacion: deps.config.limites.pagosAlumno,
  }
}
