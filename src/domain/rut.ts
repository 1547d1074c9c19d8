// Chilean RUT: digits, hyphen, check digit (digit or K), modulo 11; dots are ignored.

export const MENSAJE_RUT_INVALIDO = 'El RUT no es válido (formato 12345678-9, con dígito verificador)'

/** Stored in place of a RUT for foreigners who identify with a passport. */
export const RUT_PLACEHOLDER = '0-0'

const FORMATO = /^(\d{1,9})-([\dkK])$/

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

/** True for a well-formed RUT whose check digit is right. The placeholder '0-0' is not valid. */
export function rutValido(rut: string): boolean {
  const match = FORMATO.exec(limpiarRut(rut))
  if (!match) return false
  const [, cuerpo = '', dv = ''] = match
  if (Number(cuerpo) === 0) return false
  return digitoVerificador(cuerpo) === dv
}

/** Canonical stored form: no dots, no leading zeros, upper-case K ('012.345.678-k' -> '12345678-K'). */
export function normalizarRut(rut: string): string {
  const limpio = limpiarRut(rut)
  const [cuerpo = '', dv = ''] = limpio.split('-')
  return `${String(Number(cuerpo))}-${dv}`
}

export function esRutPlaceholder(rut: string | null | undefined): boolean {
  return !rut || limpiarRut(rut) === RUT_PLACEHOLDER
}

/** A stored RUT as the school writes it, with dots: '16789432-1' -> '16.789.432-1'. */
export function rutConPuntos(rut: string): string {
  const [cuerpo = '', dv = ''] = normalizarRut(rut).split('-')
  return `${cuerpo.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`
}
