// Two portal processes on one PostgreSQL database and one S3 bucket, as behind a load balancer:
// each request of a student's journey goes to the other server than the one before.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { consultarDb, urlDeBaseDePrueba, borrarBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { entornoS3, iniciarProcesoPortal, type ProcesoPortal } from '../tests/support/proceso.ts'
import { iniciarS3, type S3DePrueba } from '../tests/support/s3.ts'
import { clienteDePrueba, type ClienteDePrueba } from '../tests/support/servidor.ts'
import { proveedorMigraciones } from './db/migrations/index.ts'
import { DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'

let s3: S3DePrueba
let carpeta: string
let a: ProcesoPortal
let b: ProcesoPortal

beforeAll(async () => {
  s3 = await iniciarS3()
  carpeta = mkdtempSync(join(tmpdir(), 'portal-varios-'))
  const databaseUrl = await urlDeBaseDePrueba(carpeta)
  if (!databaseUrl) throw new Error('estas pruebas corren en PostgreSQL (proyecto server-pg)')
  const entorno = (nombre: string) => ({
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '4',
    DATA_DIR: join(carpeta, nombre),
    ...entornoS3(s3.config),
    THROTTLE_LOGIN_CUENTA_IP: '3/15',
  })
  // Started together on an empty database: both try to migrate and seed at once. Whichever
  // starts is kept for afterAll to stop, even when the other fails.
  const [primero, segundo] = await Promise.allSettled([
    iniciarProcesoPortal(entorno('a')),
    iniciarProcesoPortal(entorno('b')),
  ])
  if (primero.status === 'fulfilled') a = primero.value
  if (segundo.status === 'fulfilled') b = segundo.value
  for (const resultado of [primero, segundo]) if (resultado.status === 'rejected') throw resultado.reason
}, 90_000)

afterAll(async () => {
  await Promise.all([a?.detener(), b?.detener()])
  await s3?.detener()
  rmSync(carpeta, { recursive: true, force: true })
  await borrarBaseDePrueba(carpeta)
})

/**
 * One browser behind the balancer: a client per server, and before each request the cookies of
 * the last one used are carried over (the browser sees a single origin).
 */
function navegador(): (servidor: ProcesoPortal) => ClienteDePrueba {
  const clientes = new Map([a, b].map((s) => [s, clienteDePrueba(s.url)]))
  let ultimo: ClienteDePrueba | undefined
  return (servidor) => {
    const cliente = clientes.get(servidor) as ClienteDePrueba
    if (ultimo && ultimo !== cliente) {
      cliente.cookies.clear()
      for (const [k, v] of ultimo.cookies) cliente.cookies.set(k, v)
    }
    ultimo = cliente
    return cliente
  }
}

test('servers started together on an empty database migrate and seed it once, and both report ready', async () => {
  const migraciones = Object.keys(await proveedorMigraciones.getMigrations())
  const aplicadas = await consultarDb<{ name: string }>(carpeta, 'select name from kysely_migration order by name')
  expect(aplicadas.map((m) => m.name)).toEqual(migraciones)
  expect(await consultarDb(carpeta, 'select nombre from semillas order by nombre')).toEqual([
    { nombre: '0001-tablas-de-referencia' },
    { nombre: '0002-demo' },
    { nombre: '0003-encuestas-condiciones' },
    { nombre: '0004-documentos-de-solicitud' },
    { nombre: '0005-documentos-firmados' },
    { nombre: '0006-cuotas' },
    { nombre: '0007-concursos-ofertas' },
    { nombre: '0008-cuenta-de-servicio' },
    { nombre: '0009-personal-demo' },
    { nombre: '0015-documentos-por-revisar' },
    { nombre: '0033-documentos-tributarios' },
    { nombre: '0035-delegado-demo' },
  ])
  const sembraron = [a, b].filter((s) => s.salida.join('').includes('datos iniciales cargados'))
  expect(sembraron).toHaveLength(1)
  for (const servidor of [a, b]) {
    const res = await fetch(`${servidor.url}/api/salud`)
    expect(res.status).toBe(200)
  }
})

test('a student journey alternating between the servers: one session, one set of files, replays answered from either', async () => {
  const en = navegador()
  const login = await en(a).post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
  expect((await login.json()).codRetorno).toBe(0)
  const sesion = String(en(a).cookies.get('portal_sesion'))

  const inicio = await en(b).get('/api/alumno')
  expect(inicio.status).toBe(200)
  expect((await inicio.json()).data.Codigo_Alumno__c).toBeTruthy()

  const persona = (await (await en(a).get('/api/alumno/persona')).json()).data as Record<string, string>
  const cuerpo = { ...persona, direccion: 'Av. Dos Servidores 200' }
  const clave = crypto.randomUUID()
  const primera = await en(b).put('/api/alumno/persona', cuerpo, { 'Idempotency-Key': clave })
  expect(primera.status).toBe(200)
  const textoPrimera = await primera.text()
  // The outbox re-sends after a lost reply, and the balancer sends it to the other server.
  const repeticion = await en(a).put('/api/alumno/persona', cuerpo, { 'Idempotency-Key': clave })
  expect(repeticion.status).toBe(200)
  expect(repeticion.headers.get('idempotency-replayed')).toBe('true')
  expect(await repeticion.text()).toBe(textoPrimera)
  expect(
    await consultarDb(carpeta, 'select id from historial_persona where clave_idempotencia = ?', clave),
  ).toHaveLength(1)

  const bytes = new TextEncoder().encode(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% dos servidores\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  )
  const form = new FormData()
  form.set('codTipoDocumento', '20')
  form.set('archivo', new File([bytes], 'titulo.pdf', { type: 'application/pdf' }))
  const subida = await en(a).request('POST', '/api/alumno/documentos', form)
  expect(subida.status).toBe(201)
  const archivo = (await subida.json()).data as { id: string; enlace: string }
  const [fila] = await consultarDb<{ blob_clave: string }>(
    carpeta,
    'select blob_clave from archivos_personales where id = ?',
    archivo.id,
  )
  expect(s3.claves()).toContain(fila?.blob_clave)
  const descarga = await en(b).get(archivo.enlace)
  expect(descarga.status).toBe(200)
  expect(new Uint8Array(await descarga.arrayBuffer())).toEqual(bytes)

  expect((await en(b).post('/api/auth/logout')).status).toBe(204)
  // The browser dropped the cookie; a copy of it sent to the other server is refused there too.
  const copia = clienteDePrueba(a.url)
  copia.cookies.set('portal_sesion', sesion)
  expect((await copia.get('/api/alumno')).status).toBe(401)
})

test('failed logins are counted across both servers', async () => {
  const intento = (servidor: ProcesoPortal) =>
    clienteDePrueba(servidor.url).post('/api/auth/login', { email: DEMO_CUENTAS.sinSolicitudes, password: 'Mala2026' })
  for (const servidor of [a, b, a]) expect((await (await intento(servidor)).json()).codRetorno).toBe(1)
  // Three failures, one or two on each server: the limit of 3 is reached on both.
  expect((await intento(b)).status).toBe(429)
  expect((await intento(a)).status).toBe(429)
})
