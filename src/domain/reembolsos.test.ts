import * as v from 'valibot'
import { expect, test } from 'vitest'
import { erroresPorCampo } from './errores-por-campo.ts'
import {
  formularioReembolsoSchema,
  leerMonto,
  MENSAJE_MONTO_REEMBOLSO,
  MENSAJE_MOTIVO_REEMBOLSO,
  mensajeMontoExcede,
  montoReembolsable,
  reembolsoEnPalabras,
  reembolsoSchema,
  tipoReembolsoEnFrase,
} from './reembolsos.ts'

const errores = (schema: v.GenericSchema, valor: unknown) => {
  const r = v.safeParse(schema, valor)
  return r.success ? {} : erroresPorCampo(r.issues)
}

test('an amount as staff type it: digits, with dots between thousands and a $ or not; anything else is not one', () => {
  expect(leerMonto('150000')).toBe(150_000)
  expect(leerMonto('150.000')).toBe(150_000)
  expect(leerMonto(' $ 1.250.000 ')).toBe(1_250_000)
  for (const texto of ['', '12,5', '1.5', '15.00', 'mil', '-100', '1.2345']) expect(leerMonto(texto), texto).toBeNull()
})

test('a refund is a positive whole amount no larger than what remains, with a reason', () => {
  const schema = reembolsoSchema(200_000)
  expect(v.parse(schema, { monto: 200_000, motivo: '  Retiro  ' })).toEqual({ monto: 200_000, motivo: 'Retiro' })
  for (const monto of [0, -1, 1.5, '100', Number.NaN])
    expect(errores(schema, { monto, motivo: 'x' }).monto, String(monto)).toBe(MENSAJE_MONTO_REEMBOLSO)
  expect(errores(schema, { monto: 200_001, motivo: 'x' }).monto).toBe(mensajeMontoExcede(200_000))
  expect(mensajeMontoExcede(200_000)).toBe(
    'El monto no puede superar lo que queda por reembolsar de este pago ($200.000).',
  )
  expect(errores(schema, { monto: 1, motivo: '   ' }).motivo).toBe(MENSAJE_MOTIVO_REEMBOLSO)
  expect(errores(schema, { monto: 1, motivo: 'x'.repeat(501) }).motivo).toBe(MENSAJE_MOTIVO_REEMBOLSO)
})

test("the dialog's fields read the typed amount by the same rules", () => {
  const schema = formularioReembolsoSchema(450_000)
  expect(v.parse(schema, { monto: '450.000', motivo: 'Retiro' })).toEqual({ monto: 450_000, motivo: 'Retiro' })
  expect(errores(schema, { monto: 'mucho', motivo: 'Retiro' }).monto).toBe(MENSAJE_MONTO_REEMBOLSO)
  expect(errores(schema, { monto: '450.001', motivo: 'Retiro' }).monto).toBe(mensajeMontoExcede(450_000))
})

test('what remains refundable counts the refunds applied and in course, not the refused ones', () => {
  expect(
    montoReembolsable(300_000, [
      { monto: 100_000, estado: 'aplicado' },
      { monto: 50_000, estado: 'en-curso' },
      { monto: 150_000, estado: 'rechazado' },
    ]),
  ).toBe(150_000)
  expect(montoReembolsable(100, [{ monto: 100, estado: 'aplicado' }])).toBe(0)
})

test('a refund’s outcome reads in plain Spanish, never in the gateway’s codes', () => {
  expect(reembolsoEnPalabras({ estado: 'aplicado', tipo: 'NULLIFIED', detalle: null })).toBe(
    'Reembolso aplicado (devuelto a la tarjeta)',
  )
  expect(reembolsoEnPalabras({ estado: 'aplicado', tipo: 'REVERSED', detalle: null })).toBe(
    'Reembolso aplicado (cargo anulado el mismo día)',
  )
  expect(reembolsoEnPalabras({ estado: 'aplicado', tipo: null, detalle: null })).toBe('Reembolso aplicado')
  expect(
    reembolsoEnPalabras({ estado: 'rechazado', tipo: null, detalle: 'Amount to nullify exceeds the balance' }),
  ).toBe('Rechazado por la pasarela: Amount to nullify exceeds the balance')
  expect(reembolsoEnPalabras({ estado: 'en-curso', tipo: null, detalle: null })).toBe('En curso en la pasarela')
  expect(tipoReembolsoEnFrase('UNKNOWN')).toBeNull()
})
