// A payment claims what it pays before the gateway commits it. Portal processes share one
// database (SQLite here, PostgreSQL in the server-pg project) and their real Webpay client talks
// to a stand-in gateway that takes 400 ms to commit, as a real one takes hundreds.
// - One installment paid from two tabs, both approved by the payer, their returns arriving at the
//   same moment, on two servers and on one: every trial must end with one payment approved and
//   committed, the other rejected and never committed. The student is charged once.
// - A server killed between its claim and the end of its commit leaves nothing stuck: the claim is
//   settled from the gateway on the next read, or by the sweep, once its lease has run out.
// - The migration that brings the claim settles the duplicates the old flow left.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  borrarBaseDePrueba,
  carpetaConPlantilla,
  consultarDb,
  opcionesDeBaseDePrueba,
} from '../tests/support/base-de-datos.ts'
import { CLAVE_FIRMA_DE_PRUEBA, rutaFirmaDePrueba } from '../tests/support/firma.ts'
import { iniciarProcesoPortal, type ProcesoPortal } from '../tests/support/proceso.ts'
import {
  clienteDePrueba,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { iniciarWebpayDoble, type WebpayDoble } from '../tests/support/webpay-doble.ts'
import { abrirBaseDeDatos, migrar } from './db/connection.ts'
import { proveedorMigraciones } from './db/migrations/index.ts'
import { asistentePortal } from './db/seed/base.ts'
import { alumnosDemo, asistentesDemo, DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'
import { DETALLE_YA_PAGADO, PLAZO_RECLAMO_MS } from './pagos/flujo.ts'

const INSCRIPCION = 'INS-26-40018'
const ENSAYOS = 20

let carpeta: string
let doble: WebpayDoble
/** What every portal process of this file is started with. */
let entorno: Record<string, string>
let a: ProcesoPortal
let b: ProcesoPortal
/** The same student's browser, as seen by each server (one cookie jar, copied). */
let enA: ClienteDePrueba
let enB: ClienteDePrueba

beforeAll(async () => {
  doble = await iniciarWebpayDoble({ latenciaConfirmacionMs: 400 })
  const { carpeta: nueva, databaseUrl } = await carpetaConPlantilla('portal-carrera-')
  carpeta = nueva
  entorno = {
    DATA_DIR: carpeta,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: '4' } : {}),
    ...doble.entorno,
    SIGNING_P12: rutaFirmaDePrueba(),
    SIGNING_P12_PASSPHRASE: CLAVE_FIRMA_DE_PRUEBA,
    THROTTLE_PAGOS_ALUMNO: '1000/10',
  }
  // The folder holds the seeded template: neither has to migrate or seed.
  ;[a, b] = await Promise.all([iniciarProcesoPortal(entorno), iniciarProcesoPortal(entorno)])
  enA = clienteDePrueba(a.url)
  const login = await enA.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
  expect(login.status).toBe(200)
  enB = clienteDePrueba(b.url)
  for (const [k, v] of enA.cookies) enB.cookies.set(k, v)
  // Installments enough for every trial, as the school's records would hold them.
  for (let numero = 101; numero <= 102 + 2 * ENSAYOS; numero++)
    await consultarDb(
      carpeta,
      'insert into cuotas (codigo_inscripcion, numero, monto, vencimiento, pago_id) values (?, ?, ?, ?, null)',
      INSCRIPCION,
      numero,
      120_000,
      '2027-03-05',
    )
}, 120_000)

afterAll(async () => {
  await Promise.all([a?.detener(), b?.detener()])
  await doble?.cerrar()
  rmSync(carpeta, { recursive: true, force: true })
  await borrarBaseDePrueba(carpeta)
})

async function crearPago(cliente: ClienteDePrueba, referencia: string): Promise<string> {
  const res = await cliente.post('/api/pagos', { concepto: 'cuota', referencia })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { token: string }).token
}

/** The gateway sends the payer's browser back: a cross-site POST, without the student's cookie. */
function volver(servidor: ProcesoPortal, token: string): Promise<Response> {
  return fetch(`${servidor.url}/api/pagos/retorno`, {
    method: 'POST',
    body: new URLSearchParams({ token_ws: token }),
    redirect: 'manual',
  })
}

type FilaPago = { id: string; token: string; estado: string; detalle: string | null }

