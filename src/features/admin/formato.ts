import { fechaEnChile, horaEnChile } from '../../domain/fechas.ts'
import { fechaCorta } from '../../domain/solicitudes.ts'

// How the staff's screens write dates and moments: Chile's calendar and clock, whatever the
// computer's own time zone.

/** '2026-03-20T14:00:00.000Z' -> '20-03-2026 11:00'. */
export function momentoEnChile(iso: string): string {
  const momento = new Date(iso)
  return `${fechaCorta(fechaEnChile(momento))} ${horaEnChile(momento)}`
}

/** A moment's calendar day in Chile, 'dd-mm-aaaa'. */
export function diaEnChile(iso: string): string {
  return fechaCorta(fechaEnChile(new Date(iso)))
}

/** A calendar date 'aaaa-mm-dd' (or nothing) as 'dd-mm-aaaa', a dash when absent. */
export function fecha(valor: string | null | undefined): string {
  return valor ? fechaCorta(valor) : '—'
}
