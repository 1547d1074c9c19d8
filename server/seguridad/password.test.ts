import { expect, test } from 'vitest'
import { hashearPassword, verificarPassword } from './password.ts'
import { hashearToken, nuevoToken } from './tokens.ts'

test('a password hash carries its parameters and salt and verifies only the same password', async () => {
  const hash = await hashearPassword('Demo2026')
  expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/)
  expect(hash).not.toContain('Demo2026')
  expect(await verificarPassword('Demo2026', hash)).toBe(true)
  expect(await verificarPassword('demo2026', hash)).toBe(false)
  expect(await hashearPassword('Demo2026')).not.toBe(hash)
})

test('accented passwords verify whatever their Unicode composition', async () => {
  const hash = await hashearPassword('Ñandú2026')
  expect(await verificarPassword('N\u0303andu\u03012026', hash)).toBe(true)
})

test('a malformed or tampered stored hash never verifies', async () => {
  const hash = await hashearPassword('Demo2026')
  expect(await verificarPassword('Demo2026', 'texto-plano')).toBe(false)
  expect(
    await verificarPassword(
      'Demo2026',
      hash.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ),
  ).toBe(false)
})

test('tokens are 32 random bytes in base64url, stored as their SHA-256', () => {
  const token = nuevoToken()
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(nuevoToken()).not.toBe(token)
  expect(hashearToken(token)).toMatch(/^[0-9a-f]{64}$/)
  expect(hashearToken(token)).toBe(hashearToken(token))
})
