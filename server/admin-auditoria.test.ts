// The whole audit log (admins only): every staff action, newest first, filtered by staff member,
// action and Chile's calendar days (both ends included), a page at a time; bad filters refused in
// Spanish; reading it writes nothing. On SQLite and PostgreSQL alike.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_FECHA_INVALIDA,
  MENSAJE_FILTRO_INVALIDO,
  MENSAJE_RANGO_INVALIDO,
  TAMANO_PAGINA_AUDITORIA,
} from '../src/domain/auditoria.ts'
import { MENSAJE_PAGINA_INVALIDA } from '../src/domain/busqueda-alumnos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

type Evento = {
  id: string
  en: string
  accion: string
  etiqueta: string
  actor: { id: string; nombre: string }
  alumno: { id: string; nombre: string | null } | null
}
type Log = {
  eventos: Evento[]
  total: number
  pagina: number
  paginas: number
  filtros: { personal: { id: string; nombre: string }[]; acciones: { accion: string; etiqueta: string }[] }
}

let servidor: ServidorDePrueba
let admin: ClienteDePrueba

async function auditar(id: string, en: string, actor: [string, string], accion: string, alumnoId: string | null) {
  await consultarDb(
    servidor.dataDir,
    `insert into auditoria (id, en, actor_tipo, actor_id, actor_nombre, actor_rol, accion, alumno_id, ip)
     values (?, ?, 'personal', ?, ?, 'coordinacion', ?, ?, '10.0.0.7')`,
    id,
    en,
    actor[0],
    actor[1],
    accion,
    alumnoId,
  )
}

const COORDINACION: [string, string] = ['personal-coordinacion', 'Rodrigo Fuentes Lagos']
const HERRERA: [string, string] = ['personal-herrera', 'Francisca Herrera Méndez']

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  // Around midnight in Chile (UTC-3 in March): 02:30 UTC on the 10th is still the 9th there.
  await auditar('a-1', '2026-03-09T12:00:00.000Z', COORDINACION, 'documento.aprobar', 'alumno-estudiante')
  await auditar('a-2', '2026-03-10T02:30:00.000Z', COORDINACION, 'documento.rechazar', 'alumno-estudiante')
  await auditar('a-3', '2026-03-10T03:30:00.000Z', HERRERA, 'documento.aprobar', 'alumno-extranjera')
  await auditar('a-4', '2026-03-11T15:00:00.000Z', HERRERA, 'certificado.revocar', null)
})
afterAll(() => servidor.close())

async function log(consulta = ''): Promise<Log> {
  const res = await admin.get(`/api/admin/auditoria${consulta}`)
  expect(res.status, `${consulta}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as Log
}

const ids = (l: Log) => l.eventos.map((e) => e.id)

test('every staff action, newest first, with who did it and the student concerned; the sign-ins too', async () => {
  const todo = await log()
  expect(todo.eventos.filter((e) => e.id.startsWith('a-')).map((e) => e.id)).toEqual(['a-4', 'a-3', 'a-2', 'a-1'])
  // The admin's own sign-in, today, comes first.
  expect(todo.eventos[0]).toMatchObject({
    accion: 'sesion.ingreso',
    etiqueta: 'Ingreso al área de la escuela',
    actor: { id: 'personal-admin' },
  })
  expect(todo.eventos.find((e) => e.id === 'a-3')).toMatchObject({
    actor: { nombre: 'Francisca Herrera Méndez' },
    alumno: { id: 'alumno-extranjera', nombre: 'Valentina García Pérez' },
  })
  expect(todo.eventos.find((e) => e.id === 'a-4')!.alumno).toBeNull()
  // What the filters offer: every staff member, and every action recorded or known, in words.
  expect(todo.filtros.personal.map((p) => p.id)).toEqual(
    expect.arrayContaining(['personal-admin', 'personal-coordinacion', 'personal-herrera', 'personal-munoz']),
  )
  expect(todo.filtros.acciones).toEqual(
    expect.arrayContaining([
      { accion: 'sesion.ingreso', etiqueta: 'Ingreso al área de la escuela' },
      { accion: 'documento.aprobar', etiqueta: expect.any(String) },
      { accion: 'sesion.segundo-factor-fallido', etiqueta: 'Código de verificación rechazado' },
    ]),
  )
})

test('by staff member, by action, and both', async () => {
  expect(ids(await log('?personal=personal-herrera'))).toEqual(['a-4', 'a-3'])
  expect(ids(await log('?accion=documento.aprobar'))).toEqual(['a-3', 'a-1'])
  expect(ids(await log('?personal=personal-coordinacion&accion=documento.aprobar'))).toEqual(['a-1'])
  expect(await log('?personal=personal-munoz&accion=documento.aprobar')).toMatchObject({ eventos: [], total: 0 })
  const ingresos = await log('?personal=personal-admin&accion=sesion.ingreso')
  expect(ingresos.total).toBe(1)
})

test('by dates: Chile’s calendar days, both ends included', async () => {
  // 02:30 UTC on the 10th happened on the 9th in Chile.
  expect(ids(await log('?desde=2026-03-09&hasta=2026-03-09'))).toEqual(['a-2', 'a-1'])
  expect(ids(await log('?desde=2026-03-10&hasta=2026-03-10'))).toEqual(['a-3'])
  expect(ids(await log('?desde=2026-03-10&hasta=2026-03-11'))).toEqual(['a-4', 'a-3'])
  expect(ids(await log('?hasta=2026-03-09'))).toEqual(['a-2', 'a-1'])
  expect(ids(await log('?personal=personal-herrera&desde=2026-03-11'))).toEqual(['a-4'])
})

test('a page at a time', async () => {
  for (let i = 0; i < TAMANO_PAGINA_AUDITORIA + 2; i++)
    await auditar(
      `p-${String(i).padStart(2, '0')}`,
      `2026-02-01T12:${String(i).padStart(2, '0')}:00.000Z`,
      HERRERA,
      'documento.aprobar',
      null,
    )
  const primera = await log('?accion=documento.aprobar')
  expect(primera).toMatchObject({ total: TAMANO_PAGINA_AUDITORIA + 4, pagina: 1, paginas: 2 })
  expect(primera.eventos).toHaveLength(TAMANO_PAGINA_AUDITORIA)
  const segunda = await log('?accion=documento.aprobar&pagina=2')
  expect(ids(segunda)).toEqual(['p-03', 'p-02', 'p-01', 'p-00'])
})

test('bad filters are refused in Spanish, and reading the log writes nothing', async () => {
  const filas = async () =>
    (await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from auditoria'))[0]!.n
  const antes = await filas()
  const casos: [string, string][] = [
    ['desde=09-03-2026', MENSAJE_FECHA_INVALIDA],
    ['hasta=2026-02-30', MENSAJE_FECHA_INVALIDA],
    ['desde=2026-03-11&hasta=2026-03-10', MENSAJE_RANGO_INVALIDO],
    ['pagina=0', MENSAJE_PAGINA_INVALIDA],
    [`accion=${'x'.repeat(101)}`, MENSAJE_FILTRO_INVALIDO],
  ]
  for (const [consulta, mensaje] of casos) {
    const res = await admin.get(`/api/admin/auditoria?${consulta}`)
    expect(res.status, consulta).toBe(400)
    expect(((await res.json()) as { error: string }).error, consulta).toBe(mensaje)
  }
  await log()
  expect(await filas()).toBe(antes)
})
