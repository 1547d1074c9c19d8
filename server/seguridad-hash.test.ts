// A finding of the security review, kept as a regression: a made-up reset token must cost the
// server nothing, so it is refused before the password is hashed. Every call to the hash is
// counted by replacing its module with vi.mock; that needs a module graph of this file's own, so
// the file runs in the isolated 'server-aislado' project (vitest.config.ts), on SQLite.
import { afterEach, expect, test, vi } from 'vitest'
import {
  clienteDePrueba,
  esperarCorreo,
  iniciarServidorDePrueba,
  tokenDeRecuperacion,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { hashearPassword } from './seguridad/password.ts'

vi.mock('./seguridad/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./seguridad/password.ts')>()
  return { ...real, hashearPassword: vi.fn(real.hashearPassword) }
})

let servidor: ServidorDePrueba | undefined
afterEach(() => servidor?.close())

test('a bogus reset token is refused before any password is hashed', async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  const cliente = clienteDePrueba(servidor.url)
  vi.mocked(hashearPassword).mockClear()
  const intentos = Array.from({ length: 16 }, (_, i) =>
    cliente.post('/api/auth/password/set', { token: `falso-${i}`, password: 'Nueva2026', confirmacion: 'Nueva2026' }),
  )
  for (const res of await Promise.all(intentos)) expect(res.status).toBe(400)
  expect(hashearPassword).not.toHaveBeenCalled()

  // A real link does reach the hash: the spy sees what the server does.
  await cliente.post('/api/auth/password/request', { email: DEMO_CUENTAS.sinSolicitudes })
  const token = tokenDeRecuperacion(await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.sinSolicitudes))
  expect(
    (await cliente.post('/api/auth/password/set', { token, password: 'Nueva2026', confirmacion: 'Nueva2026' })).status,
  ).toBe(200)
  expect(hashearPassword).toHaveBeenCalledTimes(1)
})
