// The things a student can pay through the gateway, by concept.
import { conceptoPostulacion } from '../concursos/pago-postulacion.ts'
import type { ConceptoPago } from '../../src/domain/pagos.ts'
import type { ConceptoDePago } from './concepto.ts'
import { conceptoCuota } from './cuota.ts'

export const conceptos: Record<ConceptoPago, ConceptoDePago> = {
  cuota: conceptoCuota,
  postulacion: conceptoPostulacion,
}