async function ensayo(numero: number, segundoServidor: ProcesoPortal): Promise<void> {
  const referencia = `${INSCRIPCION}/${numero}`
  const primero = await crearPago(enA, referencia)
  // The first tab was left open past the gateway token's lifetime, so asking again makes a second
  // payment instead of handing back the first one's token.
  await consultarDb(
    carpeta,
    'update pagos set creado_en = ? where token = ?',
    new Date(Date.now() - 60 * 60_000).toISOString(),
    primero,
  )
  const segundo = await crearPago(segundoServidor === a ? enA : enB, referencia)
  expect(segundo).not.toBe(primero)
  doble.pagar(primero)
  doble.pagar(segundo)
  const retornos = await Promise.all([volver(a, primero), volver(segundoServidor, segundo)])
  for (const r of retornos) expect(r.status).toBe(303)

  const pagos = await consultarDb<FilaPago>(
    carpeta,
    'select id, token, estado, detalle from pagos where referencia = ? order by estado',
    referencia,
  )
  expect(pagos.map((p) => p.estado)).toEqual(['aprobado', 'rechazado'])
  const [aprobado, rechazado] = pagos as [FilaPago, FilaPago]
  expect(rechazado.detalle).toBe(DETALLE_YA_PAGADO)
  expect(doble.confirmaciones(aprobado.token)).toBe(1)
  expect(doble.confirmaciones(rechazado.token)).toBe(0)
  expect(doble.confirmacionesRecibidas(rechazado.token)).toBe(0)
  const fisicos = await consultarDb<{ pago_id: string }>(
    carpeta,
    'select pago_id from pagos_fisicos where pago_id in (?, ?)',
    aprobado.id,
    rechazado.id,
  )
  expect(fisicos).toEqual([{ pago_id: aprobado.id }])
  const [cuota] = await consultarDb<{ pago_id: string | null }>(
    carpeta,
    'select pago_id from cuotas where codigo_inscripcion = ? and numero = ?',
    INSCRIPCION,
    numero,
  )
  expect(cuota?.pago_id).toBe(aprobado.id)
}

test(`two tabs, their returns at once on two servers: charged once, in each of ${ENSAYOS} trials`, async () => {
  for (let i = 0; i < ENSAYOS; i++) await ensayo(101 + i, b)
}, 120_000)

test(`two tabs, their returns at once on one server: charged once, in each of ${ENSAYOS} trials`, async () => {
  for (let i = 0; i < ENSAYOS; i++) await ensayo(101 + ENSAYOS + i, a)
}, 120_000)

/** The payment of `token`, as stored. */
async function pagoDe(token: string) {
  const [pago] = await consultarDb<FilaPago & { referencia: string }>(
    carpeta,
    'select id, token, estado, detalle, referencia from pagos where token = ?',
    token,
  )
  if (!pago) throw new Error(`no hay pago con el token ${token}`)
  return pago
}

