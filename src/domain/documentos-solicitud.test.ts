import { expect, test } from 'vitest'
import { documentosRequeridosDeSolicitud, esDocumentoDeSolicitud, nombreArchivoSolicitud, TIPOS_DOCUMENTO_SOLICITUD } from './documentos-solicitud.ts'

test('each program group requires its own set of documents', () => {
  const codigos = (grupo: string) => documentosRequeridosDeSolicitud(grupo, 'Diplomado').map((d) => d.documento)
  expect(codigos('86')).toEqual([
    'Certificado de Especialista',
    'Certificado de Inmunización Hepatitis B',
    'Seguro de Salud',
    'Certificado RNPI',
    'Certificado EUNACOM',
    'Seguro de Responsabilidad Civil',
  ])
  expect(codigos('1')).toContain('Carta de Intención')
  expect(codigos('85')).toContain('Certificado de Notas')
  expect(new Set([codigos('1'), codigos('5'), codigos('85'), codigos('86')].map((l) => l.join())).size).toBe(4)
})

test('Derivada and Primaria enrolments ask for no documents', () => {
  expect(documentosRequeridosDeSolicitud('1', 'Derivada')).toEqual([])
  expect(documentosRequeridosDeSolicitud('5', 'Primaria')).toEqual([])
})

test('only a document the enrolment requires can be uploaded to it', () => {
  expect(esDocumentoDeSolicitud('86', 'Estadía Clínica', '45')).toBe(true)
  expect(esDocumentoDeSolicitud('5', 'Curso', '45')).toBe(false)
})

test('the document types cover the whole list, the hepatitis B one with its three doses', () => {
  expect(TIPOS_DOCUMENTO_SOLICITUD).toHaveLength(13)
  expect(TIPOS_DOCUMENTO_SOLICITUD.find((t) => t.codDocumento === '42')?.info).toContain('tres dosis')
})

test("uploads are named 'Pro-' plus the enrolment code", () => {
  expect(nombreArchivoSolicitud('INS-25-30145', 'eunacom.pdf')).toBe('Pro-INS-25-30145-eunacom.pdf')
})
