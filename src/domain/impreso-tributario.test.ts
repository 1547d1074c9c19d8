import { expect, test } from 'vitest'
import {
  NOMBRE_IMPRESO_DTE,
  faltaReferencia,
  identificacionReceptor,
  pieTimbre,
  rutRecuadro,
  textoReferencia,
  textoResolucion,
  textosRequeridos,
  type DatosDocumentoTributario,
} from './impreso-tributario.ts'

const boleta: DatosDocumentoTributario = {
  tipo: 41,
  folio: 1234,
  fechaEmision: '2026-11-27',
  emisor: {
    rut: '76123456-7',
    razonSocial: 'Escuela SpA',
    giro: 'Enseñanza',
    direccion: 'Av. 1',
    comuna: 'Providencia',
  },
  receptor: { rut: '16789432-1', razonSocial: 'Camila Rojas' },
  detalle: [{ nombre: 'Cuota 1', monto: 450000 }],
  total: 450000,
  ted: '<TED/>',
  resolucion: { numero: 0, fecha: '2026-01-05' },
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
    referencias: [{ tipo: 41, folio: 1234, fecha: '2026-11-27', codigo: 3, razon: null }],
    sinValidez: true,
  })
  expect(nota).toContain('NOTA DE CRÉDITO ELECTRÓNICA')
  expect(nota).toContain('Boleta exenta electrónica N° 1234 del 27 de noviembre de 2026: Corrige montos')
  expect(nota.at(-1)).toBe('SIN VALIDEZ TRIBUTARIA')
})

test('a reference to an unknown type still names it; the receiver by passport', () => {
  expect(textoReferencia({ tipo: 52, folio: 9, fecha: '2026-01-02' })).toBe(
    'Documento tipo 52 N° 9 del 2 de enero de 2026',
  )
  expect(identificacionReceptor({ razonSocial: 'X', documento: { tipo: 'Pasaporte', numero: 'P1' } })).toBe(
    'Pasaporte: P1',
  )
  expect(identificacionReceptor({ razonSocial: 'X' })).toBeNull()
})

test('a nota de crédito needs a reference; the other types do not', () => {
  expect(faltaReferencia({ tipo: 61 })).toBe(true)
  expect(faltaReferencia({ tipo: 61, referencias: [{ tipo: 41, folio: 1, fecha: '2026-01-01' }] })).toBe(false)
  expect(faltaReferencia({ tipo: 41 })).toBe(false)
})
