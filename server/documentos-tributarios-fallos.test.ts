// Tax documents issued exactly once whatever fails, on SQLite and PostgreSQL: two portal processes
// on one database, both running the scheduler, issue through a provider double (a real HTTP server
// taking 300 ms a call, tests/support/openfactura-doble.ts) that fails on demand. One document per
// payment across the two servers; a provider that issued and then timed out, or cut the
// connection, or both servers killed between the provider's answer and our write: the document is
// looked up by our reference, never issued twice; a 5xx then recovery; a refusal kept as 'error'
// with the provider's message until staff retry it.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DocumentoTributarioVista } from '../src/domain/documento-tributario.ts'
import { borrarBaseDePrueba, carpetaConPlantilla } from '../tests/support/base-de-datos.ts'
import { esperarDocumentos, emitidos, pagarCuotaNueva } from '../tests/support/documentos-tributarios.ts'
import { CLAVE_FIRMA_DE_PRUEBA, rutaFirmaDePrueba } from '../tests/support/firma.ts'
import {
  entornoOpenfacturaDoble,
  iniciarOpenfacturaDoble,
  type OpenfacturaDoble,
} from '../tests/support/openfactura-doble.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import { iniciarProcesoPortal, type ProcesoPortal } from '../tests/support/proceso.ts'
import { consultarDb, iniciarSesion, type ClienteDePrueba } from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

const INSCRIPCION = 'INS-26-40018'

let carpeta: string
let entorno: Record<string, string>
let doble: OpenfacturaDoble
let procesos: ProcesoPortal[] = []
let estudiante: ClienteDePrueba

async function arrancar() {
  procesos = await Promise.all([iniciarProcesoPortal(entorno), iniciarProcesoPortal(entorno)])
  estudiante = await iniciarSesion(procesos[0]!.url, DEMO_CUENTAS.estudiante)
}

beforeAll(async () => {
  doble = await iniciarOpenfacturaDoble(300)
  const { carpeta: nueva, databaseUrl } = await carpetaConPlantilla('portal-tributario-')
  carpeta = nueva
  entorno = {
    DATA_DIR: carpeta,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: '4' } : {}),
    SIGNING_P12: rutaFirmaDePrueba(),
    SIGNING_P12_PASSPHRASE: CLAVE_FIRMA_DE_PRUEBA,
    ...entornoOpenfacturaDoble(doble),
  }
  await arrancar()
}, 180_000)

afterAll(async () => {
  await Promise.all(procesos.map((p) => p.detener()))
  await doble?.cerrar()
  if (carpeta) {
    rmSync(carpeta, { recursive: true, force: true })
    await borrarBaseDePrueba(carpeta)
  }
})

const pagar = (monto: number) => pagarCuotaNueva(procesos[0]!.url, carpeta, estudiante, INSCRIPCION, monto)

async function clave(pagoId: string): Promise<string> {
  const [p] = await consultarDb<{ orden_compra: string }>(
    carpeta,
    'select orden_compra from pagos where id = ?',
    pagoId,
  )
  return p!.orden_compra
}

async function filasDe(pagoId: string) {
  return consultarDb<{ estado: string; folio: number | null; intentos: number; error: string | null }>(
    carpeta,
    'select estado, folio, intentos, error from documentos_tributarios where pago_id = ?',
    pagoId,
  )
}

/** The provider issued exactly one document for the payment, and ours is it. */
async function unoSolo(pagoId: string, doc: DocumentoTributarioVista | undefined) {
  const k = await clave(pagoId)
  expect(doble.documentos.get(k)?.folio).toBe(doc?.folio)
  expect([...doble.documentos.values()].filter((d) => d.clave === k)).toHaveLength(1)
  expect(await filasDe(pagoId)).toHaveLength(1)
}

test('two servers: each approved payment gets exactly one document, each sent to the provider once', async () => {
  const pagos = []
  for (let i = 0; i < 4; i++) pagos.push(await pagar(100_000 + i))
  for (const p of pagos) {
    const [doc] = await esperarDocumentos(estudiante, p.id, emitidos(1))
    expect(doc?.estado).toBe('emitido')
    await unoSolo(p.id, doc)
    // With the lease, neither server sent it twice.
    expect(doble.envios.get(await clave(p.id))).toBe(1)
  }
  // Four documents, four folios.
  const folios = await Promise.all(pagos.map(async (p) => doble.documentos.get(await clave(p.id))?.folio))
  expect(new Set(folios).size).toBe(4)
}, 90_000)

