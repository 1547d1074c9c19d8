// The 'own students' scope through every staff endpoint about one student that asks
// `puedeConAlumno` (personal/alcance.ts), on SQLite and PostgreSQL: an assistant (scope 'propios')
// reaches the students they own and, for another assistant's student, gets the same 404 as for one
// that does not exist, with nothing written. The lists filter with `alumnosAlAlcance`
// (admin-alumnos, admin-pagos, admin-documentos… cover them).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_ALUMNO_NO_ENCONTRADO } from '../src/domain/busqueda-alumnos.ts'
import { MENSAJE_CUOTA_NO_ENCONTRADA, MENSAJE_PAGO_NO_ENCONTRADO } from '../src/domain/pagos.ts'
import { ALCANCE_DE_ROL, CAPACIDADES_DE_ROL } from '../src/domain/personal.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba
/** Francisca Herrera owns extranjera@demo.cl (and the payment's student); Tomás Muñoz owns neither. */
let duena: ClienteDePrueba
let ajeno: ClienteDePrueba
/** A payment of extranjera@demo.cl, recorded in person by her assistant below. */
let pagoId: string

const ALUMNA = 'alumno-extranjera'
const REGISTRO = { idPagoFlujo: 'FL-000123', codPagoFlujo: 'PF-77', codFilaWpay: 'WP-4411', appName: 'Caja Escuela' }

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  duena = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  ajeno = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.munoz)
  const registro = await duena.post('/api/admin/pagos/cuotas/INS-25-30688/1/presencial', REGISTRO)
  expect(registro.status, await registro.clone().text()).toBe(201)
  const [pago] = await consultarDb<{ id: string }>(
    servidor.dataDir,
    "select id from pagos where alumno_id = ? and medio = 'presencial'",
    ALUMNA,
  )
  pagoId = pago!.id
}, 60_000)
afterAll(() => servidor.close())

/** Each endpoint about one student, with what the assistant's role may do there and its 404. */
const ENDPOINTS: { metodo: 'GET' | 'POST'; ruta: () => string; cuerpo?: unknown; error: () => string }[] = [
  { metodo: 'GET', ruta: () => `/api/admin/alumnos/${ALUMNA}`, error: () => MENSAJE_ALUMNO_NO_ENCONTRADO },
  { metodo: 'GET', ruta: () => `/api/admin/alumnos/${ALUMNA}/historial`, error: () => MENSAJE_ALUMNO_NO_ENCONTRADO },
  { metodo: 'GET', ruta: () => `/api/admin/alumnos/${ALUMNA}/avisos`, error: () => MENSAJE_ALUMNO_NO_ENCONTRADO },
  { metodo: 'GET', ruta: () => `/api/admin/pagos/${pagoId}/reembolsos`, error: () => MENSAJE_PAGO_NO_ENCONTRADO },
  {
    metodo: 'POST',
    ruta: () => '/api/admin/pagos/cuotas/INS-25-30688/1/presencial',
    cuerpo: REGISTRO,
    error: () => MENSAJE_CUOTA_NO_ENCONTRADA,
  },
]

async function escrito(): Promise<unknown[]> {
  return Promise.all(
    ['auditoria', 'pagos', 'bloqueos_datos'].map(
      async (t) => (await consultarDb(servidor.dataDir, `select count(*) as n from ${t}`))[0],
    ),
  )
}

test('the assistant role reaches its own students only, and may use each endpoint below', () => {
  expect(ALCANCE_DE_ROL.asistente).toBe('propios')
  for (const capacidad of ['alumnos.ver', 'pagos.ver', 'pagos.registrar'] as const)
    expect(CAPACIDADES_DE_ROL.asistente).toContain(capacidad)
})

test.each(ENDPOINTS)('$metodo $ruta: another assistant’s student answers 404 as one that does not exist', async (e) => {
  const antes = await escrito()
  const res = await ajeno.request(e.metodo, e.ruta(), e.cuerpo)
  expect(res.status).toBe(404)
  expect(await res.json()).toEqual({ error: e.error() })
  expect(await escrito()).toEqual(antes)
})

test.each(ENDPOINTS.filter((e) => e.metodo === 'GET'))(
  '$metodo $ruta: the assistant who owns the student reads it',
  async (e) => {
    const res = await duena.request(e.metodo, e.ruta())
    expect(res.status, await res.clone().text()).toBe(200)
  },
)
