// A student must be at least 18, counted as whole years of 365.25 days.
export const EDAD_MINIMA = 18
const MS_POR_ANIO = 365.25 * 24 * 60 * 60 * 1000
export const MENSAJE_EDAD = 'La fecha de Nacimiento no corresponde (Debe tener más de 18 años)'

/** Whole years between an ISO birth date (yyyy-mm-dd) and today, in 365.25-day years. */
export function edadEnAnios(fechaNac: string, hoy: Date = new Date()): number {
  const nacimiento = Date.parse(`${fechaNac}T00:00:00Z`)
  if (Number.isNaN(nacimiento)) return Number.NaN
  const hoyUtc = Date.UTC(hoy.getFullYear(), hoy.getMonth(), hoy.getDate())
  return Math.floor((hoyUtc - nacimiento) / MS_POR_ANIO)
}

export function esMayorDeEdad(fechaNac: string, hoy: Date = new Date()): boolean {
  return edadEnAnios(fechaNac, hoy) >= EDAD_MINIMA
}
