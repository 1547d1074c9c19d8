// The 'own students' scope through every staff endpoint about one student that asks
// `puedeConAlumno` (personal/alcance.ts), on SQLite and PostgreSQL: an assistant (scope 'propios')
// reaches the students they own and, for another assistant's student, gets the same 404 as for one
// that does not exist, with nothing written. Every list and count an assistant reads filters
// with `alumnosAlAlcance`: the second half walks each one and fails on a student out of reach.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fechaEnChile } from '../src/domain/fechas.ts'
import { MENSAJE_ALUMNO_NO_ENCONTRADO } from '../src/domain/busqueda-alumnos.ts'
import { MENSAJE_CUOTA_NO_ENCONTRADA, MENSAJE_PAGO_NO_ENCONTRADO } from '../src/domain/pagos.ts'
import { ALCANCE_DE_ROL, CAPACIDADES_DE_ROL } from '../src/domain/personal.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { encuestaCompleta } from '../tests/support/encuesta.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba
/** Francisca Herrera owns extranjera@demo.cl (and the payment's student); Tomás Muñoz owns neither. */
let duena: ClienteDePrueba
let ajeno: ClienteDePrueba
/** The whole school: every list reaches her, so a list that does not is no proof of the scope. */
let admin: ClienteDePrueba
/** A payment of extranjera@demo.cl, recorded in person by her assistant below. */
let pagoId: string

const ALUMNA = 'alumno-extranjera'
const REGISTRO = { idPagoFlujo: 'FL-000123', codPagoFlujo: 'PF-77', codFilaWpay: 'WP-4411', appName: 'Caja Escuela' }

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  duena = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  ajeno = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.munoz)
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  const registro = await duena.post('/api/admin/pagos/cuotas/INS-25-30688/1/presencial', REGISTRO)
  expect(registro.status, await registro.clone().text()).toBe(201)
  const [pago] = await consultarDb<{ id: string }>(
    servidor.dataDir,
    "select id from pagos where alumno_id = ? and medio = 'presencial'",
    ALUMNA,
  )
  pagoId = pago!.id
  // Her survey, so the survey results and their spreadsheet have something of hers to leave out.
  const alumna = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
  const encuesta = await alumna.post('/api/solicitudes/INS-25-30688/encuesta', encuestaCompleta())
  expect(encuesta.status, await encuesta.clone().text()).toBe(201)
}, 60_000)
afterAll(() => servidor.close())

/** Each endpoint about one student, with what the assistant's role may do there and its 404. */
const ENDPOINTS: {
  metodo: 'GET' | 'POST'
  /** The address as the test's name shows it. */
  nombre: string
  ruta: () => string
  cuerpo?: unknown
  error: () => string
}[] = [
  {
    metodo: 'GET',
    nombre: '/api/admin/alumnos/:alumno',
    ruta: () => `/api/admin/alumnos/${ALUMNA}`,
    error: () => MENSAJE_ALUMNO_NO_ENCONTRADO,
  },
  {
    metodo: 'GET',
    nombre: '/api/admin/alumnos/:alumno/historial',
    ruta: () => `/api/admin/alumnos/${ALUMNA}/historial`,
    error: () => MENSAJE_ALUMNO_NO_ENCONTRADO,
  },
  {
    metodo: 'GET',
    nombre: '/api/admin/alumnos/:alumno/avisos',
    ruta: () => `/api/admin/alumnos/${ALUMNA}/avisos`,
    error: () => MENSAJE_ALUMNO_NO_ENCONTRADO,
  },
  {
    metodo: 'GET',
    nombre: '/api/admin/pagos/:pago/reembolsos',
    ruta: () => `/api/admin/pagos/${pagoId}/reembolsos`,
    error: () => MENSAJE_PAGO_NO_ENCONTRADO,
  },
  {
    metodo: 'POST',
    nombre: '/api/admin/pagos/cuotas/INS-25-30688/1/presencial',
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

test.each(ENDPOINTS)(
  '$metodo $nombre: another assistant’s student answers 404 as one that does not exist',
  async (e) => {
    const antes = await escrito()
    const res = await ajeno.request(e.metodo, e.ruta(), e.cuerpo)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: e.error() })
    expect(await escrito()).toEqual(antes)
  },
)

