import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  clienteDePrueba,
  consultarDb,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'

let server: ServidorDePrueba
let ahora = new Date('2026-03-01T12:00:00Z')

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off', clock: () => ahora })
})
afterAll(() => server.close())

async function contarFilas(tabla: string): Promise<number> {
  const [fila] = await consultarDb<{ n: number }>(server.dataDir, `select count(*) as n from ${tabla}`)
  return Number(fila?.n)
}

test('login answers the student data, the assistant of the latest enrolment and an HttpOnly session cookie', async () => {
  const cliente = clienteDePrueba(server.url)
  const res = await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({
    codRetorno: 0,
    mensajeError: '',
    data: {
      Name: 'Camila Andrea',
      hed__Former_Middle_Name__c: 'Rojas Soto',
      RUT__c: '16789432-1',
      Codigo_Alumno__c: 'AL20180457',
      Owner: {
        Name: 'Francisca Herrera Méndez',
        Phone: '+56 9 8765 4321',
        Email: 'francisca.herrera@postgrado-demo.cl',
      },
    },
    inscReciente: {
      Owner: { Name: 'Tomás Muñoz Araya', Phone: '+56 9 7654 3210', Email: 'tomas.munoz@postgrado-demo.cl' },
    },
    cuentaServicio: 'portal@postgrado-demo.cl',
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_sesion='))
  expect(cookie).toMatch(/HttpOnly/)
  expect(cookie).toMatch(/SameSite=Lax/)
  expect(cookie).toMatch(/Path=\//)
})

test('a student with no enrolments gets no inscReciente and the service account as assistant', async () => {
  const res = await clienteDePrueba(server.url).post('/api/auth/login', {
    email: DEMO_CUENTAS.sinSolicitudes,
    password: DEMO_PASSWORD,
  })
  const cuerpo = await res.json()
  expect(cuerpo.inscReciente).toBeUndefined()
  expect(cuerpo.data.Owner.Email).toBe(cuerpo.cuentaServicio)
})

test('the foreign student signs in with the placeholder RUT', async () => {
  const res = await clienteDePrueba(server.url).post('/api/auth/login', {
    email: 'EXTRANJERA@demo.cl ',
    password: DEMO_PASSWORD,
  })
  const cuerpo = await res.json()
  expect(cuerpo.codRetorno).toBe(0)
  expect(cuerpo.data.RUT__c).toBe('0-0')
})

test('a wrong password and an unknown e-mail get the same codRetorno 1 reply and no session', async () => {
  const cliente = clienteDePrueba(server.url)
  const mala = await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: 'Demo2025' })
  const desconocido = await cliente.post('/api/auth/login', { email: 'nadie@demo.cl', password: DEMO_PASSWORD })
  expect(mala.status).toBe(200)
  expect(desconocido.status).toBe(200)
  const esperado = { codRetorno: 1, mensajeError: 'Correo o contraseña incorrectos' }
  expect(await mala.json()).toEqual(esperado)
  expect(await desconocido.json()).toEqual(esperado)
  expect(cliente.cookies.has('portal_sesion')).toBe(false)
})

test('a bad login body gets a Spanish 400 per field and stores nothing', async () => {
  const sesiones = await contarFilas('sesiones')
  const limites = await contarFilas('limites')
  const res = await clienteDePrueba(server.url).post('/api/auth/login', { email: 'no-es-correo', password: '' })
  expect(res.status).toBe(400)
  const cuerpo = await res.json()
  expect(cuerpo.campos).toEqual({
    email: 'El correo electrónico no es válido',
    password: 'La contraseña es obligatoria',
  })
  expect(cuerpo.error).toBe('El correo electrónico no es válido')
  const noJson = await clienteDePrueba(server.url).request('POST', '/api/auth/login', undefined, {
    'content-type': 'application/json',
  })
  expect(noJson.status).toBe(400)
  expect((await noJson.json()).error).toBe('Los datos enviados no son válidos.')
  const sinTipo = await clienteDePrueba(server.url).request('POST', '/api/auth/login', undefined)
  expect(sinTipo.status).toBe(415)
  expect(await contarFilas('sesiones')).toBe(sesiones)
  expect(await contarFilas('limites')).toBe(limites)
})

test('a POST without the XSRF header, or with a different one, is refused with 403', async () => {
  const sesion = await fetch(`${server.url}/api/sesion`)
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(sesion.headers.getSetCookie().join('\n'))?.[1]
  expect(xsrf).toBeTruthy()
  const cuerpo = JSON.stringify({ email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
  const sinCabecera = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}` },
    body: cuerpo,
  })
  const distinta = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': 'otro-valor' },
    body: cuerpo,
  })
  const sinCookie = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': String(xsrf) },
    body: cuerpo,
  })
  for (const res of [sinCabecera, distinta, sinCookie]) {
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'Solicitud no válida: recargue la página e intente nuevamente.' })
  }
  // The request without the cookie gets one to retry with.
  expect(sinCookie.headers.getSetCookie().join('\n')).toMatch(/XSRF-TOKEN=[^;]+; Path=\/; SameSite=Lax/)
})

test('/api/sesion hands out an XSRF cookie readable by the page (not HttpOnly) and keeps an existing one', async () => {
  const res = await fetch(`${server.url}/api/sesion`)
  expect(await res.json()).toEqual({ ok: true })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))
  expect(cookie).toBeDefined()
  expect(cookie).not.toMatch(/HttpOnly/i)
  const otra = await fetch(`${server.url}/api/sesion`, { headers: { cookie: 'XSRF-TOKEN=abc' } })
  expect(otra.headers.getSetCookie()).toEqual([])
})

test('/api/alumno needs a session, answers the login shape with one, and 401s again after logout', async () => {
  const cliente = clienteDePrueba(server.url)
  const sin = await cliente.get('/api/alumno')
  expect(sin.status).toBe(401)
  expect(await sin.json()).toEqual({ error: 'Sesión expirada, vuelva a ingresar' })

  const login = await (
    await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
  ).json()
  const con = await cliente.get('/api/alumno')
  expect(con.status).toBe(200)
  expect(await con.json()).toEqual(login)

  const token = cliente.cookies.get('portal_sesion')
  const salir = await cliente.post('/api/auth/logout')
  expect(salir.status).toBe(204)
  expect(salir.headers.getSetCookie().join('\n')).toMatch(/portal_sesion=;.*Max-Age=0/)
  expect((await cliente.get('/api/alumno')).status).toBe(401)
  // The old token is dead on the server, not just forgotten by the client.
  const reuso = await fetch(`${server.url}/api/alumno`, { headers: { cookie: `portal_sesion=${token}` } })
  expect(reuso.status).toBe(401)
})

test('a session expires after SESSION_TTL_HOURS without use and slides while used', async () => {
  const cliente = clienteDePrueba(server.url)
  await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
  const inicio = ahora
  try {
    // 11 h later (TTL 12 h): still valid, and the expiry moves forward.
    ahora = new Date(inicio.getTime() + 11 * 3_600_000)
    expect((await cliente.get('/api/alumno')).status).toBe(200)
    // 22 h after login but 11 h after the last use: still valid thanks to the sliding expiry.
    ahora = new Date(inicio.getTime() + 22 * 3_600_000)
    expect((await cliente.get('/api/alumno')).status).toBe(200)
    // More than 12 h without use: expired.
    ahora = new Date(inicio.getTime() + 34.5 * 3_600_000)
    const res = await cliente.get('/api/alumno')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Sesión expirada, vuelva a ingresar' })
  } finally {
    ahora = inicio
  }
})

test('an unknown /api path is a JSON 404', async () => {
  const res = await fetch(`${server.url}/api/no-existe`)
  expect(res.status).toBe(404)
  expect(await res.json()).toEqual({ error: 'Recurso no encontrado' })
})
