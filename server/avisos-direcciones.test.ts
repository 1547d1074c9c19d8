// What migrations 0028 and 0037 do to the notices a database already holds, on SQLite and
// PostgreSQL: the ones made before 0028, which opened a whole screen, open the very thing they are
// about, as new ones do (the enrolment at its survey, regulations, certificate or program receipt;
// a document at its place); every notice still stands. 0037 renames what the portal once called
// an invoice: the issued documents' kind and their notices, their words and their address.
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { direccionesExactas } from './db/migrations/0028-avisos-vigencia.ts'
import { comprobantesNoTributarios } from './db/migrations/0037-comprobante-no-tributario.ts'
import { DEMO_CERTIFICADO_ACLS, DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from './db/seed/demo.ts'
import { urlDocumentoPersonal, urlSolicitud } from '../src/domain/urls.ts'

let servidor: ServidorDePrueba
let db: Db

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(servidor.dataDir))
})
afterAll(async () => {
  await db?.destroy()
  await servidor?.close()
})

type Fila = { ocasion: string; ruta: string; retirada_en: string | null }

const rutas = (tipo: string) =>
  consultarDb<Fila>(
    servidor.dataDir,
    'select ocasion, ruta, retirada_en from notificaciones where tipo = ? order by ocasion',
    tipo,
  )

test('the notices made before it open the very thing they are about', async () => {
  // A decision on an enrolment's document and on a personal one, made before the migration.
  const alumno = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const form = new FormData()
  form.append('codTipoDocumento', '21')
  form.append('archivo', new File(['%PDF-1.4\n%%EOF\n'], 'trabajo.pdf', { type: 'application/pdf' }))
  const subida = await alumno.request('POST', '/api/alumno/documentos', form)
  expect(subida.status).toBe(201)
  const [personal] = await consultarDb<{ id: string }>(
    servidor.dataDir,
    "select id from archivos_personales where alumno_id = 'alumno-estudiante' and cod_documento = '21'",
  )
  for (const [id, ocasion, ruta] of [
    ['aviso-solicitud', 'archivos_solicitud:archivo-40018-42', '/info/solicitudes'],
    ['aviso-personal', `archivos_personales:${personal!.id}`, '/info/personal'],
  ])
    await consultarDb(
      servidor.dataDir,
      `insert into notificaciones (id, alumno_id, tipo, ocasion, tema, titulo, cuerpo, ruta, creada_en)
       values (?, 'alumno-estudiante', 'documento-rechazado', ?, ?, 'Documento rechazado', '…', ?, ?)`,
      id,
      ocasion,
      `documento-rechazado:${ocasion}`,
      ruta,
      new Date().toISOString(),
    )
  // As the notices read before: every one opened the list.
  await consultarDb(
    servidor.dataDir,
    `update notificaciones set ruta = '/info/solicitudes'
     where tipo in ('encuesta-pendiente', 'reglamento-pendiente', 'documento-emitido')`,
  )
  const antes = await consultarDb<{ ruta: string }>(
    servidor.dataDir,
    "select ruta from notificaciones where tipo = 'encuesta-pendiente'",
  )
  expect(antes.length).toBeGreaterThan(0)
  expect(antes.every((f) => f.ruta === '/info/solicitudes')).toBe(true)

  await direccionesExactas(db as unknown as Kysely<unknown>)

  for (const tipo of ['encuesta-pendiente', 'reglamento-pendiente'] as const) {
    const filas = await rutas(tipo)
    for (const f of filas) {
      const codigo = f.ocasion.split('#')[0]!
      expect(f).toEqual({
        ocasion: f.ocasion,
        ruta: urlSolicitud(codigo, tipo === 'encuesta-pendiente' ? 'encuesta' : 'reglamento'),
        retirada_en: null,
      })
    }
  }
  const emitidos = await rutas('documento-emitido')
  expect(emitidos.find((f) => f.ocasion === DEMO_CERTIFICADO_VALIDO)?.ruta).toBe(
    urlSolicitud('INS-24-20117', 'certificado'),
  )
  expect(emitidos.find((f) => f.ocasion === DEMO_CERTIFICADO_ACLS)?.ruta).toBe(
    urlSolicitud('INS-24-20388', 'certificado'),
  )
  // 0028 pointed a program receipt's notice at the paper's old name; 0037, run after it, renames it.
  const anteriores = emitidos.filter((f) => f.ruta.endsWith(`&abrir=${'fact' + 'ura'}`))
  expect(anteriores.length).toBeGreaterThan(0)
  await comprobantesNoTributarios(db as unknown as Kysely<unknown>)
  const renombrados = await rutas('documento-emitido')
  for (const f of anteriores)
    expect(renombrados.find((r) => r.ocasion === f.ocasion)?.ruta).toBe(
      f.ruta.replace(/&abrir=\w+$/, '&abrir=comprobante'),
    )
  expect(emitidos.every((f) => f.ruta !== '/info/solicitudes')).toBe(true)
  const decisiones = await rutas('documento-rechazado')
  expect(decisiones.find((f) => f.ocasion.endsWith('archivo-40018-42'))?.ruta).toBe(
    urlSolicitud('INS-26-40018', 'documentos', '42'),
  )
  expect(decisiones.find((f) => f.ocasion === `archivos_personales:${personal!.id}`)?.ruta).toBe(
    urlDocumentoPersonal('21'),
  )
})

