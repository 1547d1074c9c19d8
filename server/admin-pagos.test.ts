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
  // Earlier payments get their tax documents in the background, each with a notice: once none is
  // pending, the counts below move only for what this request writes.
  for (const hasta = Date.now() + 20_000; Date.now() < hasta; await new Promise((r) => setTimeout(r, 100))) {
    const [pendientes] = await consultarDb<{ n: number }>(
      servidor.dataDir,
      "select count(*) as n from documentos_tributarios where estado = 'pendiente'",
    )
    if (Number(pendientes?.n) === 0) break
  }
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

/**
 * Payments of a January in summer time (Chile is UTC-3), one near midnight, and refunds: one
 * applied late on the 12th in Chile (the 13th in UTC) of a payment of the 10th, a payment of the
 * 11th reversed whole the same day, and a refund the gateway refused.
 */
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
  const reembolso = (
    id: string,
    pagoId: string,
    monto: number,
    estado: string,
    tipo: string | null,
    resuelto: string,
    fechaAutorizacion: string | null,
  ) =>
    consultarDb(
      servidor.dataDir,
      `insert into reembolsos (id, pago_id, clave, monto, motivo, estado, personal_id, personal_nombre, creado_en,
        resuelto_en, tipo, codigo_autorizacion, fecha_autorizacion)
       values (?, ?, ?, ?, 'Retiro', ?, 'personal-admin', 'Carolina Vidal Rojas', ?, ?, ?, ?, ?)`,
      id,
      pagoId,
      `clave-${id}`,
      monto,
      estado,
      resuelto,
      resuelto,
      tipo,
      fechaAutorizacion ? '654321' : null,
      fechaAutorizacion,
    )
  await pago('c1', 'alumno-estudiante', 100_000, 'aprobado', 'webpay', '2025-01-10T13:00:00.000Z')
  // 23:30 of the 10th in Chile, settled after midnight in UTC: it counts on the 10th.
  await pago('c2', 'alumno-estudiante', 50_000, 'aprobado', 'webpay', '2025-01-11T02:30:00.000Z', '=HYPERLINK("x")')
  await pago('c3', 'alumno-extranjera', 30_000, 'aprobado', 'presencial', '2025-01-12T15:00:00.000Z')
  await pago('c4', 'alumno-estudiante', 999_000, 'rechazado', 'webpay', '2025-01-11T15:00:00.000Z')
  // Outside the range (the 13th in Chile).
  await pago('c5', 'alumno-estudiante', 70_000, 'aprobado', 'webpay', '2025-01-13T04:00:00.000Z')
  // Refunded whole: a sale of the 11th all the same.
  await pago('c6', 'alumno-estudiante', 60_000, 'reembolsado', 'webpay', '2025-01-11T15:00:00.000Z')
  await reembolso('r1', 'c1', 40_000, 'aplicado', 'NULLIFIED', '2025-01-13T02:01:00.000Z', '2025-01-13T02:00:00.000Z')
  await reembolso('r2', 'c6', 60_000, 'aplicado', 'REVERSED', '2025-01-11T20:00:00.000Z', null)
  await reembolso('r3', 'c2', 50_000, 'rechazado', null, '2025-01-11T20:00:00.000Z', null)
}

type Suma = { cantidad: number; monto: number }
type Medio = { pagos: Suma; reembolsos: Suma; neto: number }
type Conciliacion = {
  dias: { fecha: string; webpay: Medio; presencial: Medio; total: Medio }[]
  total: { webpay: Medio; presencial: Medio; total: Medio }
  movimientos: { tipo: string; id: string; pagoId: string; medio: string; dia: string; monto: number }[]
}

const suma = (cantidad: number, monto: number): Suma => ({ cantidad, monto })

