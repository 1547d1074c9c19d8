import * as v from 'valibot'
import { expect, test } from 'vitest'
import {
  consultaCambiosSchema,
  crearClaveSchema,
  esMomentoIso,
  loteImportacionSchema,
  MAXIMO_FILAS_POR_LLAMADA,
  MENSAJE_ALCANCES_CLAVE,
  MENSAJE_CAMBIO_CORREO_SIN_CARGA,
  MENSAJE_CELDA_LOTE,
  MENSAJE_DESDE_INVALIDO,
  MENSAJE_LIMITE_INVALIDO,
} from './integracion.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from './validacion.ts'
import { TEXTOS_INVISIBLES } from '../../tests/support/textos-invisibles.ts'

test('a moment names one instant: a date and time with its zone, on a day that exists', () => {
  for (const bueno of [
    '2026-03-01T00:00:00Z',
    '2026-03-01T00:00Z',
    '2026-03-01T10:15:30.123Z',
    '2026-03-01T10:15:30-03:00',
    '2024-02-29T23:59:59+00:00',
  ])
    expect(esMomentoIso(bueno), bueno).toBe(true)
  for (const malo of [
    '2026-03-01',
    '2026-03-01T10:00:00',
    '2026-02-30T10:00:00Z',
    '2025-02-29T10:00:00Z',
    '2026-03-01T24:00:00Z',
    '2026-03-01T10:60:00Z',
    '2026-03-01T10:00:00+25:00',
    'ayer',
  ])
    expect(esMomentoIso(malo), malo).toBe(false)
})

test('the query of a read: desde in UTC, limite 1 to 500 (100 by default), the cursor as given', () => {
  expect(v.parse(consultaCambiosSchema, {})).toEqual({ limite: 100 })
  expect(
    v.parse(consultaCambiosSchema, { desde: ' 2026-03-01T00:00:00-03:00 ', limite: '500', cursor: 'abc' }),
  ).toEqual({ desde: '2026-03-01T03:00:00.000Z', limite: 500, cursor: 'abc' })
  for (const [consulta, mensaje] of [
    [{ desde: '2026-03-01' }, MENSAJE_DESDE_INVALIDO],
    [{ limite: '0' }, MENSAJE_LIMITE_INVALIDO],
    [{ limite: '501' }, MENSAJE_LIMITE_INVALIDO],
    [{ limite: '1.5' }, MENSAJE_LIMITE_INVALIDO],
    [{ limite: '-1' }, MENSAJE_LIMITE_INVALIDO],
  ] as const) {
    const r = v.safeParse(consultaCambiosSchema, consulta)
    expect(r.success).toBe(false)
    expect(r.issues?.[0]?.message).toBe(mensaje)
  }
})

test('a new key: a name and its scopes, each once, in the declared order', () => {
  expect(v.parse(crearClaveSchema, { nombre: ' CRM ', alcances: ['lectura', 'alumnos.escribir', 'lectura'] })).toEqual({
    nombre: 'CRM',
    alcances: ['alumnos.escribir', 'lectura'],
  })
  const sin = v.safeParse(crearClaveSchema, { nombre: 'CRM', alcances: [] })
  expect(sin.issues?.[0]?.message).toBe(MENSAJE_ALCANCES_CLAVE)
})

test('changing a sign-in e-mail is a scope of its own, and it needs the scope that loads', () => {
  expect(
    v.parse(crearClaveSchema, { nombre: 'CRM', alcances: ['alumnos.cambiar-correo', 'alumnos.escribir'] }).alcances,
  ).toEqual(['alumnos.escribir', 'alumnos.cambiar-correo'])
  const solo = v.safeParse(crearClaveSchema, { nombre: 'CRM', alcances: ['alumnos.cambiar-correo', 'lectura'] })
  expect(solo.issues?.[0]?.message).toBe(MENSAJE_CAMBIO_CORREO_SIN_CARGA)
})

test.each(TEXTOS_INVISIBLES)('a key’s name refuses %s', (_caso, texto) => {
  expect(v.safeParse(crearClaveSchema, { nombre: texto, alcances: ['lectura'] }).issues?.[0]?.message).toBe(
    MENSAJE_CARACTERES_INVISIBLES,
  )
})

test('a load checks only each cell’s JSON type: the rows’ rules are the import’s', () => {
  expect(v.parse(loteImportacionSchema, { filas: [{ codigo_inscripcion: 'X', horas: 20, otra: 'y' }] })).toEqual({
    filas: [{ codigo_inscripcion: 'X', horas: 20 }],
  })
  const objeto = v.safeParse(loteImportacionSchema, { filas: [{ email: { a: 1 } }] })
  expect(objeto.issues?.[0]?.message).toBe(MENSAJE_CELDA_LOTE)
  const muchas = v.safeParse(loteImportacionSchema, {
    filas: Array.from({ length: MAXIMO_FILAS_POR_LLAMADA + 1 }, () => ({})),
  })
  expect(muchas.success).toBe(false)
})
