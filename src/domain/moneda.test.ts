import { expect, test } from 'vitest'
import { formatearClp } from './moneda.ts'

test('CLP amounts read as Chile writes them: sign first, dots between thousands, no decimals', () => {
  expect(formatearClp(1_250_000)).toBe('$1.250.000')
  expect(formatearClp(85_000)).toBe('$85.000')
  expect(formatearClp(999)).toBe('$999')
  expect(formatearClp(1000)).toBe('$1.000')
  expect(formatearClp(0)).toBe('$0')
  expect(formatearClp(12_345_678_901)).toBe('$12.345.678.901')
  expect(formatearClp(-5000)).toBe('-$5.000')
  expect(formatearClp(1999.6)).toBe('$2.000')
})
