import { fechaEnChile, fechaLarga, horaEnChile } from '../../../domain/fechas.ts'

/** A moment as the school reads it: '25 de noviembre de 2026, 10:14' in Chile's time. */
export function momentoLegible(iso: string): string {
  const momento = new Date(iso)
  return `${fechaLarga(fechaEnChile(momento))}, ${horaEnChile(momento)}`
}
