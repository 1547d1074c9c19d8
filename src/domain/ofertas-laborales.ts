// Job offers ('Ofertas Laborales') the school publishes for its students and graduates. An offer
// is listed from the day it is published to the day it closes, both included, in Chile's days.

/** The days an offer is listed ('yyyy-mm-dd'). */
export type VigenciaOferta = { publicadaEl: string; cierraEl: string }

export function ofertaVigente(oferta: VigenciaOferta, hoy: string): boolean {
  return oferta.publicadaEl <= hoy && hoy <= oferta.cierraEl
}

export const MENSAJE_SIN_OFERTAS = 'No hay ofertas laborales vigentes por ahora. Vuelva a revisar más adelante.'
