// The findings of a security review, kept as regressions: one test per finding, then the
// cross-student, XSRF, malformed-body and upload probes as tables over every endpoint (a new
// endpoint joins them with one row).
import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { MENSAJE_UN_SOLO_ARCHIVO } from '../src/domain/documentos.ts'
import {
  apiClient,
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  startTestServer,
  tokenDeRecuperacion,
  type ApiClient,
  type TestServer,
  type TestServerOptions,
} from '../tests/support/server.ts'
import { rutasApi } from './app.ts'
import { buildConfig } from './config.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { MENSAJE_SOLO_JSON, MENSAJE_SOLO_MULTIPART } from './routes/validacion.ts'
import { hashPassword } from './security/password.ts'

// Every call to the password hash is counted, to show which requests reach it.
vi.mock('./security/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./security/password.ts')>()
  return { ...real, hashPassword: vi.fn(real.hashPassword) }
})

const DEMASIADOS = 'Demasiados intentos. Espere unos minutos e intente nuevamente.'

/**
 * Every API endpoint, as Hono names its route under /api: what its body is and whether it needs a
 * signed-in student. `url` when the route has parameters. A new endpoint joins with one row (the
 * first test below fails until it does), and every table test then covers it.
 */
type Endpoint = { metodo: 'GET' | 'POST' | 'PUT'; ruta: string; cuerpo: 'ninguno' | 'json' | 'multipart'; sesion: boolean; url?: string }

