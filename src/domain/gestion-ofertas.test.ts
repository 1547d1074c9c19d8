import * as v from 'valibot'
import { expect, test } from 'vitest'
import { MENSAJE_EMAIL_INVALIDO } from './email.ts'
import { erroresPorCampo } from './errores-por-campo.ts'
import {
  estadoOferta,
  MENSAJE_CARGO,
  MENSAJE_VIGENCIA_OFERTA,
  mosaicoOfertasSchema,
  ofertaSchema,
} from './gestion-ofertas.ts'

const oferta = {
  institucion: 'Hospital de Prueba',
  cargo: ' Médico(a) de urgencia ',
  ciudad: 'Temuco',
  descripcion: 'Turnos de 24 horas.\nContrato indefinido.',
  publicadaEl: '2026-03-01',
  cierraEl: '2026-03-31',
  contactoNombre: 'Oficina de Personal',
  contactoEmail: 'Personal@Hospital.cl',
}

function errores(datos: Record<string, unknown>) {
  const r = v.safeParse(ofertaSchema, datos)
  return r.success ? {} : erroresPorCampo(r.issues)
}

test('an offer: trimmed texts, its e-mail in lower case', () => {
  expect(v.parse(ofertaSchema, oferta)).toMatchObject({
    cargo: 'Médico(a) de urgencia',
    contactoEmail: 'personal@hospital.cl',
  })
})

test('an offer closes on or after the day it is published; its contact e-mail must be one; its texts are required', () => {
  expect(errores({ ...oferta, cierraEl: '2026-02-28' })).toEqual({ cierraEl: MENSAJE_VIGENCIA_OFERTA })
  expect(errores({ ...oferta, cierraEl: '2026-03-01' })).toEqual({})
  expect(errores({ ...oferta, contactoEmail: 'personal.hospital.cl' })).toEqual({
    contactoEmail: MENSAJE_EMAIL_INVALIDO,
  })
  expect(errores({ ...oferta, cargo: '  ' })).toEqual({ cargo: MENSAJE_CARGO })
  expect(Object.keys(errores({ ...oferta, publicadaEl: '01-03-2026' }))).toEqual(['publicadaEl'])
})

test('where an offer stands: scheduled, listed, past its last day, or closed by the school', () => {
  const o = { publicadaEl: '2026-03-01', cierraEl: '2026-03-31', cerradaEn: null }
  expect(estadoOferta(o, '2026-02-28')).toBe('programada')
  expect(estadoOferta(o, '2026-03-01')).toBe('vigente')
  expect(estadoOferta(o, '2026-03-31')).toBe('vigente')
  expect(estadoOferta(o, '2026-04-01')).toBe('vencida')
  expect(estadoOferta({ ...o, cerradaEn: '2026-03-10T12:00:00.000Z' }, '2026-03-15')).toBe('cerrada')
})

test('the home tile’s setting is a yes or no', () => {
  expect(v.parse(mosaicoOfertasSchema, { visible: true })).toEqual({ visible: true })
  expect(v.safeParse(mosaicoOfertasSchema, { visible: '1' }).success).toBe(false)
})
