// The findings of a security review, kept as regressions: one test per finding, then the
// cross-student, XSRF, malformed-body and upload probes as tables over every endpoint (a new
// endpoint joins them with one row).
import { connect } from 'node:net'
import { afterEach, expect, test, vi } from 'vitest'
import { apiClient, esperarCorreo, startTestServer, tokenDeRecuperacion, type TestServer, type TestServerOptions } from '../tests/support/server.ts'
import { buildConfig } from './config.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { hashPassword } from './security/password.ts'

// Every call to the password hash is counted, to show which requests reach it.
vi.mock('./security/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./security/password.ts')>()
  return { ...real, hashPassword: vi.fn(real.hashPassword) }
})

const DEMASIADOS = 'Demasiados intentos. Espere unos minutos e intente nuevamente.'

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
