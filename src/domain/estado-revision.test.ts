import { expect, test } from 'vitest'
import { contarRevision, documentosEnEstado, estadoRevisionEnPalabras, resumenRevision } from './estado-revision.ts'

test('the state reads in words, with the reason of a rejection', () => {
  expect(estadoRevisionEnPalabras('en-revision', null)).toBe('En revisión')
  expect(estadoRevisionEnPalabras('aprobado', null)).toBe('Aprobado')
  expect(estadoRevisionEnPalabras('rechazado', 'Documento ilegible')).toBe('Rechazado: Documento ilegible')
  expect(estadoRevisionEnPalabras('rechazado', null)).toBe('Rechazado')
  // A state this version does not know reads as still in review rather than as a decision.
  expect(estadoRevisionEnPalabras('otro', null)).toBe('En revisión')
})

test('an enrolment’s row: its uploads counted by state, rejected ones first', () => {
  const conteo = contarRevision(['rechazado', 'en-revision', 'aprobado', 'aprobado'])
  expect(conteo).toEqual({ enRevision: 1, aprobados: 2, rechazados: 1 })
  expect(resumenRevision(conteo)).toEqual(['1 rechazado', '1 en revisión', '2 aprobados'])
  expect(resumenRevision(contarRevision(['rechazado', 'rechazado']))).toEqual(['2 rechazados'])
  expect(resumenRevision(contarRevision([]))).toEqual([])
})

test('a count of documents in one state agrees in number', () => {
  expect(documentosEnEstado(1, 'rechazado')).toBe('1 documento rechazado')
  expect(documentosEnEstado(2, 'rechazado')).toBe('2 documentos rechazados')
  expect(documentosEnEstado(1, 'aprobado')).toBe('1 documento aprobado')
  expect(documentosEnEstado(0, 'en-revision')).toBe('0 documentos en revisión')
})