const ENDPOINTS: Endpoint[] = [
  { metodo: 'GET', ruta: '/sesion', cuerpo: 'ninguno', sesion: false },
  { metodo: 'GET', ruta: '/salud', cuerpo: 'ninguno', sesion: false },
  { metodo: 'POST', ruta: '/auth/login', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/auth/logout', cuerpo: 'ninguno', sesion: false },
  { metodo: 'POST', ruta: '/auth/password/request', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/auth/password/verify', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/auth/password/set', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/auth/register', cuerpo: 'json', sesion: false },
  { metodo: 'GET', ruta: '/lookups/paises', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/lookups/profesiones', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/lookups/universidades', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/lookups/regiones', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/lookups/comunas', cuerpo: 'ninguno', sesion: true, url: '/lookups/comunas?region=13' },
  { metodo: 'GET', ruta: '/lookups/ciudades', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/alumno/persona', cuerpo: 'ninguno', sesion: true },
  { metodo: 'PUT', ruta: '/alumno/persona', cuerpo: 'json', sesion: true },
  { metodo: 'GET', ruta: '/alumno/documentos', cuerpo: 'ninguno', sesion: true },
  { metodo: 'POST', ruta: '/alumno/documentos', cuerpo: 'multipart', sesion: true },
  { metodo: 'GET', ruta: '/alumno/documentos/:id', cuerpo: 'ninguno', sesion: true, url: '/alumno/documentos/no-existe' },
  { metodo: 'GET', ruta: '/alumno', cuerpo: 'ninguno', sesion: true },
  { metodo: 'POST', ruta: '/certificados/validar', cuerpo: 'json', sesion: false },
]

const url = (e: Endpoint) => `/api${e.url ?? e.ruta}`
const nombre = (e: Endpoint) => `${e.metodo} ${e.ruta}`
const conCuerpo = (tipo: Endpoint['cuerpo']) => ENDPOINTS.filter((e) => e.cuerpo === tipo)

/** A server for the table tests, with a signed-in student. */
let comun: TestServer
let estudiante: ApiClient
beforeAll(async () => {
  comun = await startTestServer({ throttle: 'off' })
  estudiante = await iniciarSesion(comun.url, DEMO_CUENTAS.estudiante)
})
afterAll(() => comun.close())

/** A raw body with the client's cookies and XSRF header: what a page could send with fetch. */
function enviar(cliente: ApiClient, servidor: TestServer, e: Endpoint, cuerpo: BodyInit | undefined, contentType?: string): Promise<Response> {
  const headers: Record<string, string> = {
    cookie: [...cliente.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': cliente.cookies.get('XSRF-TOKEN') ?? '',
  }
  if (contentType) headers['content-type'] = contentType
  return fetch(`${servidor.url}${url(e)}`, { method: e.metodo, headers, body: cuerpo })
}

test('the tables below list every API endpoint', () => {
  const rutas = new Set(rutasApi.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))
  expect([...rutas].sort()).toEqual(ENDPOINTS.map(nombre).sort())
})

const abiertos: TestServer[] = []
afterEach(async () => {
  await Promise.all(abiertos.splice(0).map((s) => s.close()))
})

async function arrancar(opciones: TestServerOptions = {}): Promise<TestServer> {
  const servidor = await startTestServer(opciones)
  abiertos.push(servidor)
  return servidor
}

/** A server with these throttle limits (env syntax N/M), every other one as configured by default. */
function conLimites(env: Record<string, string>): Promise<TestServer> {
  return arrancar({ config: { limites: buildConfig(env).limites } })
}

test('checking and using reset links is throttled per IP once too many were refused', async () => {
  const servidor = await conLimites({ THROTTLE_RECUPERACION_TOKEN_IP: '3/15' })
  const cliente = apiClient(servidor.url)
  for (let i = 0; i < 3; i++) expect((await cliente.post('/api/auth/password/verify', { token: `falso-${i}` })).status).toBe(400)
  const verificar = await cliente.post('/api/auth/password/verify', { token: 'falso-3' })
  expect(verificar.status).toBe(429)
  expect(await verificar.json()).toMatchObject({ error: DEMASIADOS, status: 'error', message: DEMASIADOS })
  const crear = await cliente.post('/api/auth/password/set', { token: 'falso-4', password: 'Nueva2026', confirmacion: 'Nueva2026' })
  expect(crear.status).toBe(429)
  expect(Number(crear.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('a bogus reset token is refused before any password is hashed', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  const cliente = apiClient(servidor.url)
  vi.mocked(hashPassword).mockClear()
  const intentos = Array.from({ length: 16 }, (_, i) =>
    cliente.post('/api/auth/password/set', { token: `falso-${i}`, password: 'Nueva2026', confirmacion: 'Nueva2026' }),
  )
  for (const res of await Promise.all(intentos)) expect(res.status).toBe(400)
  expect(hashPassword).not.toHaveBeenCalled()

  // A real link does reach the hash: the spy sees what the server does.
  await cliente.post('/api/auth/password/request', { email: DEMO_CUENTAS.sinSolicitudes })
  const token = tokenDeRecuperacion(await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.sinSolicitudes))
  expect((await cliente.post('/api/auth/password/set', { token, password: 'Nueva2026', confirmacion: 'Nueva2026' })).status).toBe(200)
  expect(hashPassword).toHaveBeenCalledTimes(1)
})

test('a request cannot forge log lines: every line is one JSON event with control and bidirectional characters escaped', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  const rutaHostil = '/api/nada%0A%7B%22mensaje%22:%22falso%22%7D%1B[31m%E2%80%AE%E2%80%8B'
  const res = await fetch(`${servidor.url}${rutaHostil}`)
  expect(res.status).toBe(404)
  for (const linea of servidor.logs) {
    expect(linea).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u)
    expect(() => JSON.parse(linea)).not.toThrow()
  }
  const eventos = servidor.eventos()
  expect(eventos.some((e) => e.mensaje === 'falso')).toBe(false)
  const peticion = eventos.find((e) => e.mensaje === 'petición' && String(e.ruta).startsWith('/api/nada'))
  expect(peticion).toMatchObject({ metodo: 'GET', status: 404, id: res.headers.get('x-request-id'), ms: expect.any(Number) })
})

test('the log holds no e-mail address, not even the recipient of a saved reset e-mail', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  const cliente = apiClient(servidor.url)
  await cliente.post('/api/auth/password/request', { email: DEMO_CUENTAS.extranjera })
  await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: 'Equivocada1' })
  await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.extranjera)
  await vi.waitFor(() => expect(servidor.eventos().some((e) => String(e.mensaje).startsWith('correo guardado en '))).toBe(true))
  const todo = servidor.logs.join('\n')
  expect(todo).not.toContain('@')
  expect(todo).not.toContain('extranjera')
})

/** Sends raw HTTP/1.1 on one socket and collects what comes back until the server closes it. */
function peticionCruda(url: string, texto: string): Promise<{ respuesta: string; cerrada: boolean }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(texto))
    let respuesta = ''
    socket.setEncoding('utf8')
    socket.on('data', (trozo: string) => (respuesta += trozo))
    socket.on('error', reject)
    socket.on('close', () => resolve({ respuesta, cerrada: true }))
    setTimeout(() => {
      socket.destroy()
      resolve({ respuesta, cerrada: false })
    }, 3000).unref()
  })
}

