// The school's payments: the list by role (an assistant reaches only their own students) and its
// filters, one payment's gateway data and receipt, a payment made in person recorded once when two
// staff record the same installment at once (the student then sees it paid and gets the receipt),
// and the reconciliation of a range of days, on screen and as a spreadsheet read back with exceljs.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MAX_DIAS_CONCILIACION,
  MENSAJE_FILTRO_PAGOS,
  MENSAJE_RANGO_CONCILIACION,
  MENSAJE_RANGO_PAGOS,
  MENSAJE_SIN_COMPROBANTE,
} from '../src/domain/busqueda-pagos.ts'
import { fechaEnChile, sumarDias } from '../src/domain/fechas.ts'
import {
  MENSAJE_COD_FILA_WPAY,
  MENSAJE_CUOTA_PAGO_EN_CURSO,
  MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL,
  MENSAJE_ID_PAGO_FLUJO,
} from '../src/domain/pago-presencial.ts'
import { MENSAJE_CUOTA_NO_ENCONTRADA, MENSAJE_PAGO_NO_ENCONTRADO } from '../src/domain/pagos.ts'
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

let servidor: ServidorDePrueba
let admin: ClienteDePrueba
let coordinacion: ClienteDePrueba
let herrera: ClienteDePrueba
let munoz: ClienteDePrueba

const REGISTRO = { idPagoFlujo: 'FL-000123', codPagoFlujo: 'PF-77', codFilaWpay: 'WP-4411', appName: 'Caja Escuela' }

type FilaLista = {
  id: string
  estado: string
  concepto: string
  medio: string
  monto: number
  codigoInscripcion: string | null
  alumno: { id: string; nombre: string }
}
type Lista = { total: number; pagina: number; paginas: number; pagos: FilaLista[]; programas: { curso: string }[] }

