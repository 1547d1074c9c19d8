import { describe, expect, test } from 'vitest'
import {
  digitoVerificador,
  esRutPlaceholder,
  formatearRut,
  limpiarRut,
  normalizarRut,
  rutConPuntos,
  rutValido,
} from './rut.ts'

describe('rutValido', () => {
  test('accepts a RUT with the right modulo-11 check digit', () => {
    expect(rutValido('12345678-5')).toBe(true)
    expect(rutValido('11111111-1')).toBe(true)
  })

  test('ignores dots and spaces', () => {
    expect(rutValido('12.345.678-5')).toBe(true)
    expect(rutValido(' 12.345.678-5 ')).toBe(true)
  })

  test('accepts the check digit K in either case', () => {
    expect(digitoVerificador('6')).toBe('K')
    expect(rutValido('6-K')).toBe(true)
    expect(rutValido('6-k')).toBe(true)
  })

  test('accepts leading zeros', () => {
    expect(rutValido('012.345.678-5')).toBe(true)
  })

  test('refuses a wrong check digit', () => {
    expect(rutValido('12345678-4')).toBe(false)
    expect(rutValido('6-1')).toBe(false)
  })

  test('refuses the placeholder 0-0 and an all-zero number', () => {
    expect(rutValido('0-0')).toBe(false)
    expect(rutValido('000-0')).toBe(false)
  })

  test('accepts it typed without the hyphen, as many people do', () => {
    expect(rutValido('16543210K')).toBe(true)
    expect(rutValido('16543210k')).toBe(true)
    expect(rutValido('123456785')).toBe(true)
    expect(rutValido('16.543.210-k')).toBe(true)
    expect(rutValido('16 543 210 K')).toBe(true)
    expect(rutValido('165432101')).toBe(false)
  })

  test('refuses malformed input', () => {
    expect(rutValido('')).toBe(false)
    expect(rutValido('12345678-')).toBe(false)
    expect(rutValido('1234567890-1')).toBe(false)
    expect(rutValido('abc-5')).toBe(false)
    expect(rutValido('12-34-5')).toBe(false)
    expect(rutValido('K')).toBe(false)
  })
})

describe('digitoVerificador', () => {
  test('gives 0 when 11 minus the remainder is 11, K when it is 10', () => {
    // 28: 8*2 + 2*3 = 22, 22 % 11 = 0 -> 11 -> '0'. 37: 7*2 + 3*3 = 23, 23 % 11 = 1 -> 10 -> 'K'.
    expect(digitoVerificador('28')).toBe('0')
    expect(digitoVerificador('37')).toBe('K')
    expect(rutValido('28-0')).toBe(true)
    expect(rutValido('12345670-K')).toBe(true)
  })
})

describe('limpiarRut, normalizarRut, esRutPlaceholder', () => {
  test('limpiarRut removes dots and upper-cases k', () => {
    expect(limpiarRut('12.345.678-k')).toBe('12345678-K')
  })

  test('normalizarRut drops dots and leading zeros and puts the hyphen back', () => {
    expect(normalizarRut('012.345.678-k')).toBe('12345678-K')
    expect(normalizarRut('16543210k')).toBe('16543210-K')
    expect(normalizarRut(' 16.543.210-K ')).toBe('16543210-K')
  })

  test('formatearRut shows a RUT typed any common way as 16.543.210-K', () => {
    expect(formatearRut('16543210K')).toBe('16.543.210-K')
    expect(formatearRut('16.543.210-k')).toBe('16.543.210-K')
    expect(formatearRut('6-k')).toBe('6-K')
    expect(formatearRut('1234567-4')).toBe('1.234.567-4')
    expect(formatearRut('no es un rut')).toBe('no es un rut')
  })

  test('the placeholder and an empty value denote the foreigner case', () => {
    expect(esRutPlaceholder('0-0')).toBe(true)
    expect(esRutPlaceholder('')).toBe(true)
    expect(esRutPlaceholder(null)).toBe(true)
    expect(esRutPlaceholder('12345678-5')).toBe(false)
  })
})

test('a RUT written with dots', () => {
  expect(rutConPuntos('16789432-1')).toBe('16.789.432-1')
  expect(rutConPuntos('20345676-K')).toBe('20.345.676-K')
  expect(rutConPuntos('1234567-4')).toBe('1.234.567-4')
  expect(rutConPuntos('765-3')).toBe('765-3')
})
