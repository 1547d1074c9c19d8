import * as v from 'valibot'
import { expect, test } from 'vitest'
import { erroresPorCampo } from './errores-por-campo.ts'
import {
  decisionDocumentosSchema,
  filtrosColaSchema,
  MAX_DETALLE_MOTIVO,
  MAX_DOCUMENTOS_DECISION,
  MENSAJE_DEMASIADOS_DOCUMENTOS,
  MENSAJE_DETALLE_LARGO,
  MENSAJE_DETALLE_OBLIGATORIO,
  MENSAJE_DOCUMENTO_NO_VALIDO,
  MENSAJE_MOTIVO_OBLIGATORIO,
  MENSAJE_SIN_DOCUMENTOS,
  mensajeYaDecidido,
  nombreTipoDocumento,
  OPCIONES_MOTIVO,
  textoMotivoRechazo,
} from './revision-documentos.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from './validacion.ts'

function errores(cuerpo: unknown) {
  const r = v.safeParse(decisionDocumentosSchema, cuerpo)
  return r.success ? {} : erroresPorCampo(r.issues)
}

test('the common reasons include those of the admissions office, then one written in full', () => {
  expect(OPCIONES_MOTIVO.slice(0, 3)).toEqual([
    'Documento ilegible',
    'Documento vencido',
    'No corresponde al documento solicitado',
  ])
  expect(OPCIONES_MOTIVO.at(-1)).toBe('Otro motivo')
})

test('the reason stored: the common one, with its detail when given; the detail alone with «Otro motivo»', () => {
  expect(textoMotivoRechazo('Documento ilegible', '')).toBe('Documento ilegible')
  expect(textoMotivoRechazo('Documento vencido', ' Tiene más de 90 días. ')).toBe(
    'Documento vencido. Tiene más de 90 días.',
  )
  expect(textoMotivoRechazo('Otro motivo', 'Falta la traducción oficial.')).toBe('Falta la traducción oficial.')
})

test('an approval needs only the documents; a rejection needs a reason from the list', () => {
  expect(errores({ decision: 'aprobar', documentos: ['a', 'b'] })).toEqual({})
  expect(errores({ decision: 'rechazar', documentos: ['a'], motivo: 'Documento ilegible' })).toEqual({})
  expect(errores({ decision: 'rechazar', documentos: ['a'] })).toEqual({ motivo: MENSAJE_MOTIVO_OBLIGATORIO })
  expect(errores({ decision: 'rechazar', documentos: ['a'], motivo: 'Porque sí' })).toEqual({
    motivo: MENSAJE_MOTIVO_OBLIGATORIO,
  })
})

test('«Otro motivo» needs its text; the text is bounded and has nothing invisible', () => {
  const base = { decision: 'rechazar', documentos: ['a'], motivo: 'Otro motivo' }
  expect(errores(base)).toEqual({ detalle: MENSAJE_DETALLE_OBLIGATORIO })
  expect(errores({ ...base, detalle: '   ' })).toEqual({ detalle: MENSAJE_DETALLE_OBLIGATORIO })
  expect(errores({ ...base, detalle: 'x'.repeat(MAX_DETALLE_MOTIVO) })).toEqual({})
  expect(errores({ ...base, detalle: 'x'.repeat(MAX_DETALLE_MOTIVO + 1) })).toEqual({ detalle: MENSAJE_DETALLE_LARGO })
  expect(errores({ ...base, detalle: 'texto\u200bescondido' })).toEqual({ detalle: MENSAJE_CARACTERES_INVISIBLES })
  const salida = v.parse(decisionDocumentosSchema, { ...base, detalle: '  Falta la traducción.  ' })
  expect(salida.detalle).toBe('Falta la traducción.')
})

test('the documents decided: at least one, at most the limit, each once', () => {
  expect(errores({ decision: 'aprobar', documentos: [] })).toEqual({ documentos: MENSAJE_SIN_DOCUMENTOS })
  expect(errores({ decision: 'aprobar' })).toEqual({ documentos: MENSAJE_SIN_DOCUMENTOS })
  const muchos = Array.from({ length: MAX_DOCUMENTOS_DECISION + 1 }, (_, i) => `d${i}`)
  expect(errores({ decision: 'aprobar', documentos: muchos })).toEqual({ documentos: MENSAJE_DEMASIADOS_DOCUMENTOS })
  expect(errores({ decision: 'aprobar', documentos: ['a', 'a'] })).toEqual({ documentos: MENSAJE_DOCUMENTO_NO_VALIDO })
  expect(errores({ decision: 'aprobar', documentos: [''] })).toEqual({ 'documentos.0': MENSAJE_DOCUMENTO_NO_VALIDO })
})

test('the queue’s filters default to nothing and refuse what the queue does not know', () => {
  expect(v.parse(filtrosColaSchema, {})).toEqual({})
  expect(v.parse(filtrosColaSchema, { estado: 'rechazado', pagina: '3', orden: '-subidoEn' })).toEqual({
    estado: 'rechazado',
    pagina: 3,
    orden: '-subidoEn',
  })
  for (const malo of [{ estado: 'borrado' }, { pagina: '0' }, { pagina: '1.5' }, { orden: 'rut' }])
    expect(v.safeParse(filtrosColaSchema, malo).success, JSON.stringify(malo)).toBe(false)
})

test('a lost race names who decided, what, and that nothing of this decision was kept', () => {
  expect(
    mensajeYaDecidido('Carta de Intención', 'Rodrigo Fuentes Lagos', 'rechazado', 'Documento vencido', false),
  ).toBe(
    '«Carta de Intención» ya fue revisado por Rodrigo Fuentes Lagos: Rechazado: Documento vencido. No se guardó su decisión.',
  )
  expect(mensajeYaDecidido('Seguro de Salud', null, 'aprobado', null, true)).toBe(
    '«Seguro de Salud» ya fue revisado: Aprobado. No se guardó su decisión sobre ninguno de los documentos seleccionados.',
  )
})

test('every document type has its name; an unknown code reads plainly', () => {
  expect(nombreTipoDocumento('20')).toBe('Certificado de Licenciatura o Título')
  expect(nombreTipoDocumento('42')).toBe('Certificado de Inmunización Hepatitis B')
  expect(nombreTipoDocumento('99')).toBe('Documento 99')
})