test('a body refused early for its size is answered with Connection: close, and the socket is closed', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  for (const ruta of ['/api/auth/login', '/api/alumno/documentos']) {
    const { respuesta, cerrada } = await peticionCruda(
      servidor.url,
      [
        `POST ${ruta} HTTP/1.1`,
        'Host: portal',
        'Content-Type: application/json',
        'Cookie: XSRF-TOKEN=prueba-xsrf',
        'X-XSRF-TOKEN: prueba-xsrf',
        `Content-Length: ${50 * 1024 * 1024}`,
        '',
        '{"email":',
      ].join('\r\n'),
    )
    expect(respuesta, ruta).toMatch(/^HTTP\/1\.1 413 /)
    expect(respuesta).toMatch(/^connection: close$/im)
    expect(cerrada).toBe(true)
  }
})

test.each(conCuerpo('json').flatMap((e) =>
  [
    ['text/plain', '{"email":"a@b.cl"}'],
    ['application/x-www-form-urlencoded', 'email=a%40b.cl&password=x'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
    [undefined, '{"email":"a@b.cl"}'],
  ].map(([tipo, cuerpo]) => ({ e, tipo, cuerpo })),
))('$e.metodo $e.ruta accepts only application/json (here: $tipo)', async ({ e, tipo, cuerpo }) => {
  const res = await enviar(estudiante, comun, e, cuerpo, tipo)
  expect(res.status).toBe(415)
  expect(await res.json()).toMatchObject({ error: MENSAJE_SOLO_JSON })
})

test.each(conCuerpo('multipart'))('$metodo $ruta accepts only multipart/form-data', async (e) => {
  const res = await enviar(estudiante, comun, e, JSON.stringify({ codTipoDocumento: '20' }), 'application/json')
  expect(res.status).toBe(415)
  expect(await res.json()).toMatchObject({ error: MENSAJE_SOLO_MULTIPART })
})

test('an upload with more than one file is refused, not half kept', async () => {
  const pdf = (texto: string) => new File([`%PDF-1.4\n% ${texto}\n%%EOF\n`], `${texto}.pdf`, { type: 'application/pdf' })
  const antes = await consultarDb(comun.dataDir, "select id from archivos_personales where alumno_id = 'alumno-estudiante'")
  const dosEnUnCampo = new FormData()
  dosEnUnCampo.set('codTipoDocumento', '20')
  dosEnUnCampo.append('archivo', pdf('primero'))
  dosEnUnCampo.append('archivo', pdf('segundo'))
  const dosCampos = new FormData()
  dosCampos.set('codTipoDocumento', '20')
  dosCampos.set('archivo', pdf('primero'))
  dosCampos.set('otro', pdf('segundo'))
  for (const form of [dosEnUnCampo, dosCampos]) {
    const res = await estudiante.request('POST', '/api/alumno/documentos', form)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: MENSAJE_UN_SOLO_ARCHIVO })
  }
  expect(await consultarDb(comun.dataDir, "select id from archivos_personales where alumno_id = 'alumno-estudiante'")).toEqual(antes)
})

test('a logout replayed with the Idempotency-Key of an earlier logout still ends the session', async () => {
  const cliente = await iniciarSesion(comun.url, DEMO_CUENTAS.sinSolicitudes)
  const clave = 'salir-0000-clave-repetida'
  expect((await cliente.post('/api/auth/logout', undefined, { 'Idempotency-Key': clave })).status).toBe(204)
  expect((await cliente.get('/api/alumno')).status).toBe(401)
  // The same student signs in again; the outbox-like client sends the same key.
  const otraVez = await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.sinSolicitudes, password: 'Demo2026' })
  expect((await otraVez.json()).codRetorno).toBe(0)
  const salir = await cliente.post('/api/auth/logout', undefined, { 'Idempotency-Key': clave })
  expect(salir.status).toBe(204)
  expect(salir.headers.get('idempotency-replayed')).toBeNull()
  expect((await cliente.get('/api/alumno')).status).toBe(401)
})

