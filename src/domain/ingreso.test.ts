import { describe, expect, test } from 'vitest'
import * as v from 'valibot'
import { MENSAJE_EMAIL_OBLIGATORIO } from './email.ts'
import { loginSchema, MENSAJE_PASSWORD_OBLIGATORIA, solicitudRecuperacionSchema } from './ingreso.ts'
import { erroresPorCampo } from './errores-por-campo.ts'

function errores(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const r = v.safeParse(schema, input)
  return r.success ? {} : erroresPorCampo(r.issues)
}

describe('loginSchema', () => {
  test('e-mail and password are required', () => {
    expect(errores(loginSchema, { email: '', password: '' })).toEqual({
      email: MENSAJE_EMAIL_OBLIGATORIO,
      password: MENSAJE_PASSWORD_OBLIGATORIA,
    })
  })

  test('any non-empty password is enough to try (the policy applies to new passwords)', () => {
    expect(v.safeParse(loginSchema, { email: 'estudiante@demo.cl', password: 'x' }).success).toBe(true)
  })
})

test('solicitudRecuperacionSchema needs a valid e-mail', () => {
  expect(errores(solicitudRecuperacionSchema, { email: '' })).toEqual({ email: MENSAJE_EMAIL_OBLIGATORIO })
  expect(v.safeParse(solicitudRecuperacionSchema, { email: 'a@b.cl' }).success).toBe(true)
})
