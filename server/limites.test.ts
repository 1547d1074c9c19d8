import { afterEach, expect, test } from 'vitest'
import { construirConfig } from './config.ts'
import {
  clienteDePrueba,
  esperarCorreo,
  leerCorreos,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'

const DEMASIADOS = 'Demasiados intentos. Espere unos minutos e intente nuevamente.'

let server: ServidorDePrueba | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A server with the given throttle limits (env syntax N/M) and a clock the test moves. */
async function conLimites(env: Record<string, string>) {
  const reloj = { ahora: new Date('2026-03-01T12:00:00Z') }
  server = await iniciarServidorDePrueba({
    config: { limites: construirConfig(env).limites },
    clock: () => reloj.ahora,
  })
  return { server, reloj }
}

async function esperar429(res: Response, campos: Record<string, unknown> = {}) {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(await res.json()).toEqual({ error: DEMASIADOS, ...campos })
}

test('failed logins are limited per account and IP; the window ends; a success clears the count', async () => {
  const { server, reloj } = await conLimites({ THROTTLE_LOGIN_CUENTA_IP: '3/15' })
  const cliente = clienteDePrueba(server.url)
  const intento = (email: string, password: string) => cliente.post('/api/auth/login', { email, password })
  for (let i = 0; i < 3; i++)
    expect((await (await intento(DEMO_CUENTAS.estudiante, 'Mala2026')).json()).codRetorno).toBe(1)
  // Even the right password is refused while the account is locked for this IP.
  const res = await intento(DEMO_CUENTAS.estudiante, DEMO_PASSWORD)
  await esperar429(res)
  expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
  // Other accounts from the same IP are not affected.
  expect((await (await intento(DEMO_CUENTAS.extranjera, DEMO_PASSWORD)).json()).codRetorno).toBe(0)

  reloj.ahora = new Date(reloj.ahora.getTime() + 16 * 60_000)
  expect((await (await intento(DEMO_CUENTAS.estudiante, 'Mala2026')).json()).codRetorno).toBe(1)
  expect((await (await intento(DEMO_CUENTAS.estudiante, DEMO_PASSWORD)).json()).codRetorno).toBe(0)
  // The success reset the count: three more failures are allowed before the lock.
  for (let i = 0; i < 3; i++) expect((await intento(DEMO_CUENTAS.estudiante, 'Mala2026')).status).toBe(200)
  expect((await intento(DEMO_CUENTAS.estudiante, 'Mala2026')).status).toBe(429)
})

test('login attempts are limited per IP across accounts', async () => {
  const { server } = await conLimites({ THROTTLE_LOGIN_IP: '4/15' })
  const cliente = clienteDePrueba(server.url)
  for (let i = 0; i < 4; i++)
    expect((await cliente.post('/api/auth/login', { email: `persona${i}@demo.cl`, password: 'Mala2026' })).status).toBe(
      200,
    )
  await esperar429(await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD }))
})

test('reset requests are limited per e-mail (known or not) and per IP', async () => {
  const { server } = await conLimites({ THROTTLE_RECUPERACION_EMAIL: '2/60', THROTTLE_RECUPERACION_IP: '5/60' })
  const cliente = clienteDePrueba(server.url)
  const pedir = (email: string) => cliente.post('/api/auth/password/request', { email })
  for (const email of [DEMO_CUENTAS.estudiante, 'nadie@demo.cl']) {
    expect((await pedir(email)).status).toBe(200)
    expect((await pedir(email)).status).toBe(200)
    await esperar429(await pedir(email), { status: 'error', message: DEMASIADOS })
  }
  // 6 requests so far from this IP: the IP limit (5) now refuses a fresh address too.
  await esperar429(await pedir(DEMO_CUENTAS.extranjera), { status: 'error', message: DEMASIADOS })
  // The e-mails go out after the reply: wait for the second, then no other may be there.
  await esperarCorreo(server.dataDir, DEMO_CUENTAS.estudiante, 2)
  expect(leerCorreos(server.dataDir).map((m) => m.to[0])).toEqual([DEMO_CUENTAS.estudiante, DEMO_CUENTAS.estudiante])
})

test('certificate validations are limited per IP', async () => {
  const { server } = await conLimites({ THROTTLE_VALIDACION_IP: '3/10' })
  const cliente = clienteDePrueba(server.url)
  for (let i = 0; i < 3; i++)
    expect((await cliente.post('/api/certificados/validar', { codValidador: DEMO_CERTIFICADO_VALIDO })).status).toBe(
      200,
    )
  await esperar429(await cliente.post('/api/certificados/validar', { codValidador: DEMO_CERTIFICADO_VALIDO }), {
    status: 0,
    msg: DEMASIADOS,
  })
})

test.each([
  ['', 429],
  ['1', 200],
])('X-Forwarded-For counts as the client address only with TRUST_PROXY=%j', async (trustProxy, segunda) => {
  const reloj = new Date('2026-03-01T12:00:00Z')
  const config = construirConfig({ THROTTLE_VALIDACION_IP: '1/10', TRUST_PROXY: trustProxy })
  server = await iniciarServidorDePrueba({
    config: { limites: config.limites, trustProxy: config.trustProxy },
    clock: () => reloj,
  })
  const url = server.url
  const cliente = clienteDePrueba(url)
  const validar = (ip: string) =>
    fetch(`${url}/api/certificados/validar`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        cookie: `XSRF-TOKEN=${cliente.cookies.get('XSRF-TOKEN')}`,
        'x-xsrf-token': String(cliente.cookies.get('XSRF-TOKEN')),
      },
      body: JSON.stringify({ codValidador: DEMO_CERTIFICADO_VALIDO }),
    })
  await cliente.get('/api/sesion')
  expect((await validar('10.0.0.1')).status).toBe(200)
  // A client behind no proxy of ours could otherwise pick a fresh address for every attempt.
  expect((await validar('10.0.0.2')).status).toBe(segunda)
  // Behind the proxy the last hop is the one it saw; earlier entries are the client's own claim.
  if (trustProxy) expect((await validar('1.2.3.4, 10.0.0.1')).status).toBe(429)
})
