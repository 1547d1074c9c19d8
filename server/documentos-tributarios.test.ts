// Tax documents on SQLite and PostgreSQL, issued by the portal's sandbox through the
// OpenFactura client: a student's payment gets a boleta exenta, a company's a factura exenta, a
// refund a nota de crédito referencing the original (code 1 whole, 3 in part); the student reads
// and downloads only their own; the provider's refusal goes to 'error' with its message.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO,
  type DocumentoTributarioVista,
} from '../src/domain/documento-tributario.ts'
import { MENSAJE_PAGO_NO_ENCONTRADO } from '../src/domain/pagos.ts'
import { esperarDocumentos, emitidos, pagarCuotaNueva } from '../tests/support/documentos-tributarios.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

const DE_LA_ALUMNA = 'INS-26-40018'
const DE_LA_EMPRESA = 'INS-24-20117'

let servidor: ServidorDePrueba
let estudiante: ClienteDePrueba
let otra: ClienteDePrueba
let admin: ClienteDePrueba

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  otra = await iniciarSesion(servidor.url, DEMO_CUENTAS.sinSolicitudes)
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
}, 60_000)
afterAll(() => servidor?.close())

const pagar = (inscripcion: string, monto: number) =>
  pagarCuotaNueva(servidor.url, servidor.dataDir, estudiante, inscripcion, monto)

test('a student paying gets one boleta exenta with a folio, its PDF and XML; the TED names folio and amount', async () => {
  const pago = await pagar(DE_LA_ALUMNA, 150_000)
  const [doc, ...otros] = await esperarDocumentos(estudiante, pago.id, emitidos(1))
  expect(otros).toEqual([])
  expect(doc).toMatchObject({
    tipo: 41,
    nombreTipo: 'Boleta exenta electrónica',
    estado: 'emitido',
    monto: 150_000,
    pagoId: pago.id,
    reembolsoId: null,
    error: null,
    pdfUrl: `/api/documentos-tributarios/${doc!.id}/pdf`,
    xmlUrl: `/api/documentos-tributarios/${doc!.id}/xml`,
  })
  expect(doc!.folio).toBeGreaterThan(0)
  expect(doc!.fechaEmision).toMatch(/^\d{4}-\d{2}-\d{2}$/)

  const pdf = await estudiante.get(doc!.pdfUrl!)
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  expect(pdf.headers.get('content-disposition')).toContain(`boleta-exenta-${doc!.folio}.pdf`)
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-')
  const xml = await estudiante.get(doc!.xmlUrl!)
  expect(xml.status).toBe(200)
  const texto = await xml.text()
  expect(texto).toContain('<TipoDTE>41</TipoDTE>')
  expect(texto).toContain(`<TED version="1.0"><DD><RE>76000100-7</RE><TD>41</TD><F>${doc!.folio}</F>`)
  expect(texto).toContain('<MNT>150000</MNT>')
  const [fila] = await consultarDb<{ ted: string; clave: string }>(
    servidor.dataDir,
    'select ted, clave from documentos_tributarios where id = ?',
    doc!.id,
  )
  expect(texto).toContain(fila!.ted)
  // Our reference is the payment's buy order.
  const [orden] = await consultarDb<{ orden_compra: string }>(
    servidor.dataDir,
    'select orden_compra from pagos where id = ?',
    pago.id,
  )
  expect(fila!.clave).toBe(orden!.orden_compra)

  // Another student: neither the list nor the files.
  expect((await otra.get(`/api/pagos/${pago.id}/documentos-tributarios`)).status).toBe(404)
  expect(await (await otra.get(`/api/pagos/${pago.id}/documentos-tributarios`)).json()).toEqual({
    error: MENSAJE_PAGO_NO_ENCONTRADO,
  })
  const ajeno = await otra.get(doc!.pdfUrl!)
  expect(ajeno.status).toBe(404)
  expect(await ajeno.json()).toEqual({ error: MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO })
  expect((await otra.get(doc!.xmlUrl!)).status).toBe(404)
}, 60_000)

test("a company's enrolment gets a factura exenta naming the company, its RUT and giro", async () => {
  const pago = await pagar(DE_LA_EMPRESA, 480_000)
  const [doc] = await esperarDocumentos(estudiante, pago.id, emitidos(1))
  expect(doc).toMatchObject({ tipo: 34, nombreTipo: 'Factura no afecta o exenta electrónica', estado: 'emitido' })
  const xml = await (await estudiante.get(doc!.xmlUrl!)).text()
  expect(xml).toContain('<RUTRecep>76543210-3</RUTRecep>')
  expect(xml).toContain('<GiroRecep>')
  const [empresa] = await consultarDb<{ nombre: string }>(
    servidor.dataDir,
    "select nombre from empresas where rut = '76543210-3'",
  )
  expect(xml).toContain(`<RznSocRecep>${empresa!.nombre.replace(/&/g, '&amp;')}`)
}, 60_000)

