// The things a student can pay through the gateway, by concept.
import { conceptoPostulacion } from '../concursos/pago-postulacion.ts'
import type { ConceptoDePago, TipoConcepto } from './concepto.ts'
import { conceptoCuota } from './cuota.ts'

export const conceptos: Record<TipoConcepto, ConceptoDePago> = {
  cuota: conceptoCuota,
  postulacion: conceptoPostulacion,
}
