import { expect, test } from 'vitest'
import {
  BLOQUEO_PERSONAL_CUENTA,
  mensajeCuentaAlumnoBloqueada,
  mensajeCuentaPersonalBloqueada,
  mensajeDireccionBloqueada,
  minutosHasta,
} from './bloqueo-ingreso.ts'

const ahora = new Date('2026-03-01T12:00:00.000Z')

test('the time left is said in whole minutes, rounded up, never less than one', () => {
  expect(minutosHasta('2026-03-01T12:30:00.000Z', ahora)).toBe(30)
  expect(minutosHasta('2026-03-01T12:29:00.001Z', ahora)).toBe(30)
  expect(minutosHasta(new Date('2026-03-01T12:00:00.500Z'), ahora)).toBe(1)
  expect(minutosHasta('2026-03-01T11:59:00.000Z', ahora)).toBe(1)
})

test('each lock says how long it lasts and the way out: an admin for staff, a new password for students', () => {
  expect(mensajeCuentaPersonalBloqueada(30)).toBe(
    'Por seguridad, el ingreso a esta cuenta está bloqueado por demasiados intentos fallidos. Podrá intentarlo de nuevo en 30 minutos, o pida a un administrador de la escuela que desbloquee su cuenta.',
  )
  expect(mensajeDireccionBloqueada(1)).toBe(
    'Por seguridad, el ingreso al área de la escuela desde esta red está bloqueado por demasiados intentos fallidos. Podrá intentarlo de nuevo en 1 minuto.',
  )
  expect(mensajeCuentaAlumnoBloqueada(15)).toContain(
    'en 15 minutos, o crear una nueva contraseña con «¿Olvidó su contraseña?».',
  )
})

test('the staff account locks after two sign-ins of wrong codes, and a guesser gets under one success a year', () => {
  // Each password opens five codes: two whole sign-ins of wrong codes are allowed, not three.
  expect(BLOQUEO_PERSONAL_CUENTA.fallos).toBeGreaterThanOrEqual(10)
  expect(BLOQUEO_PERSONAL_CUENTA.fallos).toBeLessThan(15)
  // At most this many codes a day reach the check, each one right 3 times in a million.
  const porDia = (BLOQUEO_PERSONAL_CUENTA.fallos * 24 * 3_600_000) / BLOQUEO_PERSONAL_CUENTA.bloqueoMs
  expect(porDia * 365 * 3e-6).toBeLessThan(1)
})