test('the reconciliation: per day in Chile, the sales and the refunds applied that day, netted per method, by reach; its spreadsheet', async () => {
  await sembrarConciliacion()
  const rango = '?desde=2025-01-09&hasta=2025-01-12'
  const res = await admin.get(`/api/admin/pagos/conciliacion${rango}`)
  expect(res.status).toBe(200)
  const c = (await res.json()) as Conciliacion
  expect(c.dias.map((d) => [d.fecha, d.webpay.neto, d.presencial.neto, d.total.neto])).toEqual([
    ['2025-01-09', 0, 0, 0],
    ['2025-01-10', 150_000, 0, 150_000],
    // A whole payment reversed the same day: sold and given back, nothing kept.
    ['2025-01-11', 0, 0, 0],
    // The refund of a payment of the 10th, applied at 23:00 of the 12th in Chile, is the 12th's.
    ['2025-01-12', -40_000, 30_000, -10_000],
  ])
  expect(c.dias[1]!.webpay).toEqual({ pagos: suma(2, 150_000), reembolsos: suma(0, 0), neto: 150_000 })
  expect(c.dias[2]!.webpay).toEqual({ pagos: suma(1, 60_000), reembolsos: suma(1, 60_000), neto: 0 })
  expect(c.dias[3]!.total).toEqual({ pagos: suma(1, 30_000), reembolsos: suma(1, 40_000), neto: -10_000 })
  expect(c.total).toEqual({
    webpay: { pagos: suma(3, 210_000), reembolsos: suma(2, 100_000), neto: 110_000 },
    presencial: { pagos: suma(1, 30_000), reembolsos: suma(0, 0), neto: 30_000 },
    total: { pagos: suma(4, 240_000), reembolsos: suma(2, 100_000), neto: 140_000 },
  })
  // Every movement, oldest first; the refused refund and the rejected payment are none.
  expect(c.movimientos.map((m) => [m.tipo, m.id, m.dia, m.monto])).toEqual([
    ['pago', 'c1', '2025-01-10', 100_000],
    ['pago', 'c2', '2025-01-10', 50_000],
    ['pago', 'c6', '2025-01-11', 60_000],
    ['reembolso', 'r2', '2025-01-11', 60_000],
    ['pago', 'c3', '2025-01-12', 30_000],
    ['reembolso', 'r1', '2025-01-12', 40_000],
  ])
  // Tomás Muñoz reaches only estudiante@demo.cl: the in-person payment of extranjera is not his.
  const suya = (await (await munoz.get(`/api/admin/pagos/conciliacion${rango}`)).json()) as Conciliacion
  expect(suya.total.total).toEqual({ pagos: suma(3, 210_000), reembolsos: suma(2, 100_000), neto: 110_000 })
  expect(suya.movimientos.map((m) => m.id)).not.toContain('c3')

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
  const valores = (fila: ExcelJS.Row) => (fila.values as unknown[]).slice(1)
  expect(valores(resumen.getRow(1))).toEqual([
    'Fecha',
    'Pagos en línea',
    'Monto en línea',
    'Reembolsos en línea',
    'Monto reembolsado en línea',
    'Neto en línea',
    'Pagos presenciales',
    'Monto presencial',
    'Neto presencial',
    'Neto total',
  ])
  expect(valores(resumen.getRow(3))).toEqual([
    new Date('2025-01-10T00:00:00.000Z'),
    2,
    150_000,
    0,
    0,
    150_000,
    0,
    0,
    0,
    150_000,
  ])
  expect(valores(resumen.getRow(5))).toEqual([
    new Date('2025-01-12T00:00:00.000Z'),
    0,
    0,
    1,
    -40_000,
    -40_000,
    1,
    30_000,
    30_000,
    -10_000,
  ])
  expect(valores(resumen.getRow(6))).toEqual(['Total', 3, 210_000, 2, -100_000, 110_000, 1, 30_000, 30_000, 140_000])
  const detalle = libro.getWorksheet('Movimientos')!
  expect(detalle.rowCount).toBe(7)
  const segunda = detalle.getRow(3)
  expect(segunda.getCell(1).value).toEqual(new Date('2025-01-10T00:00:00.000Z'))
  expect(segunda.getCell(2).value).toEqual(new Date('2025-01-10T23:30:00.000Z'))
  expect(segunda.getCell(3).value).toBe('Pago en línea')
  expect(segunda.getCell(5).value).toBe('OC-c2')
  // What a text says is never a formula.
  expect(segunda.getCell(9).value).toBe(`'=HYPERLINK("x")`)
  expect(segunda.getCell(14).value).toBe(50_000)
  expect(valores(detalle.getRow(5)).slice(2, 7)).toEqual([
    'Reembolso (cargo anulado el mismo día)',
    'En línea (Webpay)',
    'OC-c6',
    '123456',
    '',
  ])
  const ultima = detalle.getRow(7)
  expect(ultima.getCell(2).value).toEqual(new Date('2025-01-12T23:00:00.000Z'))
  expect(ultima.getCell(3).value).toBe('Reembolso (devuelto a la tarjeta)')
  expect(ultima.getCell(5).value).toBe('OC-c1')
  expect(ultima.getCell(7).value).toBe('654321')
  expect(ultima.getCell(14).value).toBe(-40_000)
  // The movements add up to the net.
  let neto = 0
  detalle.eachRow((fila, n) => {
    if (n > 1) neto += Number(fila.getCell(14).value)
  })
  expect(neto).toBe(140_000)
  const auditadas = await consultarDb<{ despues: string }>(
    servidor.dataDir,
    "select despues from auditoria where accion = 'pagos.exportar-conciliacion'",
  )
  expect(auditadas.map((a) => JSON.parse(a.despues))).toEqual([
    { desde: '2025-01-09', hasta: '2025-01-12', pagos: 4, reembolsos: 2, monto: 140_000 },
  ])
})