test('a refund gets a nota de crédito referencing the original: code 3 for part of it, code 1 for the whole', async () => {
  const pago = await pagar(DE_LA_ALUMNA, 200_000)
  const [original] = await esperarDocumentos(estudiante, pago.id, emitidos(1))
  let n = 0
  const reembolsar = async (monto: number) => {
    const res = await admin.post(
      `/api/admin/pagos/${pago.id}/reembolsos`,
      { monto, motivo: 'Retiro del programa' },
      { 'Idempotency-Key': `nc-${pago.id}-${n++}` },
    )
    expect(res.status).toBe(201)
  }
  await reembolsar(50_000)
  const tras = await esperarDocumentos(estudiante, pago.id, emitidos(2))
  const nota = tras[1]!
  expect(nota).toMatchObject({
    tipo: 61,
    nombreTipo: 'Nota de crédito electrónica',
    monto: 50_000,
    referencia: { tipo: 41, folio: original!.folio },
  })
  expect(nota.reembolsoId).toEqual(expect.any(String))
  let xml = await (await estudiante.get(nota.xmlUrl!)).text()
  expect(xml).toMatch(/<Referencia>.*<TpoDocRef>41<\/TpoDocRef><FolioRef>\d+<\/FolioRef>.*<CodRef>3<\/CodRef>/)
  expect(xml).toContain(`<FolioRef>${original!.folio}</FolioRef>`)

  await reembolsar(150_000)
  const todos = await esperarDocumentos(estudiante, pago.id, emitidos(3))
  expect(todos.map((d) => [d.tipo, d.monto])).toEqual([
    [41, 200_000],
    [61, 50_000],
    [61, 150_000],
  ])
  xml = await (await estudiante.get(todos[2]!.xmlUrl!)).text()
  // What remained, not the whole document: it corrects the amount.
  expect(xml).toContain('<CodRef>3</CodRef>')

  // A whole refund at once cancels the original.
  const otro = await pagar(DE_LA_ALUMNA, 90_000)
  await esperarDocumentos(estudiante, otro.id, emitidos(1))
  const res = await admin.post(
    `/api/admin/pagos/${otro.id}/reembolsos`,
    { monto: 90_000, motivo: 'Pago por error' },
    { 'Idempotency-Key': `nc-${otro.id}` },
  )
  expect(res.status).toBe(201)
  const [, anula] = await esperarDocumentos(estudiante, otro.id, emitidos(2))
  expect(await (await estudiante.get(anula!.xmlUrl!)).text()).toContain('<CodRef>1</CodRef>')
}, 90_000)

test('the folios count per type, and every document has one of its own', async () => {
  const filas = await consultarDb<{ tipo: number; folio: number }>(
    servidor.dataDir,
    "select tipo, folio from documentos_tributarios where estado = 'emitido' order by tipo, folio",
  )
  const porTipo = new Map<number, number[]>()
  for (const f of filas) porTipo.set(f.tipo, [...(porTipo.get(f.tipo) ?? []), Number(f.folio)])
  for (const folios of porTipo.values()) expect(new Set(folios).size).toBe(folios.length)
  expect(porTipo.get(61)?.length).toBeGreaterThanOrEqual(3)
})

test('the list of documents is the student’s own payment only (typed as the API returns it)', async () => {
  const res = await estudiante.get('/api/pagos/no-existe/documentos-tributarios')
  expect(res.status).toBe(404)
  const docs: DocumentoTributarioVista[] = []
  expect(docs).toEqual([])
})

test('a payment recorded in person by staff gets its document too', async () => {
  const numero = 900 + Math.floor(Math.random() * 90)
  await consultarDb(
    servidor.dataDir,
    'insert into cuotas (codigo_inscripcion, numero, monto, vencimiento, pago_id) values (?, ?, ?, ?, null)',
    DE_LA_ALUMNA,
    numero,
    60_000,
    '2027-03-05',
  )
  const res = await admin.post(`/api/admin/pagos/cuotas/${DE_LA_ALUMNA}/${numero}/presencial`, {
    idPagoFlujo: 'FL-9',
    codPagoFlujo: 'PF-9',
    codFilaWpay: 'WP-9',
    appName: 'Caja Escuela',
  })
  expect(res.status).toBe(201)
  const { pago } = (await res.json()) as { pago: { id: string } }
  const [doc] = await esperarDocumentos(estudiante, pago.id, emitidos(1))
  expect(doc).toMatchObject({ tipo: 41, monto: 60_000, estado: 'emitido' })
}, 60_000)
