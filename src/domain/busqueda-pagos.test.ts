import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  consultaConciliacionSchema,
  consultaPagosSchema,
  diasEnRango,
  filtrosPagosEnDireccion,
  leerFiltrosPagos,
  leerRangoConciliacion,
  MAX_DIAS_CONCILIACION,
  MENSAJE_DESDE_CONCILIACION,
  MENSAJE_RANGO_CONCILIACION,
  MENSAJE_RANGO_PAGOS,
} from './busqueda-pagos.ts'
import { MENSAJE_BUSQUEDA_LARGA } from './busqueda-alumnos.ts'
import { erroresPorCampo } from './errores-por-campo.ts'
import { MENSAJE_APP_NAME, MENSAJE_ID_PAGO_FLUJO, pagoPresencialSchema } from './pago-presencial.ts'

const errores = (schema: v.GenericSchema, entrada: unknown) => {
  const r = v.safeParse(schema, entrada)
  return r.success ? {} : erroresPorCampo(r.issues)
}

describe('the payments list’s query', () => {
  test('empty means all, the first page', () => {
    expect(v.parse(consultaPagosSchema, {})).toEqual({
      q: '',
      estado: '',
      concepto: '',
      programa: '',
      desde: '',
      hasta: '',
      pagina: 1,
    })
  })
  test('unknown states, concepts, impossible days and an inverted range are refused', () => {
    expect(v.safeParse(consultaPagosSchema, { estado: 'pagado' }).success).toBe(false)
    expect(v.safeParse(consultaPagosSchema, { concepto: 'matricula' }).success).toBe(false)
    expect(v.safeParse(consultaPagosSchema, { desde: '2026-02-30' }).success).toBe(false)
    expect(errores(consultaPagosSchema, { desde: '2026-03-10', hasta: '2026-03-01' })).toEqual({
      hasta: MENSAJE_RANGO_PAGOS,
    })
  })
  test('the address keeps only what differs from the defaults, and reads back what it wrote', () => {
    const filtros = leerFiltrosPagos({
      q: ' 16.789.432-1 ',
      estado: 'reembolsado-en-parte',
      programa: 'DCPD',
      pagina: '3',
      desde: 'ayer',
    })
    expect(filtros).toEqual({
      q: '16.789.432-1',
      estado: 'reembolsado-en-parte',
      concepto: '',
      programa: 'DCPD',
      desde: '',
      hasta: '',
      pagina: 3,
    })
    expect(filtrosPagosEnDireccion(filtros)).toEqual({
      q: '16.789.432-1',
      estado: 'reembolsado-en-parte',
      concepto: undefined,
      programa: 'DCPD',
      desde: undefined,
      hasta: undefined,
      pagina: '3',
    })
    expect(leerFiltrosPagos({ estado: 'cualquiera', pagina: '-1' })).toMatchObject({ estado: '', pagina: 1 })
  })
  test('the search is trimmed and at most 100 characters; the partly refunded state is a filter like the others', () => {
    expect(v.parse(consultaPagosSchema, { q: '  Rojas Soto ', estado: 'reembolsado-en-parte' })).toMatchObject({
      q: 'Rojas Soto',
      estado: 'reembolsado-en-parte',
    })
    expect(errores(consultaPagosSchema, { q: 'x'.repeat(101) })).toEqual({ q: MENSAJE_BUSQUEDA_LARGA })
  })
})

describe('the reconciliation’s days', () => {
  test('both days are required, in order, at most a quarter', () => {
    expect(errores(consultaConciliacionSchema, { hasta: '2026-03-01' })).toMatchObject({
      desde: MENSAJE_DESDE_CONCILIACION,
    })
    expect(diasEnRango('2026-03-01', '2026-03-01')).toBe(1)
    const ultimo = '2026-01-01'
    const limite = new Date(Date.parse(`${ultimo}T00:00:00Z`) + (MAX_DIAS_CONCILIACION - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10)
    expect(v.safeParse(consultaConciliacionSchema, { desde: ultimo, hasta: limite }).success).toBe(true)
    const pasado = new Date(Date.parse(`${limite}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    expect(errores(consultaConciliacionSchema, { desde: ultimo, hasta: pasado })).toEqual({
      hasta: MENSAJE_RANGO_CONCILIACION,
    })
  })
  test('the screen’s default is the last seven days; what cannot be read falls back to it', () => {
    expect(leerRangoConciliacion({}, '2026-03-10')).toEqual({ desde: '2026-03-04', hasta: '2026-03-10' })
    expect(leerRangoConciliacion({ desde: '2026-03-09', hasta: '2026-03-01' }, '2026-03-10')).toEqual({
      desde: '2026-03-04',
      hasta: '2026-03-10',
    })
    expect(leerRangoConciliacion({ desde: '2026-02-01', hasta: '2026-02-28' }, '2026-03-10')).toEqual({
      desde: '2026-02-01',
      hasta: '2026-02-28',
    })
  })
})

describe('a payment made in person', () => {
  test('every field of the physical record is required, trimmed, at most 60 characters', () => {
    expect(
      v.parse(pagoPresencialSchema, { idPagoFlujo: ' FL-1 ', codPagoFlujo: 'PF', codFilaWpay: 'WP', appName: 'Caja' }),
    ).toEqual({ idPagoFlujo: 'FL-1', codPagoFlujo: 'PF', codFilaWpay: 'WP', appName: 'Caja' })
    expect(
      errores(pagoPresencialSchema, {
        idPagoFlujo: '  ',
        codPagoFlujo: 'PF',
        codFilaWpay: 'WP',
        appName: 'x'.repeat(61),
      }),
    ).toEqual({ idPagoFlujo: MENSAJE_ID_PAGO_FLUJO, appName: MENSAJE_APP_NAME })
  })
  test('the seller is never taken from the form', () => {
    const leido = v.parse(pagoPresencialSchema, {
      idPagoFlujo: 'FL-1',
      codPagoFlujo: 'PF',
      codFilaWpay: 'WP',
      appName: 'Caja',
      mailVendedor: 'otro@ejemplo.cl',
      nombreVendedor: 'Otra persona',
    })
    expect(leido).not.toHaveProperty('mailVendedor')
    expect(leido).not.toHaveProperty('nombreVendedor')
  })
})
