import * as v from 'valibot'
import { expect, test } from 'vitest'
import {
  decisionCondicionesSchema,
  fechaCorta,
  muestraDocumentos,
  requiereEncuesta,
  TAMANO_PAGINA_SOLICITUDES,
} from './solicitudes.ts'

test('the list shows 7 enrolments a page', () => {
  expect(TAMANO_PAGINA_SOLICITUDES).toBe(7)
})

test('Derivada and Primaria enrolments hide their documents count; the others show it', () => {
  expect(muestraDocumentos('Derivada')).toBe(false)
  expect(muestraDocumentos('Primaria')).toBe(false)
  expect(muestraDocumentos('Diplomado')).toBe(true)
})

test('groups 1 and 5 answer the survey; for the others it counts as sent', () => {
  expect(['1', '5', '85', '86'].map(requiereEncuesta)).toEqual([true, true, false, false])
})

test('dates read dd-mm-aaaa', () => {
  expect(fechaCorta('2025-03-09')).toBe('09-03-2025')
})

test('a conditions decision is to accept or to reject', () => {
  expect(v.safeParse(decisionCondicionesSchema, { decision: 'aceptadas' }).success).toBe(true)
  expect(v.safeParse(decisionCondicionesSchema, { decision: 'tal vez' }).success).toBe(false)
})
