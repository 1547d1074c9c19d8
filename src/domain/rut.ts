// Chilean RUT: digits, check digit (digit or K), modulo 11. People type it in many ways
// ('16543210K', '16.543.210-k', '16 543 210-K'): dots, spaces and the hyphen are ignored, the
// last character is the check digit, and the portal shows it back as '16.543.210-K'.

export const MENSAJE_RUT_INVALIDO = 'El RUT no es válido (formato 12345678-9, con dígito verificador)'

/** Stored in place of a RUT for foreigners who identify with a passport. */
export const RUT_PLACEHOLDER = '0-0'

/** The number and its check digit once dots, spaces and the hyphen are set aside. */
const FORMATO = /^(\d{1,9})-?([\dK])$/

/** Removes dots and spaces and upper-cases K: '12.345.678-k' -> '12345678-K'. */
export function limpiarRut(rut: string): string {
  return rut.replace(/[.\s]/g, '').toUpperCase()
}

/** The modulo-11 check digit of the number part of a RUT ('0'-'9' or 'K'). */
export function digitoVerificador(cuerpo: string): string {
  let suma = 0
  let factor = 2
  for (let i = cuerpo.length - 1; i >= 0; i--) {
    suma += Number(cuerpo[i]) * factor
    factor = factor === 7 ? 2 : factor + 1
  }
  const resto = 11 - (suma % 11)
  if (resto === 11) return '0'
  if (resto === 10) return 'K'
  return String(resto)
}

/** Number (without leading zeros) and check digit of a RUT typed any common way, or null. */
function partesRut(rut: string): { cuerpo: string; dv: string } | null {
  const match = FORMATO.exec(limpiarRut(rut))
  if (!match) return null
  const [, cuerpo = '', dv = ''] = match
  return { cuerpo: String(Number(cuerpo)), dv }
}

/**
 * True for a RUT whose check digit is right, with or without dots and hyphen. The placeholder
 * '0-0' is not valid.
 */
export function rutValido(rut: string): boolean {
  const partes = partesRut(rut)
  if (!partes || Number(partes.cuerpo) === 0) return false
  return digitoVerificador(partes.cuerpo) === partes.dv
}

/**
 * Canonical stored form: no dots, no leading zeros, a hyphen, upper-case K ('012.345.678-k' and
 * '12345678k' -> '12345678-K'). Input that is not shaped like a RUT comes back cleaned only.
 */
export function normalizarRut(rut: string): string {
  const partes = partesRut(rut)
  return partes ? `${partes.cuerpo}-${partes.dv}` : limpiarRut(rut)
}

/** As the portal shows a RUT: '16.543.210-K'. Input that is not shaped like a RUT is left as typed. */
export function formatearRut(rut: string): string {
  const partes = partesRut(rut)
  if (!partes) return rut
  return `${partes.cuerpo.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${partes.dv}`
}

export function esRutPlaceholder(rut: string | null | undefined): boolean {
  return !rut || limpiarRut(rut) === RUT_PLACEHOLDER
}

/** A stored RUT as the school writes it, with dots: '16789432-1' -> '16.789.432-1'. */
export function rutConPuntos(rut: string): string {
  const [cuerpo = '', dv = ''] = normalizarRut(rut).split('-')
  return `${cuerpo.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`
}