test('with a session, only the XSRF token bound to it is accepted, not any matching cookie and header pair', async () => {
  const cliente = await iniciarSesion(comun.url, DEMO_CUENTAS.extranjera)
  const sesion = cliente.cookies.get('portal_sesion') ?? ''
  // A planted pair: cookie and header agree, as a double submit alone would accept.
  const plantado = await fetch(`${comun.url}/api/certificados/validar`, {
    method: 'POST',
    headers: { cookie: `portal_sesion=${sesion}; XSRF-TOKEN=plantado`, 'x-xsrf-token': 'plantado', 'content-type': 'application/json' },
    body: JSON.stringify({ codValidador: 'ABC' }),
  })
  expect(plantado.status).toBe(403)
  // The reply hands the browser the session's own token, so the real page recovers at once.
  const renovada = plantado.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))
  expect(renovada).toBeDefined()
  expect(renovada).toContain(`XSRF-TOKEN=${cliente.cookies.get('XSRF-TOKEN')};`)
  expect((await cliente.post('/api/certificados/validar', { codValidador: 'ABC' })).status).toBe(200)
  // Signing in hands out the token of the new session: the one from before no longer passes.
  const previo = cliente.cookies.get('XSRF-TOKEN') ?? ''
  await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.extranjera, password: 'Demo2026' })
  expect(cliente.cookies.get('XSRF-TOKEN')).not.toBe(previo)
  const viejo = await fetch(`${comun.url}/api/certificados/validar`, {
    method: 'POST',
    headers: { cookie: `portal_sesion=${cliente.cookies.get('portal_sesion')}; XSRF-TOKEN=${previo}`, 'x-xsrf-token': previo, 'content-type': 'application/json' },
    body: JSON.stringify({ codValidador: 'ABC' }),
  })
  expect(viejo.status).toBe(403)
})

test('the per-IP login limit counts failures only: many students signing in from one address are not locked out', async () => {
  const servidor = await conLimites({ THROTTLE_LOGIN_IP: '3/15' })
  for (let i = 0; i < 6; i++) {
    const email = [DEMO_CUENTAS.estudiante, DEMO_CUENTAS.extranjera, DEMO_CUENTAS.sinSolicitudes][i % 3]
    const res = await apiClient(servidor.url).post('/api/auth/login', { email, password: 'Demo2026' })
    expect((await res.json()).codRetorno).toBe(0)
  }
  const cliente = apiClient(servidor.url)
  for (let i = 0; i < 3; i++) expect((await cliente.post('/api/auth/login', { email: `nadie${i}@demo.cl`, password: 'Mala2026' })).status).toBe(200)
  const bloqueado = await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: 'Demo2026' })
  expect(bloqueado.status).toBe(429)
  expect(await bloqueado.json()).toEqual({ error: DEMASIADOS })
})

test('trying passport numbers other than one own is throttled per student, and a refused number is kept nowhere', async () => {
  const servidor = await conLimites({ THROTTLE_DOCUMENTO_ALUMNO: '2/60' })
  const registro = await apiClient(servidor.url).post('/api/auth/register', {
    nombres: 'Lucía',
    apellidos: 'Fernández Díaz',
    tipoDocumento: 'PASAPORTE',
    documento: 'PAS778899',
    email: 'lucia@ejemplo.cl',
    telefono: '+56 9 3333 4444',
    password: 'Clave2026',
    confirmacion: 'Clave2026',
  })
  expect(registro.status).toBe(201)
  const cliente = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
  const { codPersona: _c, email: _e, rut: _r, ...propia } = ((await (await cliente.get('/api/alumno/persona')).json()) as { data: Record<string, string> }).data
  const probar = (numeroDocumento: string, clave: string) => cliente.put('/api/alumno/persona', { ...propia, numeroDocumento }, { 'Idempotency-Key': clave })

  expect((await probar('PAS778899', 'probar-documento-1')).status).toBe(400)
  expect((await probar('PAS778898', 'probar-documento-2')).status).toBe(200)
  const bloqueado = await probar('PAS778899', 'probar-documento-3')
  expect(bloqueado.status).toBe(429)
  expect(await bloqueado.json()).toEqual({ error: DEMASIADOS })
  // Her own number is not a probe: saving it still works.
  expect((await probar('PAS778898', 'probar-documento-4')).status).toBe(200)

  const ajenas = JSON.stringify([
    await consultarDb(servidor.dataDir, "select * from alumnos where email <> 'lucia@ejemplo.cl'"),
    await consultarDb(servidor.dataDir, 'select * from historial_persona'),
    await consultarDb(servidor.dataDir, 'select * from idempotencia'),
    await consultarDb(servidor.dataDir, 'select * from limites'),
  ])
  expect(ajenas).not.toContain('PAS778899')
})
