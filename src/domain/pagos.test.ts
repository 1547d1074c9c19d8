import * as v from 'valibot'
import { expect, test } from 'vitest'
import {
  crearPagoSchema,
  estadoConReembolsos,
  ESTADOS_PAGO_CON_REEMBOLSOS,
  estadoCuota,
  fueCobrado,
  leerReferenciaCuota,
  MENSAJE_CONCEPTO_PAGO,
  MENSAJE_REFERENCIA_PAGO,
  referenciaCuota,
  saldoDePago,
  sePuedePagar,
} from './pagos.ts'

test('an installment is paid once a payment applied, overdue only after its due date, pending before', () => {
  expect(estadoCuota({ pagada: true, vencimiento: '2020-01-01' }, '2026-05-10')).toBe('pagada')
  expect(estadoCuota({ pagada: false, vencimiento: '2026-05-09' }, '2026-05-10')).toBe('vencida')
  expect(estadoCuota({ pagada: false, vencimiento: '2026-05-10' }, '2026-05-10')).toBe('pendiente')
  expect(estadoCuota({ pagada: false, vencimiento: '2026-06-10' }, '2026-05-10')).toBe('pendiente')
  expect(sePuedePagar('pagada')).toBe(false)
  expect(sePuedePagar('vencida')).toBe(true)
  expect(sePuedePagar('pendiente')).toBe(true)
})

test('an installment reference carries its enrolment and number, and nothing else reads as one', () => {
  expect(referenciaCuota('INS-26-40018', 2)).toBe('INS-26-40018/2')
  expect(leerReferenciaCuota('INS-26-40018/2')).toEqual({ codigoInscripcion: 'INS-26-40018', numero: 2 })
  for (const mala of ['INS-26-40018', 'INS-26-40018/0', 'INS-26-40018/-1', '/2', 'a/b/2', 'INS/2x', 'INS/1000'])
    expect(leerReferenciaCuota(mala), mala).toBeNull()
})

test('a payment request names a known concept and a reference, with Spanish messages otherwise', () => {
  expect(v.parse(crearPagoSchema, { concepto: 'cuota', referencia: ' INS-1/1 ' })).toEqual({
    concepto: 'cuota',
    referencia: 'INS-1/1',
  })
  const malo = v.safeParse(crearPagoSchema, { concepto: 'regalo', referencia: '' })
  expect(malo.success).toBe(false)
  expect(malo.issues?.map((i) => i.message)).toEqual([MENSAJE_CONCEPTO_PAGO, MENSAJE_REFERENCIA_PAGO])
})

test('what a payment took, gave back and keeps: only a payment that took money has them', () => {
  expect(saldoDePago('aprobado', 1_250_000, 0)).toEqual({ pagado: 1_250_000, reembolsado: 0, queda: 1_250_000 })
  expect(saldoDePago('aprobado', 1_250_000, 250_000)).toEqual({
    pagado: 1_250_000,
    reembolsado: 250_000,
    queda: 1_000_000,
  })
  expect(saldoDePago('reembolsado', 150_000, 150_000)).toEqual({ pagado: 150_000, reembolsado: 150_000, queda: 0 })
  expect(saldoDePago('duplicado', 90_000, 0)).toEqual({ pagado: 90_000, reembolsado: 0, queda: 90_000 })
  for (const estado of ['pendiente', 'confirmando', 'rechazado', 'anulado', 'tiempo-agotado'] as const) {
    expect(fueCobrado(estado), estado).toBe(false)
    expect(saldoDePago(estado, 450_000, 0), estado).toBeNull()
  }
})

test('an approved payment partly given back reads «reembolsado en parte», wholly given back «reembolsado»', () => {
  expect(estadoConReembolsos('aprobado', 1_250_000, 0)).toBe('aprobado')
  expect(estadoConReembolsos('aprobado', 1_250_000, 250_000)).toBe('reembolsado-en-parte')
  expect(estadoConReembolsos('aprobado', 1_250_000, 1_250_000)).toBe('reembolsado')
  expect(estadoConReembolsos('reembolsado', 1_250_000, 1_250_000)).toBe('reembolsado')
  expect(estadoConReembolsos('rechazado', 1_250_000, 0)).toBe('rechazado')
  expect(ESTADOS_PAGO_CON_REEMBOLSOS).toContain('reembolsado-en-parte')
})
