import { afterAll, beforeAll, expect, test } from 'vitest'
import { consultarDb, iniciarServidorDePrueba, type ServidorDePrueba } from '../tests/support/servidor.ts'

let server: ServidorDePrueba
beforeAll(async () => {
  server = await iniciarServidorDePrueba()
})
afterAll(() => server.close())

test('the health check answers 200 once the database answers and has every migration', async () => {
  const res = await fetch(`${server.url}/api/salud`)
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(await res.json()).toEqual({ status: 'ok' })
})

test('a database missing a migration this code expects makes the health check answer 503', async () => {
  const [ultima] = await consultarDb<{ name: string; timestamp: string }>(
    server.dataDir,
    'select name, timestamp from kysely_migration order by name desc limit 1',
  )
  await consultarDb(server.dataDir, 'delete from kysely_migration where name = ?', ultima?.name)
  try {
    const res = await fetch(`${server.url}/api/salud`)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      status: 'error',
      error: 'Servidor no disponible: la base de datos no responde o no está al día.',
    })
    expect(server.eventos().map((e) => e.mensaje)).toContain('salud: faltan 1 migraciones en la base de datos')
  } finally {
    await consultarDb(
      server.dataDir,
      'insert into kysely_migration (name, timestamp) values (?, ?)',
      ultima?.name,
      ultima?.timestamp,
    )
  }
  expect((await fetch(`${server.url}/api/salud`)).status).toBe(200)
})

test('a failing database query (here: the migrations table gone) makes the health check answer 503', async () => {
  await consultarDb(server.dataDir, 'alter table kysely_migration rename to kysely_migration_aparte')
  try {
    const res = await fetch(`${server.url}/api/salud`)
    expect(res.status).toBe(503)
    expect(server.eventos().some((e) => String(e.mensaje).startsWith('salud: la base de datos no responde'))).toBe(true)
  } finally {
    await consultarDb(server.dataDir, 'alter table kysely_migration_aparte rename to kysely_migration')
  }
})
