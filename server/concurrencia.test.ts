// What several servers do at the same moment to the same rows, run on each engine with two
// separate connections (pools) to one database, as two servers behind a balancer would have.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { borrarBaseDePrueba, consultarDb, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { clienteDePrueba, iniciarServidorDePrueba, type ServidorDePrueba } from '../tests/support/servidor.ts'
import { abrirBaseDeDatos, migrar, type Db } from './db/connection.ts'
import { purgarCaducados } from './db/purga.ts'
import { contar } from './middleware/limites.ts'

let dataDir: string
let servidor1: Db
let servidor2: Db

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-concurrencia-'))
  const opciones = await opcionesDeBaseDePrueba(dataDir)
  servidor1 = abrirBaseDeDatos({ ...opciones, databasePoolMax: 8 })
  servidor2 = abrirBaseDeDatos({ ...opciones, databasePoolMax: 8 })
  await migrar(servidor1)
})
afterAll(async () => {
  await servidor1.destroy()
  await servidor2.destroy()
  rmSync(dataDir, { recursive: true, force: true })
  await borrarBaseDePrueba(dataDir)
})

test('throttle events counted at once from two servers are all counted, each seeing its own count', async () => {
  const ahora = new Date('2026-03-01T12:00:00Z')
  const limite = { max: 60, ventanaMs: 60_000 }
  const estados = await Promise.all(
    Array.from({ length: 120 }, (_, i) => contar(i % 2 ? servidor1 : servidor2, 'login-ip:10.0.0.1', limite, ahora)),
  )
  // Two servers both finding no row and both writing a first count would lose events.
  const [fila] = await consultarDb<{ conteo: number }>(
    dataDir,
    "select conteo from limites where clave = 'login-ip:10.0.0.1'",
  )
  expect(fila?.conteo).toBe(120)
  // Each event saw its own count (1 to 120), so exactly the first 60 are within the limit.
  expect(estados.filter((e) => !e.excedido)).toHaveLength(60)
})

test('a window that has ended restarts once, even when both servers notice it together', async () => {
  const inicio = new Date('2026-03-01T12:00:00Z')
  for (let i = 0; i < 5; i++) await contar(servidor1, 'registro-ip:10.0.0.2', { max: 3, ventanaMs: 60_000 }, inicio)
  const despues = new Date(inicio.getTime() + 61_000)
  const estados = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      contar(i % 2 ? servidor1 : servidor2, 'registro-ip:10.0.0.2', { max: 3, ventanaMs: 60_000 }, despues),
    ),
  )
  const [fila] = await consultarDb<{ conteo: number; expira: string }>(
    dataDir,
    "select conteo, expira from limites where clave = 'registro-ip:10.0.0.2'",
  )
  expect(fila).toEqual({ conteo: 40, expira: new Date(despues.getTime() + 60_000).toISOString() })
  // Exactly three of the new window's events are within the limit.
  expect(estados.filter((e) => !e.excedido)).toHaveLength(3)
})

test('both servers purging at once delete every expired row and nothing else, without errors (throttle windows, staff links)', async () => {
  const ahora = new Date('2026-03-01T12:00:00Z')
  const vencida = new Date(ahora.getTime() - 1000).toISOString()
  const vigente = new Date(ahora.getTime() + 60_000).toISOString()
  await servidor1
    .insertInto('limites')
    .values(
      Array.from({ length: 200 }, (_, i) => ({ clave: `purga:${i}`, conteo: 1, expira: i % 2 ? vencida : vigente })),
    )
    .execute()
  // A staff link (invitation or reset) expired and one still valid.
  await servidor1
    .insertInto('personal')
    .values({
      id: 'purga-personal',
      email: 'purga@demo.cl',
      nombre: 'Purga',
      rol: 'admin',
      asistente_id: null,
      password_hash: null,
      totp_secreto: null,
      totp_confirmado_en: null,
      totp_ultimo_paso: null,
      creado_en: vencida,
    })
    .execute()
  await servidor1
    .insertInto('tokens_personal')
    .values([
      { token_hash: 'purga-vencido', personal_id: 'purga-personal', creado: vencida, expira: vencida, usado: null },
      { token_hash: 'purga-vigente', personal_id: 'purga-personal', creado: vencida, expira: vigente, usado: null },
    ])
    .execute()
  await Promise.all([
    purgarCaducados(servidor1, ahora),
    purgarCaducados(servidor2, ahora),
    purgarCaducados(servidor1, ahora),
    purgarCaducados(servidor2, ahora),
  ])
  const quedan = await consultarDb<{ expira: string }>(dataDir, "select expira from limites where clave like 'purga:%'")
  expect(quedan).toHaveLength(100)
  expect(quedan.every((f) => f.expira === vigente)).toBe(true)
  expect(
    await consultarDb(dataDir, "select token_hash from tokens_personal where personal_id = 'purga-personal'"),
  ).toEqual([{ token_hash: 'purga-vigente' }])
})

describe('two app servers on one database', () => {
  let a: ServidorDePrueba
  let b: ServidorDePrueba
  beforeAll(async () => {
    a = await iniciarServidorDePrueba({ throttle: 'off' })
    b = await iniciarServidorDePrueba({ throttle: 'off', dataDir: a.dataDir })
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  test('one submission sent to both at once with one Idempotency-Key is applied once', async () => {
    const cliente = clienteDePrueba(a.url)
    await cliente.post('/api/auth/login', { email: 'estudiante@demo.cl', password: 'Demo2026' })
    const cuerpo = {
      ...((await (await cliente.get('/api/alumno/persona')).json()).data as Record<string, string>),
      direccion: 'Av. Simultánea 1',
    }
    const clave = crypto.randomUUID()
    const otro = clienteDePrueba(b.url)
    for (const [k, v] of cliente.cookies) otro.cookies.set(k, v)
    const respuestas = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? cliente : otro).put('/api/alumno/persona', cuerpo, { 'Idempotency-Key': clave }),
      ),
    )
    const estados = respuestas.map((r) => r.status)
    expect(estados.every((s) => s === 200 || s === 409)).toBe(true)
    expect(estados).toContain(200)
    const filas = await consultarDb(a.dataDir, 'select id from historial_persona where clave_idempotencia = ?', clave)
    expect(filas).toHaveLength(1)
  })

  test('one e-mail registered on both at once: one account, every other attempt a 409, never a 500', async () => {
    const cuerpo = {
      nombres: 'Rosa',
      apellidos: 'Doble Carrera',
      tipoDocumento: 'RUT',
      documento: '12.345.678-5',
      email: 'rosa.doble@ejemplo.cl',
      telefono: '+56 9 4444 3333',
      password: 'Clave2026',
      confirmacion: 'Clave2026',
    }
    const respuestas = await Promise.all(
      Array.from({ length: 8 }, (_, i) => clienteDePrueba((i % 2 ? a : b).url).post('/api/auth/register', cuerpo)),
    )
    expect(respuestas.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    expect(await consultarDb(a.dataDir, 'select id from alumnos where email = ?', cuerpo.email)).toHaveLength(1)
  })
})
