import { expect, test } from 'vitest'
import { edadEnAnios, esMayorDeEdad } from './edad.ts'

test('18 is reached once 18 years of 365.25 days have passed', () => {
  // 2000-01-01 to 2018-01-01 is 6575 days (five leap days): 6575 / 365.25 = 18.001.
  expect(edadEnAnios('2000-01-01', new Date(2018, 0, 1))).toBe(18)
  expect(edadEnAnios('2000-01-01', new Date(2017, 11, 31))).toBe(17)
  expect(esMayorDeEdad('2000-01-01', new Date(2018, 0, 1))).toBe(true)
  expect(esMayorDeEdad('2000-01-01', new Date(2017, 11, 31))).toBe(false)
})

test('365.25-day years differ from the calendar birthday when fewer leap days fall in between', () => {
  // 2001-01-01 to 2019-01-01 is 6574 days (four leap days): 17.998 years, so 18 only one day later.
  expect(esMayorDeEdad('2001-01-01', new Date(2019, 0, 1))).toBe(false)
  expect(esMayorDeEdad('2001-01-01', new Date(2019, 0, 2))).toBe(true)
})

test('an unreadable date has no age and is not of age', () => {
  expect(Number.isNaN(edadEnAnios('no-es-fecha'))).toBe(true)
  expect(esMayorDeEdad('no-es-fecha')).toBe(false)
})
