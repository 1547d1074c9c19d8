// EMISOR_TRIBUTARIO=erp on SQLite and PostgreSQL: the school's billing system reads the documents to
// issue through the integration API and pushes each one back (type, folio, date, amount, payer, PDF
// and XML), matched to its payment by the portal's reference; the same push again changes nothing,
// another folio for it is refused, and until it arrives the student reads it in process.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_ALCANCE_INSUFICIENTE,
  MENSAJE_DOCUMENTO_ERP_SIN_REFERENCIA,
  mensajeMontoNoCoincide,
  mensajeOtroFolio,
  mensajeTipoNoCoincide,
  type AlcanceIntegracion,
} from '../src/domain/integracion.ts'
import { esperarDocumentos, pagarCuotaNueva } from '../tests/support/documentos-tributarios.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

const API = '/api/integracion/v1'
let servidor: ServidorDePrueba
let admin: ClienteDePrueba
let estudiante: ClienteDePrueba

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({
    throttle: 'off',
    config: { tributario: { ...construirConfig({}).tributario, modo: 'erp', cadaMs: 200 } },
  })
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
}, 60_000)
afterAll(() => servidor?.close())

async function token(alcances: AlcanceIntegracion[]): Promise<string> {
  const res = await admin.post('/api/admin/integracion/claves', { nombre: `ERP ${alcances.join(' ')}`, alcances })
  expect(res.status).toBe(201)
  return ((await res.json()) as { token: string }).token
}

function llamar(clave: string, metodo: 'GET' | 'POST', ruta: string, cuerpo?: unknown) {
  return fetch(`${servidor.url}${API}${ruta}`, {
    method: metodo,
    headers: { authorization: `Bearer ${clave}`, 'content-type': 'application/json' },
    ...(cuerpo === undefined ? {} : { body: JSON.stringify(cuerpo) }),
  })
}

const PDF = Buffer.from('%PDF-1.4\n% boleta del ERP\n%%EOF\n').toString('base64')
const XML = (folio: number) =>
  Buffer.from(
    `<?xml version="1.0" encoding="ISO-8859-1"?><DTE version="1.0"><Documento><TED version="1.0"><DD><RE>76000100-7</RE><TD>41</TD><F>${folio}</F></DD><FRMT>x</FRMT></TED></Documento></DTE>`,
  ).toString('base64')

