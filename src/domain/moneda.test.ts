import { expect, test } from 'vitest'
import { formatearClp } from './moneda.ts'

test('CLP amounts group thousands with dots and carry no decimals', () => {
  expect(formatearClp(1250000)).toBe('$1.250.000')
  expect(formatearClp(990)).toBe('$990')
  expect(formatearClp(1000)).toBe('$1.000')
  expect(formatearClp(0)).toBe('$0')
  expect(formatearClp(-45000)).toBe('-$45.000')
})
