import * as v from 'valibot'
import { expect, test } from 'vitest'
import { busquedaEncuestasSchema } from './busqueda-encuestas.ts'

test('the address keeps a program and a year; what cannot be read falls back to all', () => {
  expect(v.parse(busquedaEncuestasSchema, { programa: 'DCPD', anio: '2026' })).toEqual({ programa: 'DCPD', anio: 2026 })
  expect(v.parse(busquedaEncuestasSchema, { anio: 2025 })).toEqual({ programa: undefined, anio: 2025 })
  expect(v.parse(busquedaEncuestasSchema, { programa: 'x'.repeat(41), anio: 'dos mil' })).toEqual({
    programa: undefined,
    anio: undefined,
  })
})