test('the ERP reads what to issue and pushes each document: matched by reference, idempotent, checked', async () => {
  const erp = await token(['documentos-tributarios.escribir'])
  const pago = await pagarCuotaNueva(servidor.url, servidor.dataDir, estudiante, 'INS-26-40018', 175_000)
  const [orden] = await consultarDb<{ orden_compra: string }>(
    servidor.dataDir,
    'select orden_compra from pagos where id = ?',
    pago.id,
  )
  const referencia = orden!.orden_compra
  // Nobody issues it here: in process for the student until the ERP's document arrives.
  await new Promise((r) => setTimeout(r, 600))
  const [pendiente] = await esperarDocumentos(estudiante, pago.id, (d) => d.length === 1)
  expect(pendiente).toMatchObject({ tipo: 41, estado: 'pendiente', folio: null, pdfUrl: null })

  const lista = await llamar(erp, 'GET', '/documentos-tributarios/pendientes')
  expect(lista.status).toBe(200)
  const { datos } = (await lista.json()) as {
    datos: { referencia: string; tipo: number; monto: number; receptor: { rut: string } }[]
  }
  expect(datos.find((d) => d.referencia === referencia)).toMatchObject({
    tipo: 41,
    monto: 175_000,
    receptor: { rut: expect.stringMatching(/^\d+-[\dK]$/) },
  })

  const documento = {
    referencia,
    tipo: 41,
    folio: 5001,
    fechaEmision: '2026-11-27',
    monto: 175_000,
    receptor: { rut: '16543210-5', razonSocial: 'Camila Rojas' },
    pdf: PDF,
    xml: XML(5001),
  }
  // Checked against what the reference expects: nothing changes on a mismatch.
  const tipo = await llamar(erp, 'POST', '/documentos-tributarios', { ...documento, tipo: 34 })
  expect(tipo.status).toBe(422)
  expect(((await tipo.json()) as { error: string }).error).toBe(mensajeTipoNoCoincide(41))
  const monto = await llamar(erp, 'POST', '/documentos-tributarios', { ...documento, monto: 1 })
  expect(((await monto.json()) as { error: string }).error).toBe(mensajeMontoNoCoincide(175_000))
  const desconocida = await llamar(erp, 'POST', '/documentos-tributarios', { ...documento, referencia: 'NO-EXISTE' })
  expect(desconocida.status).toBe(404)
  expect(await desconocida.json()).toEqual({ error: MENSAJE_DOCUMENTO_ERP_SIN_REFERENCIA })
  const noPdf = await llamar(erp, 'POST', '/documentos-tributarios', {
    ...documento,
    pdf: Buffer.from('no es un pdf').toString('base64'),
  })
  expect(noPdf.status).toBe(422)
  expect((await esperarDocumentos(estudiante, pago.id, () => true))[0]?.estado).toBe('pendiente')

  const primero = await llamar(erp, 'POST', '/documentos-tributarios', documento)
  expect(primero.status).toBe(201)
  expect(await primero.json()).toMatchObject({
    documento: { tipo: 41, folio: 5001, estado: 'emitido' },
    repetido: false,
  })
  const otraVez = await llamar(erp, 'POST', '/documentos-tributarios', documento)
  expect(otraVez.status).toBe(200)
  expect(await otraVez.json()).toMatchObject({ documento: { folio: 5001 }, repetido: true })
  const otroFolio = await llamar(erp, 'POST', '/documentos-tributarios', { ...documento, folio: 5002, xml: XML(5002) })
  expect(otroFolio.status).toBe(409)
  expect(((await otroFolio.json()) as { error: string }).error).toBe(mensajeOtroFolio(5001))

  const [doc] = await esperarDocumentos(estudiante, pago.id, (d) => d[0]?.estado === 'emitido')
  expect(doc).toMatchObject({ folio: 5001, fechaEmision: '2026-11-27' })
  const pdf = await estudiante.get(doc!.pdfUrl!)
  expect(Buffer.from(await pdf.arrayBuffer()).toString('base64')).toBe(PDF)
  expect(
    (await consultarDb(servidor.dataDir, 'select id from documentos_tributarios where pago_id = ?', pago.id)).length,
  ).toBe(1)
  const [fila] = await consultarDb<{ ted: string }>(
    servidor.dataDir,
    'select ted from documentos_tributarios where pago_id = ?',
    pago.id,
  )
  expect(fila!.ted).toContain('<F>5001</F>')
  // The student was told once.
  const avisos = await consultarDb(
    servidor.dataDir,
    "select id from notificaciones where tipo = 'documento-emitido' and ocasion = ?",
    `documento-tributario:${doc!.id}`,
  )
  expect(avisos).toHaveLength(1)
  // Every call is in the trail as the key.
  const auditoria = await consultarDb(
    servidor.dataDir,
    "select id from auditoria where accion = 'integracion.documento-tributario'",
  )
  expect(auditoria.length).toBeGreaterThanOrEqual(7)
}, 60_000)

test('a key without the scope cannot read or push documents', async () => {
  const lectura = await token(['lectura'])
  const lista = await llamar(lectura, 'GET', '/documentos-tributarios/pendientes')
  expect(lista.status).toBe(403)
  expect(await lista.json()).toEqual({ error: MENSAJE_ALCANCE_INSUFICIENTE })
  expect((await llamar(lectura, 'POST', '/documentos-tributarios', {})).status).toBe(403)
})
