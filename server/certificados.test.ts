import { afterAll, beforeAll, expect, test } from 'vitest'
import { apiClient, consultarDb, startTestServer, type TestServer } from '../tests/support/server.ts'
import { DEMO_CERTIFICADO_VALIDO } from './db/seed/demo.ts'
import { fechaLarga } from './routes/certificados.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ throttle: 'off' })
})
afterAll(() => server.close())

const validar = (codValidador: unknown) => apiClient(server.url).post('/api/certificados/validar', { codValidador })

test('a valid code answers status 1 with the prospect code and a sentence naming student, program and date', async () => {
  const res = await validar(DEMO_CERTIFICADO_VALIDO)
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({
    status: 1,
    data: {
      codProspecto: 'PRO-0081452',
      msgvalido: 'Certificado válido: Camila Andrea Rojas Soto aprobó el Diplomado en Medicina Intensiva del Adulto el 17 de enero de 2025.',
    },
    msg: 'Certificado válido',
  })
})

test('a certificate records what it certified when issued, and the validator shows that after the profile changes', async () => {
  const [fila] = await consultarDb(
    server.dataDir,
    'SELECT titular_nombre, titular_tipo_documento, titular_documento, programa, fecha_inicio, fecha_emision FROM certificados WHERE codigo = ?',
    DEMO_CERTIFICADO_VALIDO,
  )
  expect(fila).toEqual({
    titular_nombre: 'Camila Andrea Rojas Soto',
    titular_tipo_documento: 'RUT',
    titular_documento: '16789432-1',
    programa: 'Diplomado en Medicina Intensiva del Adulto',
    fecha_inicio: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    fecha_emision: '2025-01-17',
  })
  await consultarDb(server.dataDir, "UPDATE alumnos SET nombres = 'Otra Persona', apellidos = 'Distinta', rut = '11111111-1' WHERE id = 'alumno-estudiante'")
  try {
    const cuerpo = (await (await validar(DEMO_CERTIFICADO_VALIDO)).json()) as { data: { msgvalido: string } }
    expect(cuerpo.data.msgvalido).toContain('Camila Andrea Rojas Soto')
    expect(cuerpo.data.msgvalido).not.toContain('Otra Persona')
  } finally {
    await consultarDb(server.dataDir, "UPDATE alumnos SET nombres = 'Camila Andrea', apellidos = 'Rojas Soto', rut = '16789432-1' WHERE id = 'alumno-estudiante'")
  }
})

test('the code is matched regardless of case and surrounding spaces', async () => {
  expect((await (await validar(` ${DEMO_CERTIFICADO_VALIDO.toLowerCase()} `)).json()).status).toBe(1)
})

test('an unknown code answers status 0 with a Spanish message', async () => {
  const res = await validar('ZZZZZZZZZZZZZZZZZZZZZZZZZZZZ')
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ status: 0, msg: 'El código ingresado no corresponde a un certificado emitido por la escuela.' })
})

test('a code over 64 characters, or an empty one, is a 400 with the spec message', async () => {
  const largo = await validar('A'.repeat(65))
  expect(largo.status).toBe(400)
  expect(await largo.json()).toMatchObject({ status: 0, msg: 'El código ingresado no corresponde', error: 'El código ingresado no corresponde' })
  const vacio = await validar('  ')
  expect(vacio.status).toBe(400)
  expect((await vacio.json()).msg).toBe('Ingrese el código del certificado')
  // 64 characters is still a code to look up.
  expect((await (await validar('A'.repeat(64))).json()).status).toBe(0)
})

test('dates are written the Spanish way', () => {
  expect(fechaLarga('2026-03-15')).toBe('15 de marzo de 2026')
  expect(fechaLarga('2024-12-01')).toBe('1 de diciembre de 2024')
})
