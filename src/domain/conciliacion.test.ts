import { expect, test } from 'vitest'
import {
  conciliar,
  cuentaDeMovimientos,
  momentoDeMovimiento,
  montoConSigno,
  movimientoEnPalabras,
  type MovimientoContable,
} from './conciliacion.ts'

const pago = (dia: string, monto: number, medio: 'webpay' | 'presencial' = 'webpay'): MovimientoContable => ({
  tipo: 'pago',
  medio,
  dia,
  monto,
})
const reembolso = (dia: string, monto: number): MovimientoContable => ({
  tipo: 'reembolso',
  medio: 'webpay',
  dia,
  monto,
})

test('a refund counts on the day it was applied, netted against that day’s sales of its method', () => {
  const { dias, total } = conciliar(
    [
      pago('2026-03-02', 1_250_000),
      pago('2026-03-04', 450_000),
      pago('2026-03-04', 420_000, 'presencial'),
      // The first payment's refund, two days later.
      reembolso('2026-03-04', 250_000),
    ],
    '2026-03-02',
    '2026-03-04',
  )
  expect(dias.map((d) => d.fecha)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04'])
  // The day of the payment keeps what it had: a later refund does not rewrite it.
  expect(dias[0]!.webpay).toEqual({
    pagos: { cantidad: 1, monto: 1_250_000 },
    reembolsos: { cantidad: 0, monto: 0 },
    neto: 1_250_000,
  })
  expect(dias[1]!.total).toEqual({ pagos: { cantidad: 0, monto: 0 }, reembolsos: { cantidad: 0, monto: 0 }, neto: 0 })
  expect(dias[2]).toEqual({
    fecha: '2026-03-04',
    webpay: { pagos: { cantidad: 1, monto: 450_000 }, reembolsos: { cantidad: 1, monto: 250_000 }, neto: 200_000 },
    presencial: { pagos: { cantidad: 1, monto: 420_000 }, reembolsos: { cantidad: 0, monto: 0 }, neto: 420_000 },
    total: { pagos: { cantidad: 2, monto: 870_000 }, reembolsos: { cantidad: 1, monto: 250_000 }, neto: 620_000 },
  })
  expect(total.webpay.neto).toBe(1_450_000)
  expect(total.presencial.neto).toBe(420_000)
  expect(total.total).toEqual({
    pagos: { cantidad: 3, monto: 2_120_000 },
    reembolsos: { cantidad: 1, monto: 250_000 },
    neto: 1_870_000,
  })
})

test('a day with only a refund nets below zero, as the gateway deducts it from the deposit; days outside the range are left out', () => {
  const { dias, total } = conciliar(
    [reembolso('2026-03-05', 250_000), pago('2026-03-06', 99_000)],
    '2026-03-05',
    '2026-03-05',
  )
  expect(dias).toHaveLength(1)
  expect(dias[0]!.webpay.neto).toBe(-250_000)
  expect(dias[0]!.total.neto).toBe(-250_000)
  expect(total.total.pagos.cantidad).toBe(0)
})

test('a same-day reversal of a whole payment nets the day to nothing', () => {
  const { dias } = conciliar(
    [pago('2026-03-05', 150_000), reembolso('2026-03-05', 150_000)],
    '2026-03-05',
    '2026-03-05',
  )
  expect(dias[0]!.webpay).toMatchObject({ pagos: { cantidad: 1 }, reembolsos: { cantidad: 1 }, neto: 0 })
})

test('a ledger writes a refund negative', () => {
  expect(montoConSigno({ tipo: 'pago', monto: 450_000 })).toBe(450_000)
  expect(montoConSigno({ tipo: 'reembolso', monto: 250_000 })).toBe(-250_000)
})

test('a movement counts at the gateway’s moment, or the portal’s when the gateway gave none or one that cannot be read', () => {
  expect(momentoDeMovimiento('2026-03-04T02:30:00.000Z', '2026-03-04T02:31:00.000Z').toISOString()).toBe(
    '2026-03-04T02:30:00.000Z',
  )
  expect(momentoDeMovimiento(null, '2026-03-04T02:31:00.000Z').toISOString()).toBe('2026-03-04T02:31:00.000Z')
  expect(momentoDeMovimiento('ayer', '2026-03-04T02:31:00.000Z').toISOString()).toBe('2026-03-04T02:31:00.000Z')
})

test('movements and their count read in plain Spanish', () => {
  expect(movimientoEnPalabras({ tipo: 'pago', medio: 'webpay', tipoReembolso: null })).toBe('Pago en línea')
  expect(movimientoEnPalabras({ tipo: 'pago', medio: 'presencial', tipoReembolso: null })).toBe('Pago presencial')
  expect(movimientoEnPalabras({ tipo: 'reembolso', medio: 'webpay', tipoReembolso: 'NULLIFIED' })).toBe(
    'Reembolso (devuelto a la tarjeta)',
  )
  expect(movimientoEnPalabras({ tipo: 'reembolso', medio: 'webpay', tipoReembolso: 'REVERSED' })).toBe(
    'Reembolso (cargo anulado el mismo día)',
  )
  expect(movimientoEnPalabras({ tipo: 'reembolso', medio: 'webpay', tipoReembolso: null })).toBe('Reembolso')
  const suma = (cantidad: number) => ({ cantidad, monto: 0 })
  expect(cuentaDeMovimientos({ pagos: suma(1), reembolsos: suma(0) })).toBe('1 pago aprobado')
  expect(cuentaDeMovimientos({ pagos: suma(3), reembolsos: suma(1) })).toBe('3 pagos aprobados y 1 reembolso')
  expect(cuentaDeMovimientos({ pagos: suma(0), reembolsos: suma(2) })).toBe('0 pagos aprobados y 2 reembolsos')
})