async function esperar(condicion: () => boolean | Promise<boolean>, que: string, timeoutMs = 10_000) {
  const limite = Date.now() + timeoutMs
  while (!(await condicion())) {
    if (Date.now() > limite) throw new Error(`no ocurrió: ${que}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * A third server takes the return of a payment the payer approved, claims it, sends the commit,
 * and is killed (SIGKILL) once the gateway has the commit request in hand.
 */
async function servidorMuereConfirmando(referencia: string): Promise<string> {
  const c = await iniciarProcesoPortal(entorno)
  const token = await crearPago(enA, referencia)
  doble.pagar(token)
  const retorno = volver(c, token).catch(() => null)
  await esperar(() => doble.confirmacionesRecibidas(token) === 1, 'la pasarela recibe la confirmación')
  await c.matar()
  await retorno
  expect((await pagoDe(token)).estado).toBe('confirmando')
  return token
}

/** A portal server in this process, on the same database, whose clock runs `adelanto.ms` ahead. */
async function servidorConReloj(adelanto: { ms: number }): Promise<ServidorDePrueba> {
  return iniciarServidorDePrueba({
    dataDir: carpeta,
    throttle: 'off',
    clock: () => new Date(Date.now() + adelanto.ms),
    config: {
      pasarela: {
        tipo: 'webpay',
        host: doble.host,
        codigoComercio: doble.entorno.WEBPAY_COMMERCE_CODE!,
        apiKey: doble.entorno.WEBPAY_API_KEY!,
      },
    },
  })
}

test('a server killed after sending the commit: the claim is settled as approved from the gateway on the next read once its lease has run out', async () => {
  const referencia = `${INSCRIPCION}/${101 + 2 * ENSAYOS}`
  doble.latenciaConfirmacionMs = 1500
  let token: string
  try {
    token = await servidorMuereConfirmando(referencia)
  } finally {
    doble.latenciaConfirmacionMs = 400
  }
  // The gateway applies the commit it received, whatever became of the server that sent it.
  await esperar(() => doble.confirmaciones(token) === 1, 'la pasarela confirma')
  const adelanto = { ms: 0 }
  const otro = await servidorConReloj(adelanto)
  try {
    const cliente = clienteDePrueba(otro.url)
    for (const [k, v] of enA.cookies) cliente.cookies.set(k, v)
    const { id } = await pagoDe(token)
    const leer = async () =>
      ((await (await cliente.get(`/api/pagos/${id}`)).json()) as { data: { estado: string } }).data
    // Within the lease the claiming server may still be committing: nobody else touches it.
    expect((await leer()).estado).toBe('confirmando')
    adelanto.ms = PLAZO_RECLAMO_MS + 1000
    expect((await leer()).estado).toBe('aprobado')
    expect(doble.confirmaciones(token)).toBe(1)
    const [cuota] = await consultarDb<{ pago_id: string | null }>(
      carpeta,
      'select pago_id from cuotas where codigo_inscripcion = ? and numero = ?',
      INSCRIPCION,
      101 + 2 * ENSAYOS,
    )
    expect(cuota?.pago_id).toBe(id)
    expect(await consultarDb(carpeta, 'select pago_id from pagos_fisicos where pago_id = ?', id)).toHaveLength(1)
  } finally {
    await otro.close()
  }
}, 60_000)

test('a server killed before its commit reached the gateway: the sweep settles the claim as rejected once the gateway gives up, and the installment can be paid again', async () => {
  const numero = 102 + 2 * ENSAYOS
  const referencia = `${INSCRIPCION}/${numero}`
  doble.cortar = true
  let token: string
  try {
    token = await servidorMuereConfirmando(referencia)
  } finally {
    doble.cortar = false
  }
  expect(doble.confirmaciones(token)).toBe(0)
  // The payer's approval lapses at the gateway, never committed: nothing was charged.
  doble.plazoConfirmacionMs = 500
  await new Promise((r) => setTimeout(r, 600))
  // Another server starting later sweeps the claims whose lease ran out, without anyone reading them.
  const otro = await servidorConReloj({ ms: PLAZO_RECLAMO_MS + 1000 })
  try {
    expect((await pagoDe(token)).estado).toBe('rechazado')
    expect(doble.confirmaciones(token)).toBe(0)
    const [cuota] = await consultarDb<{ pago_id: string | null }>(
      carpeta,
      'select pago_id from cuotas where codigo_inscripcion = ? and numero = ?',
      INSCRIPCION,
      numero,
    )
    expect(cuota?.pago_id).toBeNull()
    // The claim is released: the installment can be paid again, and is.
    const nuevo = await crearPago(enA, referencia)
    doble.plazoConfirmacionMs = 5 * 60_000
    doble.pagar(nuevo)
    expect((await volver(a, nuevo)).status).toBe(303)
    expect((await pagoDe(nuevo)).estado).toBe('aprobado')
  } finally {
    doble.plazoConfirmacionMs = 5 * 60_000
    await otro.close()
  }
}, 60_000)

test('the migration that brings the claim keeps the oldest approved payment of each thing and marks the later ones as duplicates', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-migracion-reclamo-'))
  const db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(dataDir))
  try {
    const previa = await new Migrator({ db, provider: proveedorMigraciones }).migrateTo('0009-concursos-ofertas')
    expect(previa.error).toBeUndefined()
    await db
      .insertInto('asistentes')
      .values([asistentePortal('portal@postgrado-demo.cl'), ...asistentesDemo()])
      .execute()
    await db.insertInto('alumnos').values(alumnosDemo('sin-clave', '2024-01-01T00:00:00.000Z')).execute()
    const pago = (id: string, referencia: string, estado: string, resuelto: string | null) => ({
      id,
      alumno_id: 'alumno-estudiante',
      concepto: 'cuota',
      referencia,
      monto: 450_000,
      descripcion: 'Cuota',
      codigo_inscripcion: null,
      ruta_volver: '/pagos',
      orden_compra: `C${id}`,
      id_sesion: 'sesion',
      token: `token-${id}`,
      estado,
      creado_en: '2026-03-01T10:00:00.000Z',
      resuelto_en: resuelto,
    })
    // Typed as today's table, which has columns this migration adds.
    await db
      .insertInto('pagos')
      .values([
        pago('segundo', 'INS-1/2', 'aprobado', '2026-03-01T10:00:02.000Z'),
        pago('primero', 'INS-1/2', 'aprobado', '2026-03-01T10:00:01.000Z'),
        pago('tercero', 'INS-1/2', 'aprobado', '2026-03-01T10:00:03.000Z'),
        pago('rechazado', 'INS-1/2', 'rechazado', '2026-03-01T10:00:00.000Z'),
        pago('unico', 'INS-1/3', 'aprobado', '2026-03-01T10:00:00.000Z'),
        pago('abierto', 'INS-1/4', 'pendiente', null),
      ] as never)
      .execute()

    await migrar(db)
    const filas = await db.selectFrom('pagos').select(['id', 'estado']).orderBy('id').execute()
    expect(filas).toEqual([
      { id: 'abierto', estado: 'pendiente' },
      { id: 'primero', estado: 'aprobado' },
      { id: 'rechazado', estado: 'rechazado' },
      { id: 'segundo', estado: 'duplicado' },
      { id: 'tercero', estado: 'duplicado' },
      { id: 'unico', estado: 'aprobado' },
    ])
    // From now on the database itself refuses a second claim of the same thing.
    await expect(
      db.updateTable('pagos').set({ estado: 'confirmando' }).where('id', '=', 'rechazado').execute(),
    ).rejects.toThrow()
  } finally {
    await db.destroy()
    rmSync(dataDir, { recursive: true, force: true })
    await borrarBaseDePrueba(dataDir)
  }
})
