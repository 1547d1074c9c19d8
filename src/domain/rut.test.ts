import { describe, expect, test } from 'vitest'
import { digitoVerificador, esRutPlaceholder, limpiarRut, normalizarRut, rutConPuntos, rutValido } from './rut.ts'

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

  test('refuses malformed input', () => {
    expect(rutValido('')).toBe(false)
    expect(rutValido('123456785')).toBe(false)
    expect(rutValido('12345678-')).toBe(false)
    expect(rutValido('1234567890-1')).toBe(false)
    expect(rutValido('abc-5')).toBe(false)
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

  test('normalizarRut drops dots and leading zeros', () => {
    expect(normalizarRut('012.345.678-k')).toBe('12345678-K')
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
