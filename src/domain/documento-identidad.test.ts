import { expect, test } from 'vitest'
import { documentoDeIdentidad } from './documento-identidad.ts'
import { RUT_PLACEHOLDER } from './rut.ts'

test('the document as the school writes it: the RUT with dots, else the passport or DNI with its kind, else nothing', () => {
  expect(documentoDeIdentidad({ rut: '12345678-5', tipo_documento: null, numero_documento: null })).toBe('12.345.678-5')
  // A student with a RUT is named by it, whatever other number they gave.
  expect(documentoDeIdentidad({ rut: '12345678-5', tipo_documento: 'PASAPORTE', numero_documento: 'X123' })).toBe(
    '12.345.678-5',
  )
  expect(documentoDeIdentidad({ rut: RUT_PLACEHOLDER, tipo_documento: 'DNI', numero_documento: 'AB12345' })).toBe(
    'DNI AB12345',
  )
  expect(documentoDeIdentidad({ rut: RUT_PLACEHOLDER, tipo_documento: null, numero_documento: 'AB12345' })).toBe(
    'PASAPORTE AB12345',
  )
  expect(documentoDeIdentidad({ rut: RUT_PLACEHOLDER, tipo_documento: null, numero_documento: null })).toBe('')
})
