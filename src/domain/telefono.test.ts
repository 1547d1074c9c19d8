import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  MENSAJE_TELEFONO,
  normalizarTelefono,
  telefonoOpcionalSchema,
  telefonoRequeridoSchema,
  telefonoSchema,
} from './telefono.ts'

describe('normalizarTelefono', () => {
  test('a 9-digit Chilean mobile typed without +56 gets it, written in one form', () => {
    expect(normalizarTelefono('912345678')).toBe('+56 9 1234 5678')
    expect(normalizarTelefono('9 1234 5678')).toBe('+56 9 1234 5678')
    expect(normalizarTelefono('9-1234-5678')).toBe('+56 9 1234 5678')
  })

  test('with +56, 56 or 0056 in front, with or without spaces and brackets', () => {
    expect(normalizarTelefono('+56912345678')).toBe('+56 9 1234 5678')
    expect(normalizarTelefono('+56 9 1234 5678')).toBe('+56 9 1234 5678')
    expect(normalizarTelefono('(+56) 9 1234-5678')).toBe('+56 9 1234 5678')
    expect(normalizarTelefono('56912345678')).toBe('+56 9 1234 5678')
    expect(normalizarTelefono('0056912345678')).toBe('+56 9 1234 5678')
  })

  test('landlines keep their area code: one digit for Santiago, two elsewhere', () => {
    expect(normalizarTelefono('+56 2 2345 6789')).toBe('+56 2 2345 6789')
    expect(normalizarTelefono('223456789')).toBe('+56 2 2345 6789')
    expect(normalizarTelefono('+56412915000')).toBe('+56 41 291 5000')
  })

  test('another country keeps its own code and spacing', () => {
    expect(normalizarTelefono('+54 11 4123 4567')).toBe('+54 11 4123 4567')
    expect(normalizarTelefono('0054 11 4123-4567')).toBe('+54 11 4123 4567')
  })

  test('the prefix the field starts with, alone, counts as nothing typed', () => {
    expect(normalizarTelefono('+56 ')).toBe('')
    expect(normalizarTelefono('+56')).toBe('')
    expect(normalizarTelefono('  ')).toBe('')
  })

  test('what is not a phone number is left for the pattern to refuse', () => {
    expect(normalizarTelefono('12345')).toBe('12345')
    expect(normalizarTelefono('llamar tarde')).toBe('llamar tarde')
  })
})

describe('phone schemas', () => {
  test('a required phone accepts a 9-digit mobile and stores it with +56', () => {
    expect(v.parse(telefonoSchema, '987654321')).toBe('+56 9 8765 4321')
  })

  test('a required phone left at its prefix says what the field needs', () => {
    const resultado = v.safeParse(telefonoRequeridoSchema('Campo obligatorio'), '+56 ')
    expect(resultado.success).toBe(false)
    expect(resultado.issues?.[0]?.message).toBe('Campo obligatorio')
  })

  test('an optional phone left at its prefix is stored empty', () => {
    expect(v.parse(telefonoOpcionalSchema, '+56 ')).toBe('')
    expect(v.parse(telefonoOpcionalSchema, undefined)).toBe('')
  })

  test('a number without country code that is not Chilean is refused with the format hint', () => {
    const resultado = v.safeParse(telefonoOpcionalSchema, '12345')
    expect(resultado.issues?.[0]?.message).toBe(MENSAJE_TELEFONO)
  })
})