async function lista(cliente: ClienteDePrueba, query = ''): Promise<Lista> {
  const res = await cliente.get(`/api/admin/pagos${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Lista
}

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  herrera = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  munoz = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.munoz)
}, 60_000)
afterAll(() => servidor.close())

test('the list: every payment for admin, newest first, filtered by state, concept, program and days', async () => {
  const todos = await lista(admin)
  // The demo's six paid installments, all of estudiante@demo.cl.
  expect(todos.total).toBe(6)
  expect(todos.pagos.every((p) => p.estado === 'aprobado' && p.medio === 'webpay')).toBe(true)
  expect(todos.programas.map((p) => p.curso)).toContain('DCPD')

  const dcpd = await lista(admin, '?programa=DCPD')
  expect(dcpd.pagos.map((p) => p.codigoInscripcion)).toEqual(['INS-26-40018'])
  expect((await lista(admin, '?estado=rechazado')).total).toBe(0)
  expect((await lista(admin, '?concepto=postulacion')).total).toBe(0)
  expect((await lista(admin, '?estado=aprobado&concepto=cuota')).total).toBe(6)

  // The demo's installments were paid three days before they fell due (60, 120, 90, 45, 400 and
  // 370 days from the seed): from 70 days ago to yesterday, two of them.
  const hoy = fechaEnChile(new Date())
  const recientes = await lista(admin, `?desde=${sumarDias(hoy, -70)}&hasta=${sumarDias(hoy, -1)}`)
  expect(recientes.pagos.map((p) => p.codigoInscripcion).sort()).toEqual(['INS-25-30145', 'INS-26-40018'])

  for (const query of ['?estado=pagado', '?concepto=otro', '?desde=2026-02-30']) {
    const res = await admin.get(`/api/admin/pagos${query}`)
    expect(res.status).toBe(400)
  }
  expect(await (await admin.get('/api/admin/pagos?estado=pagado')).json()).toMatchObject({
    error: MENSAJE_FILTRO_PAGOS,
  })
  const invertido = await admin.get('/api/admin/pagos?desde=2026-03-10&hasta=2026-03-01')
  expect(await invertido.json()).toMatchObject({ error: MENSAJE_RANGO_PAGOS })
})

test('a payment’s detail: the gateway’s data, the physical payment record, the student; the receipt as a PDF', async () => {
  const res = await herrera.get('/api/admin/pagos/pago-demo-INS-26-40018-1')
  expect(res.status).toBe(200)
  const { pago } = (await res.json()) as { pago: Record<string, any> }
  expect(pago).toMatchObject({
    estado: 'aprobado',
    medio: 'webpay',
    monto: 450_000,
    codigoInscripcion: 'INS-26-40018',
    alumno: { id: 'alumno-estudiante', email: DEMO_CUENTAS.estudiante },
    pasarela: {
      estado: 'AUTHORIZED',
      ultimosDigitos: '6623',
      tipoPago: 'VN',
      tipoPagoEnPalabras: 'Venta normal (crédito)',
    },
    registroFisico: { appName: 'Portal del Estudiante' },
    comprobante: { emitidoEn: null },
  })
  expect(pago.pasarela.ordenCompra).toMatch(/^C/)
  expect(pago.pasarela.token).toHaveLength(64)

  const antes = await consultarDb<{ n: number }>(
    servidor.dataDir,
    "select count(*) as n from auditoria where accion = 'pago.descargar-comprobante'",
  )
  const pdf = await herrera.get('/api/admin/pagos/pago-demo-INS-26-40018-1/comprobante')
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  expect(pdf.headers.get('cache-control')).toBe('private, no-store')
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-')
  const despues = await consultarDb<{ n: number }>(
    servidor.dataDir,
    "select count(*) as n from auditoria where accion = 'pago.descargar-comprobante'",
  )
  expect(Number(despues[0]!.n)).toBe(Number(antes[0]!.n) + 1)
  // Issued once: the student's receipt and the staff's are the same document.
  const emitidos = await consultarDb(
    servidor.dataDir,
    "select codigo from documentos_emitidos where referencia = 'pago-demo-INS-26-40018-1'",
  )
  expect(emitidos).toHaveLength(1)

  expect((await admin.get('/api/admin/pagos/no-existe')).status).toBe(404)
  expect(await (await admin.get('/api/admin/pagos/no-existe')).json()).toEqual({ error: MENSAJE_PAGO_NO_ENCONTRADO })
})

test('a payment in person: checked, recorded once when two staff record it at once, the student sees it paid', async () => {
  const url = '/api/admin/pagos/cuotas/INS-25-30688/1/presencial'
  // Bad input: every field's message, nothing written.
  const mal = await herrera.post(url, { ...REGISTRO, idPagoFlujo: '   ', codFilaWpay: 'x'.repeat(61) })
  expect(mal.status).toBe(400)
  expect(((await mal.json()) as { campos: Record<string, string> }).campos).toMatchObject({
    idPagoFlujo: MENSAJE_ID_PAGO_FLUJO,
    codFilaWpay: MENSAJE_COD_FILA_WPAY,
  })
  // Out of reach (Tomás Muñoz does not own extranjera@demo.cl) or unknown: not found.
  for (const [cliente, ruta] of [
    [munoz, url],
    [admin, '/api/admin/pagos/cuotas/INS-25-30688/9/presencial'],
    [admin, '/api/admin/pagos/cuotas/INS-NO-EXISTE/1/presencial'],
  ] as const) {
    const res = await cliente.post(ruta, REGISTRO)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: MENSAJE_CUOTA_NO_ENCONTRADA })
  }
  expect(await consultarDb(servidor.dataDir, "select id from pagos where medio = 'presencial'")).toEqual([])

  // Two staff at once, on the same installment: one records it, the other is told.
  const respuestas = await Promise.all([herrera.post(url, REGISTRO), coordinacion.post(url, REGISTRO)])
  const estados = respuestas.map((r) => r.status).sort()
  expect(estados).toEqual([201, 409])
  const rechazada = respuestas.find((r) => r.status === 409)!
  expect(await rechazada.json()).toEqual({ error: MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL })
  const ganadora = respuestas.find((r) => r.status === 201)!
  const { pago } = (await ganadora.json()) as { pago: { id: string; monto: number } }
  expect(pago.monto).toBe(420_000)
  const quien = ganadora === respuestas[0] ? 'herrera' : 'coordinacion'

  const pagos = await consultarDb<{ id: string; estado: string; medio: string; registrado_por: string }>(
    servidor.dataDir,
    "select id, estado, medio, registrado_por from pagos where referencia = 'INS-25-30688/1'",
  )
  expect(pagos).toEqual([{ id: pago.id, estado: 'aprobado', medio: 'presencial', registrado_por: `personal-${quien}` }])
  const [cuota] = await consultarDb<{ pago_id: string }>(
    servidor.dataDir,
    "select pago_id from cuotas where codigo_inscripcion = 'INS-25-30688' and numero = 1",
  )
  expect(cuota!.pago_id).toBe(pago.id)
  // The record names the seller from the session, never typed.
  const [fisico] = await consultarDb(servidor.dataDir, 'select * from pagos_fisicos where pago_id = ?', pago.id)
  expect(fisico).toMatchObject({
    id_pago_flujo: REGISTRO.idPagoFlujo,
    cod_pago_flujo: REGISTRO.codPagoFlujo,
    cod_fila_wpay: REGISTRO.codFilaWpay,
    app_name: REGISTRO.appName,
    mail_vendedor: quien === 'herrera' ? DEMO_PERSONAL.herrera : DEMO_PERSONAL.coordinacion,
  })
  const auditadas = await consultarDb(
    servidor.dataDir,
    "select actor_id, entidad_id, alumno_id from auditoria where accion = 'pago.registrar-presencial'",
  )
  expect(auditadas).toEqual([{ actor_id: `personal-${quien}`, entidad_id: pago.id, alumno_id: 'alumno-extranjera' }])
  // The receipt was issued as for an online payment.
  expect(
    await consultarDb(
      servidor.dataDir,
      "select tipo_documento from documentos_emitidos where referencia = ? and cod_tipo_documento = '31'",
      pago.id,
    ),
  ).toEqual([{ tipo_documento: 'Comprobante de Pago' }])

  // Again later: refused the same way, nothing more written.
  const otraVez = await admin.post(url, REGISTRO)
  expect(otraVez.status).toBe(409)
  expect(await otraVez.json()).toEqual({ error: MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL })

  // The student sees it paid, with its receipt, and was told.
  const alumna = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
  const cuotas = (await (await alumna.get('/api/pagos/cuotas/INS-25-30688')).json()) as {
    data: { cuotas: { numero: number; estado: string; pagoId: string | null }[] }
  }
  expect(cuotas.data.cuotas[0]).toMatchObject({ numero: 1, estado: 'pagada', pagoId: pago.id })
  const resultado = (await (await alumna.get(`/api/pagos/${pago.id}`)).json()) as {
    data: { estado: string; comprobante: string | null }
  }
  expect(resultado.data.estado).toBe('aprobado')
  expect(resultado.data.comprobante).toMatch(/^\/api\/documentos-emitidos\//)
  expect(await consultarDb(servidor.dataDir, 'select tipo from notificaciones where ocasion = ?', pago.id)).toEqual([
    { tipo: 'pago-aprobado' },
  ])

  // In the list, for the staff who reach the student only.
  expect((await lista(herrera, '?estado=aprobado')).pagos.map((p) => p.id)).toContain(pago.id)
  expect((await lista(munoz)).pagos.map((p) => p.id)).not.toContain(pago.id)
  expect((await lista(munoz)).pagos.every((p) => p.alumno.id === 'alumno-estudiante')).toBe(true)
  expect((await munoz.get(`/api/admin/pagos/${pago.id}`)).status).toBe(404)
  expect((await munoz.get(`/api/admin/pagos/${pago.id}/comprobante`)).status).toBe(404)
  const detalle = (await (await herrera.get(`/api/admin/pagos/${pago.id}`)).json()) as { pago: Record<string, any> }
  expect(detalle.pago).toMatchObject({ medio: 'presencial', registroFisico: { appName: REGISTRO.appName } })
})

test('several installments recorded at once by two staff each: every installment paid exactly once', async () => {
  // INS-25-30688's installments 2 and 3, each recorded by two staff at the same moment.
  const intentos = [2, 3].flatMap((n) =>
    [admin, herrera].map((c) => c.post(`/api/admin/pagos/cuotas/INS-25-30688/${n}/presencial`, REGISTRO)),
  )
  const estados = (await Promise.all(intentos)).map((r) => r.status)
  expect(estados.filter((s) => s === 201)).toHaveLength(2)
  expect(estados.filter((s) => s === 409)).toHaveLength(2)
  const filas = await consultarDb<{ referencia: string; n: number }>(
    servidor.dataDir,
    "select referencia, count(*) as n from pagos where codigo_inscripcion = 'INS-25-30688' group by referencia order by referencia",
  )
  expect(filas.map((f) => [f.referencia, Number(f.n)])).toEqual([
    ['INS-25-30688/1', 1],
    ['INS-25-30688/2', 1],
    ['INS-25-30688/3', 1],
  ])
})

test('recorded at once through two servers on one database: paid once, every other attempt a clear 409', async () => {
  const otro = await iniciarServidorDePrueba({ throttle: 'off', dataDir: servidor.dataDir })
  try {
    const clientes = [
      herrera,
      admin,
      await iniciarSesionPersonal(otro, DEMO_PERSONAL.coordinacion),
      await iniciarSesionPersonal(otro, DEMO_PERSONAL.herrera),
    ]
    const respuestas = await Promise.all(
      [...clientes, ...clientes].map((c) => c.post('/api/admin/pagos/cuotas/INS-25-30145/2/presencial', REGISTRO)),
    )
    expect(respuestas.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    for (const r of respuestas.filter((r) => r.status === 409))
      expect(await r.json()).toEqual({ error: MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL })
    const pagos = await consultarDb<{ id: string }>(
      servidor.dataDir,
      "select id from pagos where referencia = 'INS-25-30145/2'",
    )
    expect(pagos).toHaveLength(1)
    expect(
      await consultarDb(servidor.dataDir, 'select pago_id from pagos_fisicos where pago_id = ?', pagos[0]!.id),
    ).toHaveLength(1)
    expect(
      await consultarDb(
        servidor.dataDir,
        "select id from auditoria where accion = 'pago.registrar-presencial' and entidad_id = ?",
        pagos[0]!.id,
      ),
    ).toHaveLength(1)
  } finally {
    await otro.close()
  }
})

test('while the student’s online payment of the installment holds the claim, the one in person is refused whole', async () => {
  // Not paid yet (so the check before writing lets it through): only the database's unique claim
  // can refuse it, and everything it wrote is rolled back.
  await consultarDb(
    servidor.dataDir,
    `insert into pagos (id, alumno_id, concepto, referencia, monto, descripcion, codigo_inscripcion, ruta_volver,
      orden_compra, id_sesion, token, estado, creado_en, confirmando_hasta)
     values ('pago-en-linea', 'alumno-estudiante', 'cuota', 'INS-26-40018/4', 450000, 'Cuota 4 de 4', 'INS-26-40018',
      '/pagos/lista/INS-26-40018', 'CENLINEA', 'sesion', 'token-en-linea', 'confirmando', ?, ?)`,
    new Date().toISOString(),
    new Date(Date.now() + 60_000).toISOString(),
  )
  const contar = async () =>
    Promise.all(
      ['pagos', 'pagos_fisicos', 'auditoria', 'notificaciones', 'documentos_emitidos'].map(
        async (t) => (await consultarDb<{ n: number }>(servidor.dataDir, `select count(*) as n from ${t}`))[0]!.n,
      ),
    )
  const antes = await contar()
  const url = '/api/admin/pagos/cuotas/INS-26-40018/4/presencial'
  const res = await admin.post(url, REGISTRO)
  expect(res.status).toBe(409)
  expect(await res.json()).toEqual({ error: MENSAJE_CUOTA_PAGO_EN_CURSO })
  expect(await contar()).toEqual(antes)
  expect(
    await consultarDb(
      servidor.dataDir,
      "select pago_id from cuotas where codigo_inscripcion = 'INS-26-40018' and numero = 4",
    ),
  ).toEqual([{ pago_id: null }])

  // Once the gateway says it did not go through, the claim is released and the school may record it.
  await consultarDb(servidor.dataDir, "update pagos set estado = 'rechazado' where id = 'pago-en-linea'")
  expect((await admin.post(url, REGISTRO)).status).toBe(201)
  // A payment that was not approved has no receipt.
  const sinComprobante = await admin.get('/api/admin/pagos/pago-en-linea/comprobante')
  expect(sinComprobante.status).toBe(404)
  expect(await sinComprobante.json()).toEqual({ error: MENSAJE_SIN_COMPROBANTE })
})

/** Approved payments of a January in summer time (Chile is UTC-3), one near midnight. */
async function sembrarConciliacion() {
  const pago = (
    id: string,
    alumno: string,
    monto: number,
    estado: string,
    medio: string,
    fecha: string,
    descripcion = `Pago de prueba ${id}`,
  ) =>
    consultarDb(
      servidor.dataDir,
      `insert into pagos (id, alumno_id, concepto, referencia, monto, descripcion, ruta_volver, orden_compra,
        id_sesion, estado, codigo_autorizacion, fecha_transaccion, creado_en, resuelto_en, medio)
       values (?, ?, 'cuota', ?, ?, ?, '/pagos', ?, 'sesion', ?, '123456', ?, ?, ?, ?)`,
      id,
      alumno,
      `CONC/${id}`,
      monto,
      descripcion,
      `OC-${id}`,
      estado,
      fecha,
      fecha,
      new Date(Date.parse(fecha) + 60_000).toISOString(),
      medio,
    )
  await pago('c1', 'alumno-estudiante', 100_000, 'aprobado', 'webpay', '2025-01-10T13:00:00.000Z')
  // 23:30 of the 10th in Chile, settled after midnight in UTC: it counts on the 10th.
  await pago('c2', 'alumno-estudiante', 50_000, 'aprobado', 'webpay', '2025-01-11T02:30:00.000Z', '=HYPERLINK("x")')
  await pago('c3', 'alumno-extranjera', 30_000, 'aprobado', 'presencial', '2025-01-12T15:00:00.000Z')
  await pago('c4', 'alumno-estudiante', 999_000, 'rechazado', 'webpay', '2025-01-11T15:00:00.000Z')
  // Outside the range (the 13th in Chile).
  await pago('c5', 'alumno-estudiante', 70_000, 'aprobado', 'webpay', '2025-01-13T04:00:00.000Z')
}

type Suma = { cantidad: number; monto: number }
type Conciliacion = {
  dias: { fecha: string; webpay: Suma; presencial: Suma; total: Suma }[]
  total: { webpay: Suma; presencial: Suma; total: Suma }
}

test('the reconciliation: approved payments and their totals per day in Chile, by reach; its spreadsheet', async () => {
  await sembrarConciliacion()
  const rango = '?desde=2025-01-09&hasta=2025-01-12'
  const res = await admin.get(`/api/admin/pagos/conciliacion${rango}`)
  expect(res.status).toBe(200)
  const c = (await res.json()) as Conciliacion
  expect(c.dias.map((d) => [d.fecha, d.total.cantidad, d.total.monto])).toEqual([
    ['2025-01-09', 0, 0],
    ['2025-01-10', 2, 150_000],
    ['2025-01-11', 0, 0],
    ['2025-01-12', 1, 30_000],
  ])
  expect(c.total).toEqual({
    webpay: { cantidad: 2, monto: 150_000 },
    presencial: { cantidad: 1, monto: 30_000 },
    total: { cantidad: 3, monto: 180_000 },
  })
  // Tomás Muñoz reaches only estudiante@demo.cl: the in-person payment of extranjera is not his.
  const suya = (await (await munoz.get(`/api/admin/pagos/conciliacion${rango}`)).json()) as Conciliacion
  expect(suya.total.total).toEqual({ cantidad: 2, monto: 150_000 })

  for (const [query, mensaje] of [
    ['?desde=2025-01-12&hasta=2025-01-09', MENSAJE_RANGO_PAGOS],
    [`?desde=2025-01-01&hasta=${sumarDias('2025-01-01', MAX_DIAS_CONCILIACION)}`, MENSAJE_RANGO_CONCILIACION],
  ] as const) {
    const malo = await admin.get(`/api/admin/pagos/conciliacion${query}`)
    expect(malo.status).toBe(400)
    expect(await malo.json()).toMatchObject({ error: mensaje })
  }
  expect((await admin.get('/api/admin/pagos/conciliacion')).status).toBe(400)

  const planilla = await admin.get(`/api/admin/pagos/conciliacion/planilla${rango}`)
  expect(planilla.status).toBe(200)
  expect(planilla.headers.get('content-disposition')).toContain('conciliacion-pagos-2025-01-09-a-2025-01-12.xlsx')
  const libro = new ExcelJS.Workbook()
  await libro.xlsx.load(Buffer.from(await planilla.arrayBuffer()) as unknown as ArrayBuffer)
  const resumen = libro.getWorksheet('Totales por día')!
  expect(resumen.getRow(1).getCell(1).value).toBe('Fecha')
  const dia10 = resumen.getRow(3)
  expect(dia10.getCell(1).value).toEqual(new Date('2025-01-10T00:00:00.000Z'))
  expect(dia10.getCell(2).value).toBe(2)
  expect(dia10.getCell(3).value).toBe(150_000)
  expect(dia10.getCell(7).value).toBe(150_000)
  const totales = resumen.getRow(6)
  expect(totales.getCell(1).value).toBe('Total')
  expect(totales.getCell(6).value).toBe(3)
  expect(totales.getCell(7).value).toBe(180_000)
  const detalle = libro.getWorksheet('Pagos aprobados')!
  expect(detalle.rowCount).toBe(4)
  const segunda = detalle.getRow(3)
  expect(segunda.getCell(1).value).toEqual(new Date('2025-01-10T00:00:00.000Z'))
  expect(segunda.getCell(2).value).toEqual(new Date('2025-01-10T23:30:00.000Z'))
  expect(segunda.getCell(4).value).toBe('OC-c2')
  // What a text says is never a formula.
  expect(segunda.getCell(7).value).toBe(`'=HYPERLINK("x")`)
  expect(segunda.getCell(12).value).toBe(50_000)
  const auditadas = await consultarDb<{ despues: string }>(
    servidor.dataDir,
    "select despues from auditoria where accion = 'pagos.exportar-conciliacion'",
  )
  expect(auditadas.map((a) => JSON.parse(a.despues))).toEqual([
    { desde: '2025-01-09', hasta: '2025-01-12', pagos: 3, monto: 180_000 },
  ])
})
