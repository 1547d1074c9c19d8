import { expect, test } from 'vitest'
import {
  CODIGO_REFERENCIA,
  debeIdentificarPagador,
  ETIQUETA_ESTADO_DOCUMENTO_TRIBUTARIO,
  identificacionReceptor,
  nombreTipoDte,
  notaDeCreditoPara,
  type PagadorAlumno,
  type PagadorEmpresa,
  receptorDe,
  receptorIdentificado,
  RUT_RECEPTOR_GENERICO,
  TIPOS_DTE,
  tipoParaPagador,
  tituloDocumentoTributario,
  UF_IDENTIFICA_PAGADOR,
} from './documento-tributario.ts'

const alumno: PagadorAlumno = {
  clase: 'alumno',
  nombre: 'Camila Rojas Soto',
  rut: '16543210-5',
  documento: null,
  direccion: 'Los Leones 123',
  comuna: 'Providencia',
  email: 'camila@example.cl',
}
const extranjero: PagadorAlumno = {
  ...alumno,
  nombre: 'Lucía Pérez',
  rut: '0-0',
  documento: { tipo: 'PASAPORTE', numero: 'AB123456' },
}
const empresa: PagadorEmpresa = {
  clase: 'empresa',
  rut: '76123456-0',
  razonSocial: 'Clínica Los Andes SpA',
  giro: 'Servicios de salud',
  direccion: 'Av. Apoquindo 4000',
  comuna: 'Las Condes',
  ciudad: 'Santiago',
  email: null,
}

test('the types and their names are data, with the rule they rest on', () => {
  expect(nombreTipoDte(41)).toBe('Boleta exenta electrónica')
  expect(nombreTipoDte(34)).toBe('Factura no afecta o exenta electrónica')
  expect(nombreTipoDte(61)).toBe('Nota de crédito electrónica')
  expect(TIPOS_DTE[41].fuente).toContain('DL 825 art. 13 N°4')
  expect(TIPOS_DTE[34].fuente).toContain('DL 825 art. 13 N°4')
})

test('a student paying gets a boleta exenta; a company with RUT and giro, a factura exenta', () => {
  expect(tipoParaPagador(alumno)).toBe(41)
  expect(tipoParaPagador(extranjero)).toBe(41)
  expect(tipoParaPagador(empresa)).toBe(34)
  // Without a giro a factura cannot be issued: the payment still gets its boleta.
  expect(tipoParaPagador({ ...empresa, giro: ' ' })).toBe(41)
  expect(tipoParaPagador({ ...empresa, rut: '' })).toBe(41)
})

test('a refund of the whole amount cancels the original (code 1); part of it corrects the amount (code 3)', () => {
  expect(notaDeCreditoPara({ tipo: 41, monto: 150_000 }, 150_000)).toEqual({
    tipo: 61,
    codigoReferencia: CODIGO_REFERENCIA.anula,
    razon: 'Anula documento de referencia',
  })
  expect(notaDeCreditoPara({ tipo: 34, monto: 150_000 }, 50_000)).toEqual({
    tipo: 61,
    codigoReferencia: 3,
    razon: 'Corrige monto',
  })
})

test('over 135 UF the payer is identified; at or under it, not required', () => {
  const uf = 39_000
  expect(UF_IDENTIFICA_PAGADOR).toBe(135)
  expect(debeIdentificarPagador(135 * uf, uf)).toBe(false)
  expect(debeIdentificarPagador(135 * uf + 1, uf)).toBe(true)
  expect(debeIdentificarPagador(100_000, uf)).toBe(false)
  // An unknown UF value never lets a large payment go unidentified.
  expect(debeIdentificarPagador(100_000, 0)).toBe(true)
  expect(debeIdentificarPagador(100_000, Number.NaN)).toBe(true)
})

test('the receiver: the company in full, the student by RUT, a foreigner by passport beside the generic RUT', () => {
  expect(receptorDe(empresa)).toMatchObject({ rut: '76123456-0', razonSocial: 'Clínica Los Andes SpA', giro: 'Servicios de salud' })
  const r = receptorDe(alumno)
  expect(r).toMatchObject({ rut: '16543210-5', razonSocial: 'Camila Rojas Soto', giro: null, documentoExtranjero: null })
  expect(identificacionReceptor(r)).toBe('16.543.210-5')
  const e = receptorDe(extranjero)
  expect(e.rut).toBe(RUT_RECEPTOR_GENERICO)
  expect(e.documentoExtranjero).toBe('PASAPORTE AB123456')
  expect(receptorIdentificado(e)).toBe(true)
  expect(identificacionReceptor(e)).toBe('PASAPORTE AB123456')
  expect(receptorIdentificado(receptorDe({ ...extranjero, documento: null }))).toBe(false)
})

test('states read in words; a pending document is "En proceso"', () => {
  expect(ETIQUETA_ESTADO_DOCUMENTO_TRIBUTARIO).toEqual({ pendiente: 'En proceso', emitido: 'Emitido', error: 'Error' })
  expect(tituloDocumentoTributario({ tipo: 41, folio: 1234, estado: 'emitido' })).toBe('Boleta exenta electrónica N° 1234')
  expect(tituloDocumentoTributario({ tipo: 61, folio: null, estado: 'pendiente' })).toBe(
    'Nota de crédito electrónica (en proceso)',
  )
})