type FilaConSaldo = FilaLista & {
  estadoEnPalabras: string
  saldo: { pagado: number; reembolsado: number; queda: number } | null
  ordenCompra: string
  codigoAutorizacion: string | null
  alumno: { documento: string }
}

test('a $250.000 refund today: today’s reconciliation and spreadsheet net it; the payment reads paid, refunded and remaining, «Reembolsado en parte»; the filter and the search find it', async () => {
  const id = 'pago-demo-INS-25-30145-1'
  const hoy = fechaEnChile(new Date())
  const [fila] = await consultarDb<{ orden_compra: string; codigo_autorizacion: string; fecha_transaccion: string }>(
    servidor.dataDir,
    'select orden_compra, codigo_autorizacion, fecha_transaccion from pagos where id = ?',
    id,
  )
  const diaDelPago = fechaEnChile(new Date(fila!.fecha_transaccion))
  const leer = async (desde: string, hasta = desde) =>
    (await (await admin.get(`/api/admin/pagos/conciliacion?desde=${desde}&hasta=${hasta}`)).json()) as Conciliacion
  const antes = (await leer(hoy)).dias[0]!

  const res = await admin.post(
    `/api/admin/pagos/${id}/reembolsos`,
    { monto: 250_000, motivo: 'Descuento por convenio' },
    { 'Idempotency-Key': 'reembolso-de-hoy-250000' },
  )
  expect(res.status, await res.clone().text()).toBe(201)

  // Today: the refund taken from the online net, and from the day's.
  const despues = await leer(hoy)
  const dia = despues.dias[0]!
  expect(dia.webpay.reembolsos).toEqual(
    suma(antes.webpay.reembolsos.cantidad + 1, antes.webpay.reembolsos.monto + 250_000),
  )
  expect(dia.webpay.neto).toBe(antes.webpay.neto - 250_000)
  expect(dia.presencial).toEqual(antes.presencial)
  expect(dia.total.neto).toBe(antes.total.neto - 250_000)
  expect(despues.movimientos.filter((m) => m.tipo === 'reembolso')).toEqual([
    expect.objectContaining({ pagoId: id, medio: 'webpay', dia: hoy, monto: 250_000, tipoReembolso: 'NULLIFIED' }),
  ])
  // The payment's own day keeps its sale whole.
  const suDia = (await leer(diaDelPago)).dias[0]!
  expect(suDia.webpay).toEqual({ pagos: suma(1, 1_250_000), reembolsos: suma(0, 0), neto: 1_250_000 })

  const planilla = await admin.get(`/api/admin/pagos/conciliacion/planilla?desde=${hoy}&hasta=${hoy}`)
  const libro = new ExcelJS.Workbook()
  await libro.xlsx.load(Buffer.from(await planilla.arrayBuffer()) as unknown as ArrayBuffer)
  const totalesHoy = libro.getWorksheet('Totales por día')!.getRow(2)
  expect(totalesHoy.getCell(4).value).toBe(1)
  expect(totalesHoy.getCell(5).value).toBe(-250_000)
  expect(totalesHoy.getCell(6).value).toBe(-250_000)
  expect(totalesHoy.getCell(10).value).toBe(dia.total.neto)
  const movimientos: unknown[][] = []
  libro.getWorksheet('Movimientos')!.eachRow((f) => movimientos.push((f.values as unknown[]).slice(1)))
  expect(movimientos).toContainEqual(
    expect.arrayContaining([
      'Reembolso (devuelto a la tarjeta)',
      fila!.orden_compra,
      fila!.codigo_autorizacion,
      -250_000,
    ]),
  )

  // The payment: what it paid, what was given back, what remains; its state says so.
  const esperado = {
    id,
    estado: 'reembolsado-en-parte',
    estadoEnPalabras: 'Reembolsado en parte',
    monto: 1_250_000,
    saldo: { pagado: 1_250_000, reembolsado: 250_000, queda: 1_000_000 },
  }
  const { pago } = (await (await admin.get(`/api/admin/pagos/${id}`)).json()) as { pago: Record<string, unknown> }
  expect(pago).toMatchObject({ ...esperado, comprobante: expect.anything() })
  const ficha = (await (await admin.get('/api/admin/alumnos/alumno-estudiante')).json()) as {
    pagos: { id: string; estadoEnPalabras: string }[]
  }
  expect(ficha.pagos.find((p) => p.id === id)?.estadoEnPalabras).toBe('Reembolsado en parte')

  // The filter: partly refunded apart from approved (c1 of the test above is partly refunded too).
  const parte = (await lista(admin, '?estado=reembolsado-en-parte')).pagos as FilaConSaldo[]
  expect(parte.map((p) => p.id).sort()).toEqual(['c1', id])
  expect(parte.find((p) => p.id === id)).toMatchObject(esperado)
  expect((await lista(admin, '?estado=aprobado')).pagos.map((p) => p.id)).not.toContain(id)
  expect((await lista(admin, '?estado=reembolsado')).pagos.map((p) => p.id)).toEqual(['c6'])
  // Approved payments that took nothing back: all that was paid remains.
  const demo = (await lista(admin, '?estado=aprobado')).pagos as FilaConSaldo[]
  const otro = demo.find((p) => p.id === 'pago-demo-INS-26-40018-1')!
  expect(otro.saldo).toEqual({ pagado: 450_000, reembolsado: 0, queda: 450_000 })
  expect((await lista(admin, '?estado=rechazado')).pagos.every((p) => (p as FilaConSaldo).saldo === null)).toBe(true)

  // The search: by RUT (whole, with dots, or its first digits), name, buy order, authorization code.
  const ids = async (cliente: ClienteDePrueba, q: string) =>
    (await lista(cliente, `?q=${encodeURIComponent(q)}`)).pagos.map((p) => p.id)
  const deCamila = await ids(admin, '16.789.432-1')
  expect(deCamila).toContain(id)
  expect(deCamila).not.toContain('c3')
  expect(await ids(admin, '16789432-1')).toEqual(deCamila)
  expect(await ids(admin, '1678943')).toEqual(deCamila)
  expect(await ids(admin, 'rojas soto')).toEqual(deCamila)
  expect(await ids(admin, 'Camila Rojas')).toEqual(deCamila)
  const deValentina = await ids(admin, 'García')
  expect(deValentina).toContain('c3')
  expect(deValentina).not.toContain(id)
  expect(await ids(admin, fila!.orden_compra)).toEqual([id])
  expect(await ids(admin, ` ${fila!.orden_compra.toLowerCase()} `)).toEqual([id])
  expect(await ids(admin, fila!.codigo_autorizacion)).toEqual([id])
  expect((await ids(admin, '123456')).sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6'])
  expect(await ids(admin, 'nadie-se-llama-asi')).toEqual([])
  // Combined with a filter; and only within reach (Tomás Muñoz does not reach extranjera@demo.cl).
  expect((await lista(admin, '?q=16.789.432-1&estado=reembolsado-en-parte')).pagos.map((p) => p.id).sort()).toEqual([
    'c1',
    id,
  ])
  expect(await ids(munoz, 'García')).toEqual([])
  expect(await ids(munoz, fila!.orden_compra)).toEqual([id])
  const larga = await admin.get(`/api/admin/pagos?q=${'x'.repeat(101)}`)
  expect(larga.status).toBe(400)
})
