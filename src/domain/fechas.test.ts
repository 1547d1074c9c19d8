import { expect, test } from 'vitest'
import { fechaEnChile, fechaLarga, horaEnChile } from './fechas.ts'

test('a calendar date in words', () => {
  expect(fechaLarga('2025-01-17')).toBe('17 de enero de 2025')
  expect(fechaLarga('2026-12-01T10:00:00.000Z')).toBe('1 de diciembre de 2026')
})

test("the date and time are Chile's, not the server's", () => {
  // 02:30 UTC on 1 March is still 28 February in Santiago (UTC-3 in summer).
  const momento = new Date('2026-03-01T02:30:00.000Z')
  expect(fechaEnChile(momento)).toBe('2026-02-28')
  expect(horaEnChile(momento)).toBe('23:30')
})
