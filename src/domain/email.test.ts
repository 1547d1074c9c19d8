import { expect, test } from 'vitest'
import * as v from 'valibot'
import { MENSAJE_EMAIL_INVALIDO, MENSAJE_EMAIL_OBLIGATORIO, emailSchema } from './email.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from './validacion.ts'

function mensaje(email: unknown): string | undefined {
  const r = v.safeParse(emailSchema, email)
  return r.success ? undefined : r.issues[0].message
}

test('a simple address is valid and is trimmed and lower-cased', () => {
  expect(v.parse(emailSchema, '  Estudiante@Demo.CL ')).toBe('estudiante@demo.cl')
})

test('an empty or missing e-mail is required', () => {
  expect(mensaje('')).toBe(MENSAJE_EMAIL_OBLIGATORIO)
  expect(mensaje('   ')).toBe(MENSAJE_EMAIL_OBLIGATORIO)
  expect(mensaje(undefined)).toBe(MENSAJE_EMAIL_OBLIGATORIO)
})

test('addresses outside the simple pattern are refused', () => {
  for (const malo of ['estudiante', 'estudiante@demo', '@demo.cl', 'estu diante@demo.cl', 'a@b@c.cl']) {
    expect(mensaje(malo), malo).toBe(MENSAJE_EMAIL_INVALIDO)
  }
})

test('an address with a zero-width, directional or control character inside is refused', () => {
  for (const oculto of ['\u200B', '\u200D', '\u202E', '\u2066', '\uFEFF', '\u0007', '\u0085']) {
    expect(mensaje(`estudiante${oculto}@demo.cl`), JSON.stringify(oculto)).toBe(MENSAJE_CARACTERES_INVISIBLES)
  }
})