test('the provider issued and then timed out: the next try looks it up and keeps that document', async () => {
  doble.fallas.push('colgar')
  const pago = await pagar(210_000)
  const [doc] = await esperarDocumentos(estudiante, pago.id, emitidos(1))
  expect(doc?.estado).toBe('emitido')
  await unoSolo(pago.id, doc)
  const k = await clave(pago.id)
  expect(doble.envios.get(k)).toBe(1)
  expect(doble.consultas.get(k)).toBeGreaterThanOrEqual(1)
  expect((await filasDe(pago.id))[0]?.intentos).toBeGreaterThanOrEqual(2)
}, 60_000)

test('the connection was cut after the provider issued: the same, one document', async () => {
  doble.fallas.push('cortar')
  const pago = await pagar(220_000)
  const [doc] = await esperarDocumentos(estudiante, pago.id, emitidos(1))
  await unoSolo(pago.id, doc)
  expect(doble.envios.get(await clave(pago.id))).toBe(1)
}, 60_000)

test('a provider error (5xx) twice, then recovery: issued once, on the third send', async () => {
  doble.fallas.push('error-500', 'error-500')
  const pago = await pagar(230_000)
  const [doc] = await esperarDocumentos(estudiante, pago.id, emitidos(1))
  await unoSolo(pago.id, doc)
  const k = await clave(pago.id)
  expect(doble.envios.get(k)).toBe(3)
  // After each unclear try the reference was looked up first, and nothing was found.
  expect(doble.consultas.get(k)).toBe(2)
  expect((await filasDe(pago.id))[0]).toMatchObject({ estado: 'emitido', error: null })
}, 60_000)

test("a provider's refusal is kept as 'error' with its message until staff retry it", async () => {
  doble.fallas.push('rechazo')
  const pago = await pagar(240_000)
  const [enError] = await esperarDocumentos(estudiante, pago.id, (d) => d[0]?.estado === 'error')
  // The student reads it in process of being fixed, without the provider's words.
  expect(enError).toMatchObject({ estado: 'error', folio: null, pdfUrl: null, error: null })
  const admin = await iniciarSesionPersonal({ url: procesos[1]!.url, dataDir: carpeta }, DEMO_PERSONAL.admin)
  const detalle = (await (await admin.get(`/api/admin/pagos/${pago.id}`)).json()) as {
    pago: { documentosTributarios: DocumentoTributarioVista[] }
  }
  expect(detalle.pago.documentosTributarios[0]).toMatchObject({
    estado: 'error',
    error: 'Documento inválido (Receptor.GiroRecep: requerido)',
  })
  // Nothing is sent again by itself.
  await new Promise((r) => setTimeout(r, 1500))
  expect(doble.envios.get(await clave(pago.id))).toBe(1)
  const reintento = await admin.post(`/api/admin/documentos-tributarios/${enError!.id}/reintentar`, {})
  expect(reintento.status).toBe(200)
  const [doc] = await esperarDocumentos(estudiante, pago.id, emitidos(1))
  await unoSolo(pago.id, doc)
  expect(doble.envios.get(await clave(pago.id))).toBe(2)
  const otra = await admin.post(`/api/admin/documentos-tributarios/${enError!.id}/reintentar`, {})
  expect(otra.status).toBe(409)
  const auditoria = await consultarDb<{ accion: string }>(
    carpeta,
    "select accion from auditoria where accion = 'documento-tributario.reintentar' and entidad_id = ?",
    pago.id,
  )
  expect(auditoria).toHaveLength(1)
}, 60_000)

test('both servers killed between the provider’s answer and our write: once back, the document is looked up, not issued again', async () => {
  const [a, b] = procesos
  doble.fallas.push(async () => {
    // The provider has issued; the servers die before its answer reaches them.
    await Promise.all([a!.matar(), b!.matar()])
  })
  const pago = await pagar(250_000).catch(() => null)
  // The approval was committed before the document was asked for (the payment never waits for it).
  const [fila] = await consultarDb<{ id: string; estado: string }>(
    carpeta,
    "select p.id, p.estado from pagos p where p.monto = 250000 and p.estado = 'aprobado'",
  )
  expect(fila?.estado).toBe('aprobado')
  const pagoId = pago?.id ?? fila!.id
  const k = await clave(pagoId)
  for (let i = 0; i < 50 && !doble.documentos.has(k); i++) await new Promise((r) => setTimeout(r, 100))
  expect(doble.documentos.has(k)).toBe(true)
  expect((await filasDe(pagoId))[0]?.estado).toBe('pendiente')

  await arrancar()
  const [doc] = await esperarDocumentos(estudiante, pagoId, emitidos(1), 30_000)
  expect(doc?.estado).toBe('emitido')
  await unoSolo(pagoId, doc)
  expect(doble.envios.get(k)).toBe(1)
  expect(doble.consultas.get(k)).toBeGreaterThanOrEqual(1)
}, 120_000)
