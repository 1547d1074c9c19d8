import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  clienteDePrueba,
  consultarDb,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'

let server: ServidorDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off' })
})
afterAll(() => server.close())

const base = {
  nombres: 'Matías',
  apellidos: 'Contreras Vidal',
  tipoDocumento: 'RUT',
  documento: '15.234.987-4',
  email: 'matias.contreras@ejemplo.cl',
  telefono: '+56 9 5555 1234',
  password: 'Clave2026',
  confirmacion: 'Clave2026',
}

async function alumnos(): Promise<number> {
  const [fila] = await consultarDb<{ n: number }>(server.dataDir, 'select count(*) as n from alumnos')
  return Number(fila?.n)
}

test('register creates an account with a normalised RUT, signed in at once, that can sign in again', async () => {
  const cliente = clienteDePrueba(server.url)
  const res = await cliente.post('/api/auth/register', base)
  expect(res.status).toBe(201)
  const creada = await res.json()
  expect(creada).toMatchObject({
    status: 'ok',
    message: 'Cuenta creada. Ya inició sesión en el portal.',
    codRetorno: 0,
    data: { Name: 'Matías', RUT__c: '15234987-4' },
  })
  // The reply's session is a real one: the new student's own data answers.
  const alumno = await (await cliente.get('/api/alumno')).json()
  expect(alumno.data.Codigo_Alumno__c).toBe(creada.data.Codigo_Alumno__c)
  await cliente.post('/api/auth/logout')

  const login = await (await cliente.post('/api/auth/login', { email: base.email, password: base.password })).json()
  expect(login.codRetorno).toBe(0)
  expect(login.data).toMatchObject({
    Name: 'Matías',
    hed__Former_Middle_Name__c: 'Contreras Vidal',
    RUT__c: '15234987-4',
  })
  expect(login.data.Codigo_Alumno__c).toMatch(/^AL\d{8}$/)
  // A new applicant belongs to the portal's own account, so the home hides the assistant block.
  expect(login.data.Owner.Email).toBe(login.cuentaServicio)
  expect(login.inscReciente).toBeUndefined()
})

test('an e-mail already on record is refused with 409', async () => {
  const res = await clienteDePrueba(server.url).post('/api/auth/register', {
    ...base,
    email: DEMO_CUENTAS.estudiante.toUpperCase(),
    documento: '11111111-1',
  })
  expect(res.status).toBe(409)
  expect(await res.json()).toMatchObject({
    status: 'error',
    message: 'Ya existe una cuenta con ese correo electrónico.',
  })
})

test('a RUT or passport already on record is refused with 409, however it is written', async () => {
  const antes = await alumnos()
  const rut = await clienteDePrueba(server.url).post('/api/auth/register', {
    ...base,
    email: 'otra@ejemplo.cl',
    documento: '16789432-1',
  })
  expect(rut.status).toBe(409)
  expect(await rut.json()).toMatchObject({ status: 'error', message: 'Ya existe una cuenta con ese RUT o pasaporte.' })
  const conPuntos = await clienteDePrueba(server.url).post('/api/auth/register', {
    ...base,
    email: 'otra@ejemplo.cl',
    documento: '016.789.432-1',
  })
  expect(conPuntos.status).toBe(409)
  const sinGuion = await clienteDePrueba(server.url).post('/api/auth/register', {
    ...base,
    email: 'otra@ejemplo.cl',
    documento: '167894321',
  })
  expect(sinGuion.status).toBe(409)
  const pasaporte = await clienteDePrueba(server.url).post('/api/auth/register', {
    ...base,
    email: 'otra@ejemplo.cl',
    tipoDocumento: 'PASAPORTE',
    documento: 'aaf482913',
  })
  expect(pasaporte.status).toBe(409)
  expect(await pasaporte.json()).toMatchObject({ message: 'Ya existe una cuenta con ese RUT o pasaporte.' })
  expect(await alumnos()).toBe(antes)
})

test('a RUT typed without dots or hyphen and a 9-digit mobile are taken and stored in their one form', async () => {
  const cliente = clienteDePrueba(server.url)
  const res = await cliente.post('/api/auth/register', {
    ...base,
    email: 'sofia.paredes@ejemplo.cl',
    documento: '16543210k',
    telefono: '987654321',
  })
  expect(res.status).toBe(201)
  const [fila] = await consultarDb<{ rut: string; telefono_particular: string }>(
    server.dataDir,
    'select rut, telefono_particular from alumnos where email = ?',
    'sofia.paredes@ejemplo.cl',
  )
  expect(fila).toEqual({ rut: '16543210-K', telefono_particular: '+56 9 8765 4321' })
})

test('a foreigner registers with a passport and gets the placeholder RUT', async () => {
  const cliente = clienteDePrueba(server.url)
  const datos = { ...base, email: 'lucia.mendez@ejemplo.com', tipoDocumento: 'PASAPORTE', documento: 'PE1234567' }
  expect((await cliente.post('/api/auth/register', datos)).status).toBe(201)
  const login = await (await cliente.post('/api/auth/login', { email: datos.email, password: datos.password })).json()
  expect(login.data.RUT__c).toBe('0-0')
})

test('an invalid RUT gets 400 and stores nothing', async () => {
  const antes = await alumnos()
  const res = await clienteDePrueba(server.url).post('/api/auth/register', {
    ...base,
    email: 'nuevo@ejemplo.cl',
    documento: '15234987-5',
  })
  expect(res.status).toBe(400)
  const cuerpo = await res.json()
  expect(cuerpo.campos.documento).toBe('El RUT no es válido (formato 12345678-9, con dígito verificador)')
  expect(cuerpo.status).toBe('error')
  expect(await alumnos()).toBe(antes)
})

test('a weak password gets 400 with the spec message, and mismatched confirmation its own', async () => {
  const antes = await alumnos()
  const debil = await clienteDePrueba(server.url).post('/api/auth/register', {
    ...base,
    email: 'nuevo@ejemplo.cl',
    documento: '11111111-1',
    password: 'clave',
    confirmacion: 'clave',
  })
  expect(debil.status).toBe(400)
  expect((await debil.json()).campos.password).toBe(
    'La contraseña no es válida: debe tener al menos 8 caracteres, un número, una mayúscula y una minúscula',
  )
  const distintas = await clienteDePrueba(server.url).post('/api/auth/register', {
    ...base,
    email: 'nuevo@ejemplo.cl',
    documento: '11111111-1',
    confirmacion: 'Clave2027',
  })
  expect(distintas.status).toBe(400)
  expect((await distintas.json()).campos.confirmacion).toBe('Las contraseñas no coinciden, por favor revisar.')
  expect(await alumnos()).toBe(antes)
})
