import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { borrarBaseDePrueba, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { abrirBaseDeDatos, migrar } from './db/connection.ts'
import { proveedorMigraciones } from './db/migrations/index.ts'
import { alumnosDemo, asistentesDemo, DEMO_CERTIFICADO_VALIDO, solicitudesDemo } from './db/seed/demo.ts'

let server: ServidorDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off' })
})
afterAll(() => server.close())

const validar = (codValidador: unknown) =>
  clienteDePrueba(server.url).post('/api/certificados/validar', { codValidador })

test('a valid code answers status 1 with the prospect code and a sentence naming student, program and date', async () => {
  const res = await validar(DEMO_CERTIFICADO_VALIDO)
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({
    status: 1,
    data: {
      codProspecto: 'PRO-0081452',
      msgvalido:
        'Certificado válido: Camila Andrea Rojas Soto aprobó el Diplomado en Medicina Intensiva del Adulto el 17 de enero de 2025.',
    },
    msg: 'Certificado válido',
  })
})

test('a certificate records what it certified when issued, and the validator shows that after the profile changes', async () => {
  const [fila] = await consultarDb(
    server.dataDir,
    'SELECT titular_nombre, titular_tipo_documento, titular_documento, programa, fecha_emision FROM documentos_emitidos WHERE codigo = ?',
    DEMO_CERTIFICADO_VALIDO,
  )
  expect(fila).toEqual({
    titular_nombre: 'Camila Andrea Rojas Soto',
    titular_tipo_documento: 'RUT',
    titular_documento: '16789432-1',
    programa: 'Diplomado en Medicina Intensiva del Adulto',
    fecha_emision: '2025-01-17',
  })
  await consultarDb(
    server.dataDir,
    "UPDATE alumnos SET nombres = 'Otra Persona', apellidos = 'Distinta', rut = '11111111-1' WHERE id = 'alumno-estudiante'",
  )
  await consultarDb(
    server.dataDir,
    "UPDATE solicitudes SET cod_prospecto = 'PRO-CAMBIADO' WHERE codigo_inscripcion = 'INS-24-20117'",
  )
  try {
    const cuerpo = (await (await validar(DEMO_CERTIFICADO_VALIDO)).json()) as {
      data: { codProspecto: string; msgvalido: string }
    }
    expect(cuerpo.data.msgvalido).toContain('Camila Andrea Rojas Soto')
    expect(cuerpo.data.msgvalido).not.toContain('Otra Persona')
    expect(cuerpo.data.codProspecto).toBe('PRO-0081452')
  } finally {
    await consultarDb(
      server.dataDir,
      "UPDATE alumnos SET nombres = 'Camila Andrea', apellidos = 'Rojas Soto', rut = '16789432-1' WHERE id = 'alumno-estudiante'",
    )
    await consultarDb(
      server.dataDir,
      "UPDATE solicitudes SET cod_prospecto = 'PRO-0081452' WHERE codigo_inscripcion = 'INS-24-20117'",
    )
  }
})

test('the code is matched regardless of case and surrounding spaces', async () => {
  expect((await (await validar(` ${DEMO_CERTIFICADO_VALIDO.toLowerCase()} `)).json()).status).toBe(1)
})

test('an unknown code answers status 0 with a Spanish message', async () => {
  const res = await validar('ZZZZZZZZZZZZZZZZZZZZZZZZZZZZ')
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({
    status: 0,
    msg: 'El código ingresado no corresponde a un certificado emitido por la escuela.',
  })
})

test('a code over 64 characters, or an empty one, is a 400 with the spec message', async () => {
  const largo = await validar('A'.repeat(65))
  expect(largo.status).toBe(400)
  expect(await largo.json()).toMatchObject({
    status: 0,
    msg: 'El código ingresado no corresponde',
    error: 'El código ingresado no corresponde',
  })
  const vacio = await validar('  ')
  expect(vacio.status).toBe(400)
  expect((await vacio.json()).msg).toBe('Ingrese el código del certificado')
  // 64 characters is still a code to look up.
  expect((await (await validar('A'.repeat(64))).json()).status).toBe(0)
})

test('certificates issued before the holder was recorded take it from the profile, and stay valid codes without a file once documents are issued with files', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-certificados-'))
  const db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(dataDir))
  try {
    const previa = await new Migrator({ db, provider: proveedorMigraciones }).migrateTo(
      '0002-persona-idempotencia-archivos',
    )
    expect(previa.error).toBeUndefined()
    await db.insertInto('asistentes').values(asistentesDemo('portal@postgrado-demo.cl')).execute()
    await db.insertInto('alumnos').values(alumnosDemo('sin-clave', '2024-01-01T00:00:00.000Z')).execute()
    // The enrolments as they were then, before they recorded hours, fees and billing companies.
    await db
      .insertInto('solicitudes')
      // Typed as today's table, which has more columns than this migration had.
      .values(solicitudesDemo.map((s) => omitir(s, ['horas', 'fecha_termino', 'arancel', 'rut_empresa'])) as never)
      .execute()
    await sql`insert into certificados (codigo, alumno_id, codigo_inscripcion, fecha_emision, programa)
      values ('ANTIGUO-RUT', 'alumno-estudiante', 'INS-24-20117', '2025-01-17', 'Diplomado en Medicina Intensiva del Adulto'),
             ('ANTIGUO-PASAPORTE', 'alumno-extranjera', 'INS-25-30688', '2026-01-20', 'Diplomado en Medicina de Urgencia')`.execute(
      db,
    )

    await migrar(db)
    const filas = await db
      .selectFrom('documentos_emitidos')
      .select([
        'codigo',
        'cod_tipo_documento',
        'titular_nombre',
        'titular_tipo_documento',
        'titular_documento',
        'cod_prospecto',
        'blob_clave',
      ])
      .orderBy('codigo')
      .execute()
    expect(filas).toEqual([
      {
        codigo: 'ANTIGUO-PASAPORTE',
        cod_tipo_documento: '35',
        titular_nombre: 'Valentina García Pérez',
        titular_tipo_documento: 'PASAPORTE',
        titular_documento: 'AAF482913',
        cod_prospecto: expect.stringMatching(/^PRO-/),
        blob_clave: null,
      },
      {
        codigo: 'ANTIGUO-RUT',
        cod_tipo_documento: '35',
        titular_nombre: 'Camila Andrea Rojas Soto',
        titular_tipo_documento: 'RUT',
        titular_documento: '16789432-1',
        cod_prospecto: 'PRO-0081452',
        blob_clave: null,
      },
    ])
  } finally {
    await db.destroy()
    rmSync(dataDir, { recursive: true, force: true })
    await borrarBaseDePrueba(dataDir)
  }
})

function omitir<T extends object>(objeto: T, claves: readonly (keyof T)[]): Partial<T> {
  return Object.fromEntries(Object.entries(objeto).filter(([k]) => !claves.includes(k as keyof T))) as Partial<T>
}
