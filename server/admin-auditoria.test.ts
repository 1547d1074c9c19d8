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
import { momentoEnPalabras } from '../src/domain/palabras-auditoria.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { CONCURSOS_DEMO } from './db/seed/concursos-ofertas.ts'
import { DEMO_CERTIFICADO_ACLS } from './db/seed/demo.ts'
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

type EnPalabras = {
  id: string
  en: string
  accion: string
  etiqueta: string
  registro: string | null
  cambios: { campo: string; valor: string }[]
  alumno: { id: string; nombre: string | null } | null
}

/** Text that reads like a database: a code with a dot, a camelCase name, an id, a UTC moment. */
const PARECE_BASE_DE_DATOS = /\b[a-z]+\.[a-z-]+\b|\b[a-z]+[A-Z][a-z]+\b|personal-|asistente-|\d{4}-\d{2}-\d{2}T|→ —/

test('each row reads in words: its record by name, each change in Spanish, people by name, moments in Chile', async () => {
  // Real actions, as the screens make them.
  expect((await admin.post(`/api/admin/concursos/${CONCURSOS_DEMO.proximo}/cerrar`)).status).toBe(200)
  expect((await admin.post('/api/admin/personal/personal-munoz/rol', { rol: 'coordinacion' })).status).toBe(200)
  const revocado = await admin.post(`/api/admin/certificados/${DEMO_CERTIFICADO_ACLS}/revocar`, {
    motivo: 'Emitido con el nombre mal escrito',
  })
  expect(revocado.status).toBe(200)
  // A partial refund as the payments code records it (the state kept, the amount refunded before).
  const [pago] = await consultarDb<{ id: string; descripcion: string }>(
    servidor.dataDir,
    "select id, descripcion from pagos where alumno_id = 'alumno-estudiante' and estado = 'aprobado' order by id limit 1",
  )
  await consultarDb(
    servidor.dataDir,
    `insert into auditoria (id, en, actor_tipo, actor_id, actor_nombre, actor_rol, accion, entidad, entidad_id, alumno_id, antes, despues, ip)
     values ('r-1', '2026-07-15T03:30:00.000Z', 'personal', 'personal-admin', 'Carolina Vidal Rojas', 'admin',
             'pago.reembolsar', 'pago', ?, 'alumno-estudiante', ?, ?, '10.0.0.7')`,
    pago!.id,
    JSON.stringify({ estado: 'aprobado', reembolsado: 0 }),
    JSON.stringify({ reembolso: 'reembolso-1', monto: 250000, motivo: 'Retiro', tipo: 'NULLIFIED', saldo: 200000 }),
  )

  const eventos = (await log('?personal=personal-admin')).eventos as unknown as EnPalabras[]
  const de = (accion: string) => eventos.find((e) => e.accion === accion)!
  expect(de('concurso.cerrar')).toMatchObject({
    etiqueta: 'Concurso cerrado',
    registro: 'Concurso de Medicina Familiar (Hospital Dr. Hernán Henríquez Aravena)',
    cambios: [{ campo: 'Publicación', valor: 'de Publicado a Cerrado por la escuela' }],
  })
  expect(de('personal.cambiar-rol')).toMatchObject({
    registro: 'Cuenta de Tomás Muñoz Araya',
    cambios: [
      { campo: 'Rol', valor: 'de Asistente comercial a Coordinación académica' },
      { campo: 'Asistente comercial', valor: 'de Tomás Muñoz Araya a ninguno' },
    ],
  })
  const revocacion = de('certificado.revocar')
  expect(revocacion.registro).toBe(`Certificado ${DEMO_CERTIFICADO_ACLS}`)
  expect(revocacion.cambios).toEqual([
    { campo: 'Revocado el', valor: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/) },
    { campo: 'Motivo de la revocación', valor: 'Emitido con el nombre mal escrito' },
    { campo: 'Revocado por', valor: 'Carolina Vidal Rojas' },
  ])
  expect(revocacion.cambios[0]!.valor).toBe(momentoEnPalabras(revocacion.en))
  // 03:30 UTC on 15 July is 23:30 the evening before in Chile (winter time, UTC-4).
  expect(de('pago.reembolsar')).toMatchObject({
    etiqueta: 'Pago reembolsado',
    registro: `Pago: ${pago!.descripcion}`,
    cambios: [
      { campo: 'Estado', valor: 'Aprobado (sin cambio)' },
      { campo: 'Reembolsado hasta entonces', valor: '$0' },
      { campo: 'Monto reembolsado', valor: '$250.000' },
      { campo: 'Motivo', valor: 'Retiro' },
      { campo: 'Tipo de reembolso', valor: 'Devuelto a la tarjeta' },
      { campo: 'Saldo del pago', valor: '$200.000' },
    ],
  })
  expect(momentoEnPalabras(de('pago.reembolsar').en)).toBe('14-07-2026 23:30')
  // Nothing of it reads like a database.
  for (const e of eventos)
    for (const texto of [e.etiqueta, e.registro ?? '', ...e.cambios.flatMap((c) => [c.campo, c.valor])])
      expect(texto, `${e.accion}: ${texto}`).not.toMatch(PARECE_BASE_DE_DATOS)

  // The student's history reads the same, for the actions that concern her.
  const historial = await admin.get('/api/admin/alumnos/alumno-estudiante/historial')
  const suyos = ((await historial.json()) as { eventos: EnPalabras[] }).eventos
  expect(suyos.map((e) => e.accion)).toEqual(expect.arrayContaining(['certificado.revocar', 'pago.reembolsar']))
  expect(suyos.find((e) => e.accion === 'certificado.revocar')!.cambios).toEqual(revocacion.cambios)
})