test('0037: the program receipts once issued and announced under the old name read as what they are', async () => {
  // As a database from before 0037 holds them: the kind, and the notice's words and address.
  const viejo = 'Fact' + 'ura'
  await consultarDb(
    servidor.dataDir,
    `update documentos_emitidos set tipo_documento = ? where cod_tipo_documento = '30'`,
    viejo,
  )
  await consultarDb(
    servidor.dataDir,
    `update notificaciones set titulo = ?, cuerpo = replace(cuerpo, 'El comprobante de pago del programa ', ?),
       ruta = replace(ruta, '&abrir=comprobante', ?)
     where tipo = 'documento-emitido' and titulo = 'Comprobante de pago disponible'`,
    `${viejo} disponible`,
    `La ${viejo.toLowerCase()} de `,
    `&abrir=${viejo.toLowerCase()}`,
  )
  const antes = await consultarDb<{ n: number }>(
    servidor.dataDir,
    "select count(*) as n from notificaciones where tipo = 'documento-emitido' and titulo = ?",
    `${viejo} disponible`,
  )
  expect(Number(antes[0]!.n)).toBeGreaterThan(0)

  await comprobantesNoTributarios(db as unknown as Kysely<unknown>)

  const tipos = await consultarDb<{ tipo_documento: string }>(
    servidor.dataDir,
    "select distinct tipo_documento from documentos_emitidos where cod_tipo_documento = '30'",
  )
  expect(tipos).toEqual([{ tipo_documento: 'Comprobante de Pago del Programa' }])
  const avisos = await consultarDb<{ titulo: string; cuerpo: string; ruta: string; ocasion: string }>(
    servidor.dataDir,
    `select n.titulo, n.cuerpo, n.ruta, n.ocasion from notificaciones n
     join documentos_emitidos d on d.codigo = n.ocasion
     where n.tipo = 'documento-emitido' and d.cod_tipo_documento = '30'`,
  )
  expect(avisos.length).toBeGreaterThan(0)
  for (const a of avisos) {
    expect(a.titulo).toBe('Comprobante de pago disponible')
    expect(a.cuerpo).toMatch(
      /^El comprobante de pago del programa .+ ya está disponible\. Descárguelo en Solicitudes\.$/,
    )
    expect(a.ruta).toMatch(/&abrir=comprobante$/)
  }
  // Nothing of the student's notices still names it so.
  const restos = await consultarDb<{ n: number }>(
    servidor.dataDir,
    'select count(*) as n from notificaciones where lower(titulo || cuerpo || ruta) like ?',
    `%${viejo.toLowerCase()}%`,
  )
  expect(Number(restos[0]!.n)).toBe(0)
})
