import { expect, test } from 'vitest'
import { fechaEnChile, fechaLarga, horaEnChile, inicioDelDiaEnChile, semanaEnChile } from './fechas.ts'

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

test("the week is Chile's, Monday to Sunday, whatever the hour in UTC", () => {
  const semana = {
    desde: '2026-11-23',
    hasta: '2026-11-29',
    inicio: new Date('2026-11-23T03:00:00.000Z'),
    fin: new Date('2026-11-30T03:00:00.000Z'),
  }
  expect(semanaEnChile(new Date('2026-11-25T12:00:00.000Z'))).toEqual(semana)
  // Monday 00:30 and Sunday 23:59 in Santiago.
  expect(semanaEnChile(new Date('2026-11-23T03:30:00.000Z'))).toEqual(semana)
  expect(semanaEnChile(new Date('2026-11-30T02:59:00.000Z'))).toEqual(semana)
  // Sunday 23:59 of the week before, though already Monday in UTC.
  expect(semanaEnChile(new Date('2026-11-23T02:59:00.000Z')).desde).toBe('2026-11-16')
})

test('a week in which Chile moves its clock to summer time ends at the new time', () => {
  // Summer time starts on Sunday 6 September 2026: the week began at UTC-4 and ends at UTC-3.
  expect(semanaEnChile(new Date('2026-09-02T15:00:00.000Z'))).toEqual({
    desde: '2026-08-31',
    hasta: '2026-09-06',
    inicio: new Date('2026-08-31T04:00:00.000Z'),
    fin: new Date('2026-09-07T03:00:00.000Z'),
  })
})

test('a day begins at midnight in Chile, or at 01:00 on the day summer time begins', () => {
  // Summer (UTC-3) and winter (UTC-4).
  expect(inicioDelDiaEnChile('2026-03-10').toISOString()).toBe('2026-03-10T03:00:00.000Z')
  expect(inicioDelDiaEnChile('2026-07-15').toISOString()).toBe('2026-07-15T04:00:00.000Z')
  // Winter time begins on 5 April 2026: the 5th starts once, at midnight UTC-4.
  expect(inicioDelDiaEnChile('2026-04-05').toISOString()).toBe('2026-04-05T04:00:00.000Z')
  // Summer time begins on 6 September 2026: midnight does not exist, the day starts at 01:00 UTC-3.
  expect(inicioDelDiaEnChile('2026-09-06').toISOString()).toBe('2026-09-06T04:00:00.000Z')
})
