import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  clienteDePrueba,
  esperarCorreo,
  leerCorreos,
  iniciarServidorDePrueba,
  tokenDeRecuperacion,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'

let server: ServidorDePrueba
let ahora = new Date('2026-03-01T12:00:00Z')

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off', clock: () => ahora })
})
afterAll(() => server.close())

const ENVIADO = {
  status: 'ok',
  message: 'Si el correo está registrado, recibirá un mensaje con un enlace para crear una nueva contraseña.',
}
const ENLACE_INVALIDO = {
  status: 'error',
  message: 'El enlace para crear la contraseña no es válido o ya expiró. Solicite uno nuevo.',
  error: 'El enlace para crear la contraseña no es válido o ya expiró. Solicite uno nuevo.',
}

async function login(email: string, password: string) {
  const cliente = clienteDePrueba(server.url)
  const res = await cliente.post('/api/auth/login', { email, password })
  return { cliente, cuerpo: (await res.json()) as { codRetorno: number } }
}

test('reset end to end: mailed link, verify, set, new password works, old one and the used link do not, sessions end', async () => {
  const email = DEMO_CUENTAS.estudiante
  const { cliente: sesionAbierta } = await login(email, DEMO_PASSWORD)
  expect((await sesionAbierta.get('/api/alumno')).status).toBe(200)

  const res = await clienteDePrueba(server.url).post('/api/auth/password/request', { email: 'Estudiante@Demo.cl' })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual(ENVIADO)

  const correo = await esperarCorreo(server.dataDir, email)
  expect(correo.subject).toBe('Cree su nueva contraseña del Portal del Estudiante')
  expect(correo.text).toContain(`${server.url}/?recoverpass=`)
  expect(correo.html).toContain(`${server.url}/?recoverpass=`)
  const token = tokenDeRecuperacion(correo)

  const cliente = clienteDePrueba(server.url)
  const verificado = await cliente.post('/api/auth/password/verify', { token })
  expect(verificado.status).toBe(200)
  expect(await verificado.json()).toEqual({ status: 'ok', message: 'Enlace válido. Cree su nueva contraseña.' })

  const creada = await cliente.post('/api/auth/password/set', {
    token,
    password: 'NuevaClave2026',
    confirmacion: 'NuevaClave2026',
  })
  expect(creada.status).toBe(200)
  expect(await creada.json()).toEqual({
    status: 'ok',
    message: 'Su contraseña fue creada. Ya puede ingresar al portal.',
  })

  expect((await login(email, 'NuevaClave2026')).cuerpo.codRetorno).toBe(0)
  expect((await login(email, DEMO_PASSWORD)).cuerpo.codRetorno).toBe(1)
  // Every session open before the change is ended.
  expect((await sesionAbierta.get('/api/alumno')).status).toBe(401)

  // Single use.
  const reuso = await cliente.post('/api/auth/password/set', {
    token,
    password: 'OtraClave2026',
    confirmacion: 'OtraClave2026',
  })
  expect(reuso.status).toBe(400)
  expect(await reuso.json()).toEqual(ENLACE_INVALIDO)
  expect((await cliente.post('/api/auth/password/verify', { token })).status).toBe(400)
  expect((await login(email, 'OtraClave2026')).cuerpo.codRetorno).toBe(1)
})

test('an expired reset link is refused by verify and set', async () => {
  const email = DEMO_CUENTAS.sinSolicitudes
  const cliente = clienteDePrueba(server.url)
  await cliente.post('/api/auth/password/request', { email })
  const token = tokenDeRecuperacion(await esperarCorreo(server.dataDir, email))
  const inicio = ahora
  try {
    ahora = new Date(inicio.getTime() + 61 * 60_000)
    const verificado = await cliente.post('/api/auth/password/verify', { token })
    expect(verificado.status).toBe(400)
    expect(await verificado.json()).toEqual(ENLACE_INVALIDO)
    const creada = await cliente.post('/api/auth/password/set', {
      token,
      password: 'NuevaClave2026',
      confirmacion: 'NuevaClave2026',
    })
    expect(creada.status).toBe(400)
    expect(await creada.json()).toEqual(ENLACE_INVALIDO)
  } finally {
    ahora = inicio
  }
  expect((await login(email, DEMO_PASSWORD)).cuerpo.codRetorno).toBe(0)
})

test('an unknown e-mail gets the same reply and no message is written', async () => {
  const antes = leerCorreos(server.dataDir).length
  const res = await clienteDePrueba(server.url).post('/api/auth/password/request', { email: 'nadie@demo.cl' })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual(ENVIADO)
  await new Promise((r) => setTimeout(r, 300))
  expect(leerCorreos(server.dataDir).length).toBe(antes)
})

test('set password applies the shared policy with the spec messages and keeps the link usable', async () => {
  const email = DEMO_CUENTAS.extranjera
  const cliente = clienteDePrueba(server.url)
  await cliente.post('/api/auth/password/request', { email })
  const token = tokenDeRecuperacion(await esperarCorreo(server.dataDir, email))

  const debil = await cliente.post('/api/auth/password/set', { token, password: 'abcdefgh', confirmacion: 'abcdefgh' })
  expect(debil.status).toBe(400)
  expect((await debil.json()).message).toBe(
    'La contraseña no es válida: debe tener al menos 8 caracteres, un número, una mayúscula y una minúscula',
  )
  const caracteres = await cliente.post('/api/auth/password/set', {
    token,
    password: 'Clave 2026!',
    confirmacion: 'Clave 2026!',
  })
  expect((await caracteres.json()).message).toBe(
    'La contraseña solo puede contener letras y números, además de los caracteres especiales informados.',
  )
  const distintas = await cliente.post('/api/auth/password/set', {
    token,
    password: 'NuevaClave2026',
    confirmacion: 'NuevaClave2027',
  })
  expect(distintas.status).toBe(400)
  expect(await distintas.json()).toMatchObject({
    status: 'error',
    message: 'Las contraseñas no coinciden, por favor revisar.',
  })
  const vacia = await cliente.post('/api/auth/password/set', { token, password: '', confirmacion: '' })
  expect((await vacia.json()).message).toBe('La contraseña es obligatoria')

  // None of those used the link up.
  expect((await cliente.post('/api/auth/password/verify', { token })).status).toBe(200)
  expect((await login(email, DEMO_PASSWORD)).cuerpo.codRetorno).toBe(0)
  const conEnie = await cliente.post('/api/auth/password/set', {
    token,
    password: 'Ñandú_2026',
    confirmacion: 'Ñandú_2026',
  })
  expect(conEnie.status).toBe(200)
  expect((await login(email, 'Ñandú_2026')).cuerpo.codRetorno).toBe(0)
})

test('a bad reset request body gets a Spanish 400', async () => {
  const res = await clienteDePrueba(server.url).post('/api/auth/password/request', { email: '' })
  expect(res.status).toBe(400)
  expect(await res.json()).toMatchObject({ status: 'error', message: 'El correo electrónico es obligatorio' })
  const token = await clienteDePrueba(server.url).post('/api/auth/password/verify', { token: 'x'.repeat(500) })
  expect(token.status).toBe(400)
  expect(await token.json()).toEqual(ENLACE_INVALIDO)
})
