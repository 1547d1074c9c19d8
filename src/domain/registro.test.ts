import { describe, expect, test } from 'vitest'
import * as v from 'valibot'
import { registroSchema } from './registro.ts'
import { MENSAJE_PASAPORTE_OBLIGATORIO } from './documento-identidad.ts'
import { MENSAJE_RUT_INVALIDO } from './rut.ts'
import { MENSAJE_TELEFONO } from './telefono.ts'
import { erroresPorCampo } from './errores-por-campo.ts'
import { MENSAJE_CAMPO_OBLIGATORIO, MENSAJE_CARACTERES_INVISIBLES } from './validacion.ts'
import { MENSAJE_PASSWORDS_NO_COINCIDEN } from './password.ts'

function errores(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const r = v.safeParse(schema, input)
  return r.success ? {} : erroresPorCampo(r.issues)
}

describe('registroSchema', () => {
  const valido = {
    nombres: 'Camila Andrea',
    apellidos: 'Rojas Fuentes',
    tipoDocumento: 'RUT',
    documento: '12.345.678-5',
    email: 'camila@demo.cl',
    telefono: '+56 9 1234 5678',
    password: 'Demo2026',
    confirmacion: 'Demo2026',
  }

  test('a complete Chilean registration passes', () => {
    expect(v.safeParse(registroSchema, valido).success).toBe(true)
  })

  test('names with a bidirectional override or a zero-width character are refused', () => {
    expect(errores(registroSchema, { ...valido, nombres: 'Camila\u202EArdnA' })).toEqual({
      nombres: MENSAJE_CARACTERES_INVISIBLES,
    })
    expect(errores(registroSchema, { ...valido, apellidos: 'Rojas\u200BFuentes' })).toEqual({
      apellidos: MENSAJE_CARACTERES_INVISIBLES,
    })
  })

  test('a RUT with a wrong check digit, or the placeholder, is refused on the document field', () => {
    expect(errores(registroSchema, { ...valido, documento: '12.345.678-4' })).toEqual({
      documento: MENSAJE_RUT_INVALIDO,
    })
    expect(errores(registroSchema, { ...valido, documento: '0-0' })).toEqual({ documento: MENSAJE_RUT_INVALIDO })
  })

  test('a passport needs 5 to 20 letters or digits', () => {
    expect(v.safeParse(registroSchema, { ...valido, tipoDocumento: 'PASAPORTE', documento: 'AB1234567' }).success).toBe(
      true,
    )
    expect(errores(registroSchema, { ...valido, tipoDocumento: 'PASAPORTE', documento: 'A1' })).toEqual({
      documento: MENSAJE_PASAPORTE_OBLIGATORIO,
    })
  })

  test('names, phone and a matching confirmation are checked field by field', () => {
    expect(errores(registroSchema, { ...valido, nombres: '  ' })).toEqual({ nombres: MENSAJE_CAMPO_OBLIGATORIO })
    expect(errores(registroSchema, { ...valido, telefono: '12345' })).toEqual({ telefono: MENSAJE_TELEFONO })
    expect(errores(registroSchema, { ...valido, confirmacion: 'Demo2027' })).toEqual({
      confirmacion: MENSAJE_PASSWORDS_NO_COINCIDEN,
    })
  })

  test('the password policy applies', () => {
    expect(Object.keys(errores(registroSchema, { ...valido, password: 'demo', confirmacion: 'demo' }))).toEqual([
      'password',
    ])
  })
})
