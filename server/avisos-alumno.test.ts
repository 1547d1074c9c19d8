// The staff's view of what was sent to a student (GET /api/admin/alumnos/:id/avisos), on SQLite and
// PostgreSQL: every notice with its deliveries per channel; an assistant reaches only their own
// students.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_ALUMNO_NO_ENCONTRADO } from '../src/domain/busqueda-alumnos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import { iniciarServidorDePrueba, type ServidorDePrueba } from '../tests/support/servidor.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
}, 60_000)
afterAll(() => servidor.close())

// A staff endpoint: the data itself, not the student's operations' { status: 'ok', data }.
type Historial = {
  avisos: {
    titulo: string
    cuerpo: string
    creadaEn: string
    envios: { canal: string; modo: string; estado: string }[]
  }[]
}

test('the staff see each notice a student was given, and by which channel it goes', async () => {
  const coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  const res = await coordinacion.get('/api/admin/alumnos/alumno-estudiante/avisos')
  expect(res.status).toBe(200)
  const data = (await res.json()) as Historial
  expect(data).not.toHaveProperty('status')
  // The demo's program receipt of INS-24-20117, issued at the first start: waiting for the daily digest.
  const comprobante = data.avisos.find((a) => a.titulo === 'Comprobante de pago disponible')
  expect(comprobante?.envios).toEqual([
    expect.objectContaining({ canal: 'correo', modo: 'resumen', estado: 'pendiente' }),
  ])
  expect(data.avisos.map((a) => a.creadaEn)).toEqual(
    data.avisos
      .map((a) => a.creadaEn)
      .sort()
      .reverse(),
  )
})

test('an assistant reads the notices of their own students only', async () => {
  const herrera = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  expect((await herrera.get('/api/admin/alumnos/alumno-estudiante/avisos')).status).toBe(200)
  // Neither she nor any of her enrolments is his.
  const munoz = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.munoz)
  const ajeno = await munoz.get('/api/admin/alumnos/alumno-extranjera/avisos')
  expect(ajeno.status).toBe(404)
  expect(await ajeno.json()).toEqual({ error: MENSAJE_ALUMNO_NO_ENCONTRADO })
})
