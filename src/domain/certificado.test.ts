import { expect, test } from 'vitest'
import * as v from 'valibot'
import { MENSAJE_CODIGO_NO_CORRESPONDE, MENSAJE_CODIGO_OBLIGATORIO, codigoCertificadoSchema } from './certificado.ts'

function mensaje(codigo: string): string | undefined {
  const r = v.safeParse(codigoCertificadoSchema, codigo)
  return r.success ? undefined : r.issues[0].message
}

test('a code of 64 characters is accepted', () => {
  expect(mensaje('A'.repeat(64))).toBeUndefined()
})

test('a code of 65 characters does not correspond', () => {
  expect(mensaje('A'.repeat(65))).toBe(MENSAJE_CODIGO_NO_CORRESPONDE)
  expect(MENSAJE_CODIGO_NO_CORRESPONDE).toBe('El código ingresado no corresponde')
})

test('the code is required and surrounding spaces do not count', () => {
  expect(mensaje('')).toBe(MENSAJE_CODIGO_OBLIGATORIO)
  expect(mensaje('   ')).toBe(MENSAJE_CODIGO_OBLIGATORIO)
  expect(v.parse(codigoCertificadoSchema, `  ${'B'.repeat(64)}  `)).toBe('B'.repeat(64))
})
