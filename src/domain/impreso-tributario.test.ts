import { expect, test } from 'vitest'
import type { DatosImpresoTributario } from './documento-tributario.ts'
import {
  NOMBRE_IMPRESO_DTE,
  faltaReferencia,
  identificacionReceptor,
  pieTimbre,
  rutRecuadro,
  textoReferencia,
  textoResolucion,
  textosRequeridos,
} from './impreso-tributario.ts'

const boleta: DatosImpresoTributario = {
  tipo: 41,
  folio: 1234,
  fechaEmision: '2026-11-27',
  emisor: {
    rut: '76123456-7',
    razonSocial: 'Escuela SpA',
    giro: 'Enseñanza',
    acteco: 854200,
    direccion: 'Av. 1',
    comuna: 'Providencia',
    ciudad: 'Santiago',
    resolucion: { numero: 0, fecha: '2026-01-05' },
  },
  receptor: {
    rut: '16789432-1',
    razonSocial: 'Camila Rojas',
    giro: null,
    direccion: null,
    comuna: null,
    ciudad: null,
    email: null,
    documentoExtranjero: null,
  },
  lineas: [{ nombre: 'Cuota 1', cantidad: 1, precio: 450000, monto: 450000 }],
  montoExento: 450000,
  montoTotal: 450000,
  referencia: null,
  ted: '<TED/>',
  sinValidez: false,
}

test('each type has its name as the red box prints it', () => {
  expect(NOMBRE_IMPRESO_DTE).toEqual({
    41: 'BOLETA EXENTA ELECTRÓNICA',
    34: 'FACTURA NO AFECTA O EXENTA ELECTRÓNICA',
    61: 'NOTA DE CRÉDITO ELECTRÓNICA',
  })
})

test('the red box, the resolution and the caption under the stamp', () => {
  expect(rutRecuadro('76123456-7')).toBe('R.U.T.: 76.123.456-7')
  expect(textoResolucion({ numero: 80, fecha: '2014-08-22' })).toBe('Res. N° 80 de 2014')
  expect(pieTimbre(boleta)).toEqual(['Timbre Electrónico SII', 'Res. N° 0 de 2026', 'Verifique documento: www.sii.cl'])
})

test('the required texts of each type', () => {
  expect(textosRequeridos(boleta)).toEqual([
    'Escuela SpA',
    'R.U.T.: 76.123.456-7',
    'Enseñanza',
    'BOLETA EXENTA ELECTRÓNICA',
    'N° 1234',
    'Camila Rojas',
    'R.U.T.: 16.789.432-1',
    'Total: $450.000',
    'Timbre Electrónico SII',
    'Res. N° 0 de 2026',
    'Verifique documento: www.sii.cl',
  ])
  expect(textosRequeridos({ ...boleta, tipo: 34 })).toContain('FACTURA NO AFECTA O EXENTA ELECTRÓNICA')
  const nota = textosRequeridos({
    ...boleta,
    tipo: 61,
    referencia: { tipo: 41, folio: 1234, fecha: '2026-11-27', codigo: 3, razon: 'Corrige monto' },
    sinValidez: true,
  })
  expect(nota).toContain('NOTA DE CRÉDITO ELECTRÓNICA')
  expect(nota).toContain('Boleta exenta electrónica N° 1234 del 27 de noviembre de 2026: Corrige monto (código 3)')
  expect(nota.at(-1)).toBe('SIN VALIDEZ TRIBUTARIA')
})

test('the receiver by RUT, or the generic receiver with a foreign document', () => {
  expect(identificacionReceptor({ rut: '66666666-6', documentoExtranjero: 'PASAPORTE P1' })).toEqual([
    'R.U.T.: 66.666.666-6',
    'Documento: PASAPORTE P1',
  ])
  expect(identificacionReceptor({ rut: '16789432-1', documentoExtranjero: null })).toEqual(['R.U.T.: 16.789.432-1'])
  expect(
    textoReferencia({ tipo: 34, folio: 9, fecha: '2026-01-02', codigo: 1, razon: 'Anula documento de referencia' }),
  ).toBe('Factura no afecta o exenta electrónica N° 9 del 2 de enero de 2026: Anula documento de referencia (código 1)')
})

test('a nota de crédito needs a reference; the other types do not', () => {
  expect(faltaReferencia({ tipo: 61, referencia: null })).toBe(true)
  expect(
    faltaReferencia({
      tipo: 61,
      referencia: { tipo: 41, folio: 1, fecha: '2026-01-01', codigo: 1, razon: 'Anula documento de referencia' },
    }),
  ).toBe(false)
  expect(faltaReferencia({ tipo: 41, referencia: null })).toBe(false)
})
