// The things a student can pay through the gateway, by concept. A concept missing here answers
// 404 ('no disponible'): each one is registered when its own screens exist.
import type { ConceptoDePago, TipoConcepto } from './concepto.ts'
import { conceptoCuota } from './cuota.ts'

export const conceptos: Partial<Record<TipoConcepto, ConceptoDePago>> = {
  cuota: conceptoCuota,
}