test.each(ENDPOINTS.filter((e) => e.metodo === 'GET'))(
  '$metodo $nombre: the assistant who owns the student reads it',
  async (e) => {
    const res = await duena.request(e.metodo, e.ruta())
    expect(res.status, await res.clone().text()).toBe(200)
  },
)

/** What would show ALUMNA on a list: her id and her surnames (Valentina García Pérez). */
const RASTROS_DE_ALUMNA = [ALUMNA, 'García Pérez']

/** A reply's text, a spreadsheet's cells included. */
async function texto(res: Response): Promise<string> {
  if (!(res.headers.get('content-type') ?? '').includes('spreadsheetml')) return res.text()
  const libro = new ExcelJS.Workbook()
  await libro.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
  return libro.worksheets.flatMap((hoja) => hoja.getSheetValues().map((fila) => JSON.stringify(fila ?? []))).join('\n')
}

/** Each list the assistant's role reads, with ALUMNA on it for the whole school (today's payment). */
const hoy = () => fechaEnChile(new Date())
const LISTAS: { nombre: string; ruta: () => string }[] = [
  { nombre: '/api/admin/alumnos', ruta: () => '/api/admin/alumnos?q=' },
  { nombre: '/api/admin/documentos', ruta: () => '/api/admin/documentos' },
  { nombre: '/api/admin/pagos', ruta: () => '/api/admin/pagos' },
  {
    nombre: '/api/admin/pagos/conciliacion',
    ruta: () => `/api/admin/pagos/conciliacion?desde=${hoy()}&hasta=${hoy()}`,
  },
  { nombre: '/api/admin/encuestas/planilla', ruta: () => '/api/admin/encuestas/planilla' },
  {
    nombre: '/api/admin/pagos/conciliacion/planilla',
    ruta: () => `/api/admin/pagos/conciliacion/planilla?desde=${hoy()}&hasta=${hoy()}`,
  },
]

test.each(LISTAS)(
  '$nombre: the whole school finds the student there, an assistant who does not own her does not',
  async ({ ruta }) => {
    const todos = await admin.get(ruta())
    expect(todos.status, ruta()).toBe(200)
    expect(await texto(todos)).toContain('García Pérez')
    const propios = await ajeno.get(ruta())
    expect(propios.status, ruta()).toBe(200)
    const suyo = await texto(propios)
    for (const rastro of RASTROS_DE_ALUMNA) expect(suyo).not.toContain(rastro)
  },
)

test('the staff home counts the documents waiting for review of the member’s students only', async () => {
  const porRevisar = async (alumno?: string) => {
    let total = 0
    for (const tabla of ['archivos_solicitud', 'archivos_personales', 'archivos_postulacion']) {
      const [fila] = await consultarDb<{ n: number }>(
        servidor.dataDir,
        `select count(*) as n from ${tabla} where estado_revision = 'en-revision'${alumno ? ' and alumno_id = ?' : ''}`,
        ...(alumno ? [alumno] : []),
      )
      total += Number(fila!.n)
    }
    return total
  }
  const resumen = async (cliente: ClienteDePrueba) =>
    ((await (await cliente.get('/api/admin/resumen')).json()) as { documentosEnRevision: number }).documentosEnRevision
  // Tomás Muñoz reaches estudiante@demo.cl only; ALUMNA's waiting documents count for the school.
  expect(await porRevisar(ALUMNA)).toBeGreaterThan(0)
  expect(await resumen(admin)).toBe(await porRevisar())
  expect(await resumen(ajeno)).toBe(await porRevisar('alumno-estudiante'))
})

test('the survey results count the surveys of the member’s students only', async () => {
  const respondidas = async (cliente: ClienteDePrueba) =>
    ((await (await cliente.get('/api/admin/encuestas')).json()) as { respondidas: number }).respondidas
  const enviadas = async (alumno?: string) =>
    Number(
      (
        await consultarDb<{ n: number }>(
          servidor.dataDir,
          `select count(*) as n from encuestas${alumno ? ' where alumno_id = ?' : ''}`,
          ...(alumno ? [alumno] : []),
        )
      )[0]!.n,
    )
  expect(await enviadas(ALUMNA)).toBe(1)
  expect(await respondidas(admin)).toBe(await enviadas())
  expect(await respondidas(ajeno)).toBe(await enviadas('alumno-estudiante'))
})
