// Resumable uploads across two portal PROCESSES on one database (SQLite file or PostgreSQL) and
// one upload store (a shared DATA_DIR), as behind a load balancer: the server that holds an
// upload's lock dies mid-PATCH (SIGKILL, no cleanup at all), and the other continues the upload
// once the dead server's lease lapses.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { borrarBaseDePrueba, carpetaConPlantilla, consultarDb } from '../tests/support/base-de-datos.ts'
import { CLAVE_FIRMA_DE_PRUEBA, rutaFirmaDePrueba } from '../tests/support/firma.ts'
import { iniciarProcesoPortal, type ProcesoPortal } from '../tests/support/proceso.ts'
import { clienteDePrueba, type ClienteDePrueba } from '../tests/support/servidor.ts'
import { crear, enviarTrozo, hacerDocumento, offsetEn, patchQueSeCorta, pdf } from '../tests/support/tus.ts'
import { DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'
import { LEASE_MS } from './subidas/bloqueo.ts'

let carpeta: string
let a: ProcesoPortal | undefined
let b: ProcesoPortal | undefined

beforeAll(async () => {
  const { carpeta: nueva, databaseUrl } = await carpetaConPlantilla('portal-subidas-procesos-')
  carpeta = nueva
  const entorno = {
    DATA_DIR: carpeta,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: '4' } : {}),
    SIGNING_P12: rutaFirmaDePrueba(),
    SIGNING_P12_PASSPHRASE: CLAVE_FIRMA_DE_PRUEBA,
  }
  // The folder holds the seeded template: neither has to migrate or seed.
  ;[a, b] = await Promise.all([iniciarProcesoPortal(entorno), iniciarProcesoPortal(entorno)])
}, 120_000)

afterAll(async () => {
  await Promise.all([a?.detener(), b?.detener()])
  rmSync(carpeta, { recursive: true, force: true })
  await borrarBaseDePrueba(carpeta)
})

test('the server holding an upload dies mid-PATCH: the other takes it over once its lease lapses, from the bytes it had', async () => {
  const enA = clienteDePrueba(a!.url)
  const login = await enA.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
  expect(login.status).toBe(200)
  // The browser sees one origin: the same cookies go to either server.
  const enB: ClienteDePrueba = clienteDePrueba(b!.url)
  for (const [nombre, valor] of enA.cookies) enB.cookies.set(nombre, valor)

  const archivo = pdf(300 * 1024, 'servidor-muerto')
  const { res, ubicacion } = await crear(a!, enA, archivo.length)
  expect(res.status).toBe(201)
  const colgado = await patchQueSeCorta(a!, enA, ubicacion, 0, archivo, 120 * 1024)
  await a!.matar()
  await colgado.cortar()

  const inicio = Date.now()
  const { res: cabeza, offset } = await offsetEn(b!, enB, ubicacion)
  expect(cabeza.status).toBe(200)
  expect(Date.now() - inicio).toBeLessThan(LEASE_MS + 10_000)
  expect(offset).toBeGreaterThan(0)
  expect(offset).toBeLessThanOrEqual(120 * 1024)

  expect((await enviarTrozo(b!, enB, ubicacion, offset, archivo.slice(offset))).status).toBe(204)
  const hecho = await hacerDocumento(b!, enB, ubicacion)
  expect(hecho.res.status).toBe(201)
  const descarga = await enB.get(hecho.cuerpo.data!.enlace)
  expect(Buffer.from(await descarga.arrayBuffer()).equals(archivo)).toBe(true)
  expect(await consultarDb(carpeta, 'select id from bloqueos_subida')).toEqual([])
}, 90_000)
