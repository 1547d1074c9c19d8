import { describe, expect, test } from 'vitest'
import * as v from 'valibot'
import { MENSAJE_PASSWORD_OBLIGATORIA } from './ingreso.ts'
import { erroresPorCampo } from './errores-por-campo.ts'
import {
  MENSAJE_PASSWORD_CARACTERES,
  MENSAJE_PASSWORD_NO_VALIDA,
  MENSAJE_PASSWORDS_NO_COINCIDEN,
  crearPasswordSchema,
  nuevaPasswordSchema,
} from './password.ts'

function primerMensaje(password: string): string | undefined {
  const r = v.safeParse(nuevaPasswordSchema, password)
  return r.success ? undefined : r.issues[0].message
}

describe('nuevaPasswordSchema', () => {
  test('an empty password is required', () => {
    expect(primerMensaje('')).toBe(MENSAJE_PASSWORD_OBLIGATORIA)
    expect(MENSAJE_PASSWORD_OBLIGATORIA).toBe('La contraseña es obligatoria')
  })

  test('characters outside letters, digits and * _ - $ get the allowed-characters message', () => {
    expect(MENSAJE_PASSWORD_CARACTERES).toBe(
      'La contraseña solo puede contener letras y números, además de los caracteres especiales informados.',
    )
    expect(primerMensaje('Abcdefg1!')).toBe(MENSAJE_PASSWORD_CARACTERES)
    expect(primerMensaje('Abc defg1')).toBe(MENSAJE_PASSWORD_CARACTERES)
    expect(primerMensaje('Abcdefg1#')).toBe(MENSAJE_PASSWORD_CARACTERES)
  })

  test('fewer than 8 characters is not valid', () => {
    expect(primerMensaje('Abcde1')).toBe(MENSAJE_PASSWORD_NO_VALIDA)
    expect(primerMensaje('Abcdef1')).toBe(MENSAJE_PASSWORD_NO_VALIDA)
    expect(primerMensaje('Abcdefg1')).toBeUndefined()
  })

  test('a digit, an uppercase and a lowercase letter are each required', () => {
    expect(primerMensaje('Abcdefgh')).toBe(MENSAJE_PASSWORD_NO_VALIDA)
    expect(primerMensaje('abcdefg1')).toBe(MENSAJE_PASSWORD_NO_VALIDA)
    expect(primerMensaje('ABCDEFG1')).toBe(MENSAJE_PASSWORD_NO_VALIDA)
    expect(MENSAJE_PASSWORD_NO_VALIDA).toContain('no es válida')
  })

  test('accepts accented vowels, ñ and the specials * _ - $', () => {
    expect(primerMensaje('Ñandú*_-$2026')).toBeUndefined()
    expect(primerMensaje('Demo2026')).toBeUndefined()
  })
})

describe('crearPasswordSchema', () => {
  test('a different confirmation is reported on the confirmation field', () => {
    const r = v.safeParse(crearPasswordSchema, { token: 't', password: 'Demo2026', confirmacion: 'Demo2027' })
    expect(r.success).toBe(false)
    if (!r.success) expect(erroresPorCampo(r.issues)).toEqual({ confirmacion: MENSAJE_PASSWORDS_NO_COINCIDEN })
    expect(MENSAJE_PASSWORDS_NO_COINCIDEN).toBe('Las contraseñas no coinciden, por favor revisar.')
  })

  test('an empty confirmation is required', () => {
    const r = v.safeParse(crearPasswordSchema, { token: 't', password: 'Demo2026', confirmacion: '' })
    expect(r.success).toBe(false)
    if (!r.success) expect(erroresPorCampo(r.issues).confirmacion).toBe(MENSAJE_PASSWORD_OBLIGATORIA)
  })

  test('a matching pair under the policy passes', () => {
    expect(
      v.safeParse(crearPasswordSchema, { token: 't', password: 'Demo2026', confirmacion: 'Demo2026' }).success,
    ).toBe(true)
  })
})
