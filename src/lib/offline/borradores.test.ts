import 'fake-indexeddb/auto'
import { expect, test } from 'vitest'
import {
  borrarBorrador,
  claveBorrador,
  contarBorradores,
  guardarBorrador,
  leerBorrador,
  vaciarBorradores,
} from './borradores.ts'

test('claveBorrador puts the student first and marks a form without record with "-"', () => {
  expect(claveBorrador('A1', 'personal')).toBe('A1/personal/-')
  expect(claveBorrador('A1', 'encuesta', 5521)).toBe('A1/encuesta/5521')
})

test('a draft is saved with its time and read back', async () => {
  const clave = claveBorrador('A1', 'personal')
  await guardarBorrador(clave, { nombres: 'Ana', telefono: '+56 2 2345 6789' }, 1_700_000_000_000)
  expect(await leerBorrador(clave)).toEqual({
    valor: { nombres: 'Ana', telefono: '+56 2 2345 6789' },
    guardadoEn: 1_700_000_000_000,
  })
})

test('drafts are kept apart per student, per form and per record', async () => {
  await guardarBorrador(claveBorrador('A1', 'encuesta', 1), 'A1 e1')
  await guardarBorrador(claveBorrador('A1', 'encuesta', 2), 'A1 e2')
  await guardarBorrador(claveBorrador('B2', 'encuesta', 1), 'B2 e1')
  await guardarBorrador(claveBorrador('A1', 'personal'), 'A1 p')
  expect((await leerBorrador(claveBorrador('A1', 'encuesta', 1)))?.valor).toBe('A1 e1')
  expect((await leerBorrador(claveBorrador('A1', 'encuesta', 2)))?.valor).toBe('A1 e2')
  expect((await leerBorrador(claveBorrador('B2', 'encuesta', 1)))?.valor).toBe('B2 e1')
  expect(await leerBorrador(claveBorrador('B2', 'personal'))).toBeUndefined()

  await borrarBorrador(claveBorrador('A1', 'encuesta', 1))
  expect(await leerBorrador(claveBorrador('A1', 'encuesta', 1))).toBeUndefined()
  expect((await leerBorrador(claveBorrador('B2', 'encuesta', 1)))?.valor).toBe('B2 e1')
})

test("vaciarBorradores removes every student's drafts ('Salir')", async () => {
  await guardarBorrador(claveBorrador('A1', 'personal'), 1)
  await guardarBorrador(claveBorrador('B2', 'personal'), 2)
  await vaciarBorradores()
  expect(await leerBorrador(claveBorrador('A1', 'personal'))).toBeUndefined()
  expect(await leerBorrador(claveBorrador('B2', 'personal'))).toBeUndefined()
})

test("contarBorradores counts only this student's drafts", async () => {
  await vaciarBorradores()
  await guardarBorrador(claveBorrador('A1', 'personal'), { nombres: 'Ana' })
  await guardarBorrador(claveBorrador('A1', 'encuesta', 'INS-7'), { cursaFuera: 'No' })
  await guardarBorrador(claveBorrador('A10', 'personal'), { nombres: 'Otro' })
  expect(await contarBorradores('A1')).toBe(2)
  expect(await contarBorradores('A10')).toBe(1)
  await borrarBorrador(claveBorrador('A1', 'personal'))
  expect(await contarBorradores('A1')).toBe(1)
})
