import { expect, test } from 'vitest'
import {
  fechaDeRevocacion,
  aPeticionDe,
  AVISO_NO_TRIBUTARIO,
  fraseDocumentoValido,
  TIPOS_DOCUMENTO_EMITIDO,
  mensajeDocumentoRevocado,
  tituloDocumentoValido,
  type DocumentoVerificado,
} from './documentos-emitidos.ts'
import { fechaLarga } from './fechas.ts'

const base: DocumentoVerificado = {
  codigo: 'ABC',
  codTipoDocumento: '35',
  tipo: 'Certificado Programa',
  titular: 'Camila Andrea Rojas Soto',
  programa: 'Estadía Clínica en Cardiología',
  fechaEmision: '2025-01-17',
  revocadoEn: null,
}

test('each kind of document says what it certifies, in its own words', () => {
  expect(fraseDocumentoValido(base, fechaLarga)).toBe(
    'Certificado Programa válido: certifica que Camila Andrea Rojas Soto aprobó el programa Estadía Clínica en Cardiología. Emitido por la escuela el 17 de enero de 2025.',
  )
  expect(fraseDocumentoValido({ ...base, codTipoDocumento: '6', tipo: 'Reglamento Firmado' }, fechaLarga)).toContain(
    'Reglamento Firmado válido: Camila Andrea Rojas Soto aceptó con firma electrónica el reglamento',
  )
  expect(
    fraseDocumentoValido({ ...base, codTipoDocumento: '30', tipo: TIPOS_DOCUMENTO_EMITIDO['30'] }, fechaLarga),
  ).toBe(
    'Comprobante de Pago del Programa válido: pago del programa Estadía Clínica en Cardiología de Camila Andrea Rojas Soto. Emitido por la escuela el 17 de enero de 2025.',
  )
  expect(fraseDocumentoValido({ ...base, codTipoDocumento: '31', tipo: 'Comprobante de Pago' }, fechaLarga)).toMatch(
    /^Comprobante de Pago válido: pago de Camila/,
  )
})

test('a revoked document says so with its date, agreeing with its kind', () => {
  expect(mensajeDocumentoRevocado({ ...base, revocadoEn: '2026-03-02' }, fechaLarga)).toBe(
    'Certificado Programa revocado por la escuela el 2 de marzo de 2026: ya no es válido.',
  )
  expect(
    mensajeDocumentoRevocado(
      { ...base, codTipoDocumento: '30', tipo: 'Comprobante de Pago del Programa', revocadoEn: '2026-03-02' },
      fechaLarga,
    ),
  ).toBe('Comprobante de Pago del Programa revocado por la escuela el 2 de marzo de 2026: ya no es válido.')
  expect(tituloDocumentoValido({ codTipoDocumento: '31', tipo: 'Comprobante de Pago' })).toBe(
    'Comprobante de Pago válido',
  )
})

test('a revocation is told as its date in Chile; a bare date stays as it is', () => {
  // 01:30 UTC on 3 March is still 2 March in Santiago.
  expect(fechaDeRevocacion('2026-03-03T01:30:00.000Z')).toBe('2026-03-02')
  expect(fechaDeRevocacion('2026-03-02')).toBe('2026-03-02')
})

test('a document refers to its holder in agreement with the registered sex, and with no gender otherwise', () => {
  expect(aPeticionDe('Femenino')).toBe('de la interesada')
  expect(aPeticionDe('Masculino')).toBe('del interesado')
  expect(aPeticionDe('No Binario')).toBe('de la persona interesada')
  expect(aPeticionDe(null)).toBe('de la persona interesada')
})

test('no document the portal draws itself is named as a tax document', () => {
  for (const nombre of Object.values(TIPOS_DOCUMENTO_EMITIDO)) expect(nombre).not.toMatch(/factura|boleta/i)
  expect(AVISO_NO_TRIBUTARIO).toBe('Este comprobante no es un documento tributario.')
})
