// Payments end to end against the real server and its sandbox gateway, on SQLite and PostgreSQL:
// installments, creating a payment, every way the gateway sends the browser back (by GET and by
// POST, without the session cookie, as a cross-site POST arrives), and a payment applied once
// whatever repeats: reloads, concurrent returns, a lost commit reply, a late commit.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_POSTULACION_DESCONOCIDA } from './concursos/pago-postulacion.ts'
import {
  MENSAJE_CUOTA_NO_ENCONTRADA,
  MENSAJE_CUOTA_PAGADA,
  MENSAJE_DEMASIADOS_PAGOS,
  MENSAJE_INSCRIPCION_SIN_PAGOS,
  MENSAJE_PAGO_NO_ENCONTRADO,
} from '../src/domain/pagos.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type OpcionesServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DETALLE_ERROR_FORMULARIO, DETALLE_NO_COINCIDE, DETALLE_YA_PAGADO } from './pagos/flujo.ts'
import { ErrorPasarela, type PasarelaDePago } from './pagos/pasarela.ts'
import { RUTA_SANDBOX, TARJETA_APROBADA, TARJETA_RECHAZADA } from './pagos/pasarela-sandbox.ts'

let server: ServidorDePrueba
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba
/** Minutes the server's clock runs ahead of the real one. */
let adelanto = 0
/** The server's gateway, as the flow calls it (to commit again as a late caller would). */
let pasarela: PasarelaDePago

beforeAll(async () => {
  server = await iniciarServidorDePrueba({
    throttle: 'off',
    clock: () => new Date(Date.now() + adelanto * 60_000),
    pasarela: (configurada) => (pasarela = configurada),
  })
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
})
afterAll(() => server.close())

type Cuota = { numero: number; monto: number; vencimiento: string; estado: string; pagoId: string | null }
type Resultado = {
  id: string
  estado: string
  monto: number
  descripcion: string
  rutaVolver: string
  detalle: string | null
  codigoAutorizacion: string | null
  ultimosDigitos: string | null
  tipoPago: string | null
  ordenCompra: string
  comprobante: string | null
}

async function cuotas(cliente: ClienteDePrueba, codigo: string) {
  const res = await cliente.get(`/api/pagos/cuotas/${codigo}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { cuotas: Cuota[]; programa: string; hoy: string } }).data
}

/**
 * Asks to pay installment `numero` of `codigo`, as the payment page does: a new payment (201), or
 * the one still open at the gateway for it (200).
 */
async function crearPago(cliente: ClienteDePrueba, codigo: string, numero: number) {
  const res = await cliente.post('/api/pagos', { concepto: 'cuota', referencia: `${codigo}/${numero}` })
  expect([200, 201]).toContain(res.status)
  const cuerpo = (await res.json()) as { url: string; token: string }
  expect(Object.keys(cuerpo).sort()).toEqual(['token', 'url'])
  return cuerpo
}

/** A form posted as a browser posts it. */
function formulario(campos: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(campos), redirect: 'manual' }
}

/** The payer at the sandbox: types a card and pays; returns the sandbox's page. */
async function pagarEnSandbox(token: string, tarjeta: string, cuotasTarjeta = '0') {
  const res = await fetch(
    `${server.url}${RUTA_SANDBOX}/autorizar`,
    formulario({ token_ws: token, numero: tarjeta, vencimiento: '12/39', cvv: '123', cuotas: cuotasTarjeta }),
  )
  return { status: res.status, html: await res.text() }
}

/** The gateway sends the browser back: no cookie (a cross-site POST carries none), no XSRF header. */
function volver(metodo: 'GET' | 'POST', campos: Record<string, string>): Promise<Response> {
  const url = `${server.url}/api/pagos/retorno`
  if (metodo === 'GET') return fetch(`${url}?${new URLSearchParams(campos)}`, { redirect: 'manual' })
  return fetch(url, formulario(campos))
}

/** The fields the sandbox sends back: read from its 'Volver al comercio' form. */
function camposDeVuelta(html: string): Record<string, string> {
  const formulario = /<form id="volver"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? ''
  return Object.fromEntries(
    [...formulario.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  )
}

function idDe(location: string | null): string {
  const id = /^\/pagos\/respuesta\/(?:[^/]+\/)?([^/]+)$/.exec(location ?? '')?.[1]
  if (!id) throw new Error(`no es la página de resultado: ${location}`)
  return id
}

async function resultado(cliente: ClienteDePrueba, id: string): Promise<Resultado> {
  const res = await cliente.get(`/api/pagos/${id}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Resultado }).data
}

const fisicosDe = (pagoId: string) =>
  consultarDb(server.dataDir, 'select * from pagos_fisicos where pago_id = ?', pagoId)
const cuotaEnDb = async (codigo: string, numero: number) =>
  (
    await consultarDb<{ pago_id: string | null }>(
      server.dataDir,
      'select pago_id from cuotas where codigo_inscripcion = ? and numero = ?',
      codigo,
      numero,
    )
  )[0]

test("an enrolment's installments: amount, due date and state, only the student's own and only with online payment", async () => {
  const { cuotas: lista, programa } = await cuotas(estudiante, 'INS-26-40018')
  expect(programa).toBe('Diplomado en Cuidados Paliativos y Manejo del Dolor')
  expect(lista.map((c) => [c.numero, c.monto, c.estado])).toEqual([
    [1, 450_000, 'pagada'],
    [2, 450_000, 'vencida'],
    [3, 450_000, 'pendiente'],
    [4, 450_000, 'pendiente'],
  ])
  expect(lista[0]?.pagoId).toBe('pago-demo-INS-26-40018-1')
  expect((await cuotas(estudiante, 'INS-24-20388')).cuotas).toEqual([])
  for (const [cliente, codigo] of [
    [extranjera, 'INS-26-40018'],
    [estudiante, 'INS-25-30688'],
    [estudiante, 'INS-25-30021'],
    [estudiante, 'NO-EXISTE'],
  ] as const) {
    const res = await cliente.get(`/api/pagos/cuotas/${codigo}`)
    expect(res.status, codigo).toBe(404)
    expect(await res.json()).toEqual({ error: MENSAJE_INSCRIPCION_SIN_PAGOS })
  }
})

test('a payment is created with the amount from the database, a buy order of at most 26 characters and a gateway token', async () => {
  const { url, token } = await crearPago(estudiante, 'INS-26-40018', 3)
  expect(url).toBe(`${server.url}${RUTA_SANDBOX}/pagar`)
  expect(token).toMatch(/^[0-9a-f]{64}$/)
  const [pago] = await consultarDb<{ monto: number; orden_compra: string; estado: string; alumno_id: string }>(
    server.dataDir,
    'select monto, orden_compra, estado, alumno_id from pagos where token = ?',
    token,
  )
  expect(pago).toMatchObject({ monto: 450_000, estado: 'pendiente', alumno_id: 'alumno-estudiante' })
  expect(pago!.orden_compra.length).toBeLessThanOrEqual(26)
  const [transaccion] = await consultarDb(server.dataDir, 'select * from pasarela_sandbox where token = ?', token)
  expect(transaccion).toMatchObject({ monto: 450_000, orden_compra: pago!.orden_compra })
  // The browser posts token_ws to the URL: the sandbox's card form, labelled as a test gateway.
  const pagina = await fetch(url, formulario({ token_ws: token }))
  const html = await pagina.text()
  expect(pagina.status).toBe(200)
  expect(html).toContain('Pasarela de pruebas')
  expect(html).toContain('$450.000')
  for (const campo of ['numero', 'vencimiento', 'cvv', 'cuotas'])
    expect(html).toMatch(new RegExp(`<label for="${campo}">`))
  expect(html).toContain('Anular compra y volver al comercio')
})

test('what cannot be paid is refused: paid, unknown, another student\u2019s, an unknown application, a bad body', async () => {
  const casos: [ClienteDePrueba, unknown, number, string][] = [
    [estudiante, { concepto: 'cuota', referencia: 'INS-26-40018/1' }, 409, MENSAJE_CUOTA_PAGADA],
    [estudiante, { concepto: 'cuota', referencia: 'INS-26-40018/9' }, 404, MENSAJE_CUOTA_NO_ENCONTRADA],
    [estudiante, { concepto: 'cuota', referencia: 'INS-26-40018' }, 404, MENSAJE_CUOTA_NO_ENCONTRADA],
    [extranjera, { concepto: 'cuota', referencia: 'INS-26-40018/3' }, 404, MENSAJE_INSCRIPCION_SIN_PAGOS],
    [estudiante, { concepto: 'cuota', referencia: 'INS-25-30021/1' }, 404, MENSAJE_INSCRIPCION_SIN_PAGOS],
    [estudiante, { concepto: 'postulacion', referencia: 'no-existe' }, 404, MENSAJE_POSTULACION_DESCONOCIDA],
  ]
  const antes = await consultarDb(server.dataDir, 'select count(*) as n from pagos')
  for (const [cliente, cuerpo, status, error] of casos) {
    const res = await cliente.post('/api/pagos', cuerpo)
    expect(res.status, JSON.stringify(cuerpo)).toBe(status)
    expect(await res.json()).toEqual({ error })
  }
  const malo = await estudiante.post('/api/pagos', { concepto: 'regalo', referencia: 'x', monto: 1 })
  expect(malo.status).toBe(400)
  expect(await consultarDb(server.dataDir, 'select count(*) as n from pagos')).toEqual(antes)
})

test('approved: the return by POST without a session settles it, 303 to the outcome page; reloads and repeats by GET or POST change nothing', async () => {
  const { token } = await crearPago(estudiante, 'INS-26-40018', 2)
  const { html } = await pagarEnSandbox(token, TARJETA_APROBADA)
  expect(camposDeVuelta(html)).toEqual({ token_ws: token })
  const res = await volver('POST', { token_ws: token })
  expect(res.status).toBe(303)
  const location = res.headers.get('location')
  expect(location).toMatch(/^\/pagos\/respuesta\/INS-26-40018\/[0-9a-f-]{36}$/)
  const id = idDe(location)
  const r = await resultado(estudiante, id)
  expect(r).toMatchObject({
    estado: 'aprobado',
    monto: 450_000,
    ultimosDigitos: '6623',
    tipoPago: 'VN',
    rutaVolver: '/pagos/lista/INS-26-40018',
    descripcion: 'Cuota 2 de 4 — Diplomado en Cuidados Paliativos y Manejo del Dolor',
  })
  expect(r.codigoAutorizacion).toMatch(/^\d{6}$/)
  expect((await cuotas(estudiante, 'INS-26-40018')).cuotas[1]).toMatchObject({ estado: 'pagada', pagoId: id })
  // The physical payment record names the enrolment's commercial assistant as the seller.
  expect(await fisicosDe(id)).toEqual([
    expect.objectContaining({
      id_pago_flujo: id,
      cod_pago_flujo: r.ordenCompra,
      cod_fila_wpay: token,
      app_name: 'Portal del Estudiante',
      mail_vendedor: 'tomas.munoz@postgrado-demo.cl',
      nombre_vendedor: 'Tomás Muñoz Araya',
    }),
  ])

  // The signed receipt, issued once the payment committed: a PDF its owner downloads.
  expect(r.comprobante).toMatch(/^\/api\/documentos-emitidos\/[A-Z0-9]+$/)
  const pdf = await estudiante.get(r.comprobante!)
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  expect((await extranjera.get(r.comprobante!)).status).toBe(404)

  for (const metodo of ['POST', 'GET', 'POST'] as const) {
    const otra = await volver(metodo, { token_ws: token })
    expect(otra.status).toBe(303)
    expect(otra.headers.get('location')).toBe(location)
  }
  expect(await fisicosDe(id)).toHaveLength(1)
  expect(await resultado(estudiante, id)).toEqual(r)
  expect(
    await consultarDb(
      server.dataDir,
      "select codigo from documentos_emitidos where referencia = ? and cod_tipo_documento = '31'",
      id,
    ),
  ).toHaveLength(1)
  // The installment cannot be paid again.
  expect((await estudiante.post('/api/pagos', { concepto: 'cuota', referencia: 'INS-26-40018/2' })).status).toBe(409)
  // A late commit is refused by the gateway; the portal keeps what it stored.
  await expect(pasarela.confirmar(token)).rejects.toMatchObject({ status: 422 })
  expect((await resultado(estudiante, id)).estado).toBe('aprobado')
})

test('rejected card, by GET return: rejected, nothing paid; the same installment then paid with the approved card', async () => {
  const primero = await crearPago(extranjera, 'INS-25-30688', 1)
  await pagarEnSandbox(primero.token, TARJETA_RECHAZADA)
  const res = await volver('GET', { token_ws: primero.token })
  expect(res.status).toBe(303)
  const rechazado = await resultado(extranjera, idDe(res.headers.get('location')))
  expect(rechazado).toMatchObject({
    estado: 'rechazado',
    ultimosDigitos: '0568',
    codigoAutorizacion: '000000',
    comprobante: null,
  })
  expect(await fisicosDe(rechazado.id)).toEqual([])
  expect((await cuotaEnDb('INS-25-30688', 1))?.pago_id).toBeNull()
  expect((await cuotas(extranjera, 'INS-25-30688')).cuotas[0]?.estado).toBe('vencida')

  const segundo = await crearPago(extranjera, 'INS-25-30688', 1)
  await pagarEnSandbox(segundo.token, TARJETA_APROBADA, '3')
  const aprobado = await resultado(
    extranjera,
    idDe((await volver('GET', { token_ws: segundo.token })).headers.get('location')),
  )
  expect(aprobado).toMatchObject({ estado: 'aprobado', tipoPago: 'VC' })
  expect((await cuotaEnDb('INS-25-30688', 1))?.pago_id).toBe(aprobado.id)
})

test.each(['GET', 'POST'] as const)(
  'cancelled by the payer (%s): TBK_TOKEN, TBK_ORDEN_COMPRA and TBK_ID_SESION',
  async (metodo) => {
    const { token } = await crearPago(estudiante, 'INS-26-40018', 4)
    const anular = await fetch(`${server.url}${RUTA_SANDBOX}/anular`, formulario({ token_ws: token }))
    const campos = camposDeVuelta(await anular.text())
    expect(Object.keys(campos).sort()).toEqual(['TBK_ID_SESION', 'TBK_ORDEN_COMPRA', 'TBK_TOKEN'])
    const res = await volver(metodo, campos)
    expect(res.status).toBe(303)
    const r = await resultado(estudiante, idDe(res.headers.get('location')))
    expect(r.estado).toBe('anulado')
    expect((await cuotaEnDb('INS-26-40018', 4))?.pago_id).toBeNull()
    // The gateway refuses to commit a cancelled transaction; a normal return afterwards changes nothing.
    expect((await volver('POST', { token_ws: token })).status).toBe(303)
    expect((await resultado(estudiante, r.id)).estado).toBe('anulado')
  },
)

test.each(['GET', 'POST'] as const)(
  'timed out at the gateway (%s): only TBK_ORDEN_COMPRA and TBK_ID_SESION',
  async (metodo) => {
    const { token, url } = await crearPago(estudiante, 'INS-26-40018', 4)
    adelanto += 6
    try {
      const pagina = await fetch(`${url}?token_ws=${token}`)
      const html = await pagina.text()
      expect(html).toContain('Tiempo agotado')
      const campos = camposDeVuelta(html)
      expect(Object.keys(campos).sort()).toEqual(['TBK_ID_SESION', 'TBK_ORDEN_COMPRA'])
      // Paying after the token expired is refused by the gateway too.
      expect((await pagarEnSandbox(token, TARJETA_APROBADA)).html).toContain('Tiempo agotado')
      const res = await volver(metodo, campos)
      expect(res.status).toBe(303)
      expect((await resultado(estudiante, idDe(res.headers.get('location')))).estado).toBe('tiempo-agotado')
    } finally {
      adelanto -= 6
    }
  },
)

test.each(['GET', 'POST'] as const)(
  'back from the gateway error page (%s): all four fields, rejected without a commit',
  async (metodo) => {
    const { token } = await crearPago(estudiante, 'INS-26-40018', 4)
    const { html } = await pagarEnSandbox(token, '4111111111111111')
    const campos = camposDeVuelta(html)
    expect(Object.keys(campos).sort()).toEqual(['TBK_ID_SESION', 'TBK_ORDEN_COMPRA', 'TBK_TOKEN', 'token_ws'])
    const res = await volver(metodo, campos)
    const r = await resultado(estudiante, idDe(res.headers.get('location')))
    expect(r).toMatchObject({ estado: 'rechazado', detalle: DETALLE_ERROR_FORMULARIO })
  },
)

test('asked again while its token is open at the gateway, the same payment comes back; once the token has lapsed, a new one', async () => {
  const pedir = () => extranjera.post('/api/pagos', { concepto: 'cuota', referencia: 'INS-25-30688/3' })
  const primera = await pedir()
  expect(primera.status).toBe(201)
  const { token } = (await primera.json()) as { token: string }
  for (let i = 0; i < 3; i++) {
    const otra = await pedir()
    expect(otra.status).toBe(200)
    expect(await otra.json()).toEqual({ url: `${server.url}${RUTA_SANDBOX}/pagar`, token })
  }
  expect(await consultarDb(server.dataDir, "select id from pagos where referencia = 'INS-25-30688/3'")).toHaveLength(1)
  adelanto += 6
  try {
    const nueva = await pedir()
    expect(nueva.status).toBe(201)
    expect(((await nueva.json()) as { token: string }).token).not.toBe(token)
  } finally {
    adelanto -= 6
  }
})

test('two tabs paying the same installment: the one returning after the other was approved is not committed, so it takes no money', async () => {
  const primera = await crearPago(extranjera, 'INS-25-30688', 2)
  // The first tab's form is finished just before its token lapses; the second tab, asked for
  // after that, gets a payment of its own.
  adelanto += 4.9
  try {
    await pagarEnSandbox(primera.token, TARJETA_APROBADA)
    adelanto += 0.2
    const segunda = await crearPago(extranjera, 'INS-25-30688', 2)
    expect(segunda.token).not.toBe(primera.token)
    await pagarEnSandbox(segunda.token, TARJETA_APROBADA)
    const idSegunda = idDe((await volver('POST', { token_ws: segunda.token })).headers.get('location'))
    const idPrimera = idDe((await volver('POST', { token_ws: primera.token })).headers.get('location'))
    expect(await resultado(extranjera, idSegunda)).toMatchObject({ estado: 'aprobado' })
    expect(await resultado(extranjera, idPrimera)).toMatchObject({ estado: 'rechazado', detalle: DETALLE_YA_PAGADO })
    expect((await cuotaEnDb('INS-25-30688', 2))?.pago_id).toBe(idSegunda)
    expect(await fisicosDe(idPrimera)).toEqual([])
    // At the gateway the first transaction was never committed: no charge.
    const enPasarela = await consultarDb<{ token: string; confirmada_en: string | null }>(
      server.dataDir,
      'select token, confirmada_en from pasarela_sandbox where token in (?, ?)',
      primera.token,
      segunda.token,
    )
    expect(enPasarela.find((t) => t.token === segunda.token)?.confirmada_en).not.toBeNull()
    expect(enPasarela.find((t) => t.token === primera.token)?.confirmada_en).toBeNull()
  } finally {
    adelanto -= 5.1
  }
})

test('ten returns at the same moment apply the payment once', async () => {
  const { token } = await crearPago(estudiante, 'INS-25-30145', 2)
  await pagarEnSandbox(token, TARJETA_APROBADA)
  const respuestas = await Promise.all(
    Array.from({ length: 10 }, (_, i) => volver(i % 2 ? 'GET' : 'POST', { token_ws: token })),
  )
  const destinos = new Set(respuestas.map((r) => `${r.status} ${r.headers.get('location')}`))
  expect(destinos.size).toBe(1)
  const id = idDe(respuestas[0]!.headers.get('location'))
  expect((await resultado(estudiante, id)).estado).toBe('aprobado')
  expect(await fisicosDe(id)).toHaveLength(1)
  expect((await cuotaEnDb('INS-25-30145', 2))?.pago_id).toBe(id)
  expect(
    await consultarDb(
      server.dataDir,
      "select id from pagos where referencia = 'INS-25-30145/2' and estado = 'aprobado'",
    ),
  ).toHaveLength(1)
})

test('a return that arrives before the payer finished leaves the payment being confirmed; the real one then settles it', async () => {
  const { token } = await crearPago(estudiante, 'INS-25-30290', 3)
  const temprano = await volver('POST', { token_ws: token })
  expect(temprano.status).toBe(303)
  const id = idDe(temprano.headers.get('location'))
  expect((await resultado(estudiante, id)).estado).toBe('confirmando')
  await pagarEnSandbox(token, TARJETA_APROBADA)
  await volver('POST', { token_ws: token })
  expect((await resultado(estudiante, id)).estado).toBe('aprobado')
})

test('a commit after the gateway’s time limit is refused: the payment is rejected and the installment stays unpaid', async () => {
  const { token } = await crearPago(estudiante, 'INS-26-40018', 3)
  await pagarEnSandbox(token, TARJETA_APROBADA)
  adelanto += 6
  try {
    const res = await volver('POST', { token_ws: token })
    const r = await resultado(estudiante, idDe(res.headers.get('location')))
    expect(r.estado).toBe('rechazado')
    expect(await fisicosDe(r.id)).toEqual([])
    expect((await cuotaEnDb('INS-26-40018', 3))?.pago_id).toBeNull()
  } finally {
    adelanto -= 6
  }
})

test("another student's payment outcome is answered as one that does not exist", async () => {
  const { token } = await crearPago(estudiante, 'INS-26-40018', 3)
  const id = idDe((await volver('POST', { token_ws: token })).headers.get('location'))
  for (const ruta of [`/api/pagos/${id}`, '/api/pagos/pago-demo-INS-26-40018-1', '/api/pagos/no-existe']) {
    const res = await extranjera.get(ruta)
    expect(res.status, ruta).toBe(404)
    expect(await res.json()).toEqual({ error: MENSAJE_PAGO_NO_ENCONTRADO })
  }
})

test('unknown tokens and returns that fit no shape settle nothing', async () => {
  const antes = await consultarDb(server.dataDir, 'select id, estado from pagos order by id')
  const desconocido = 'f'.repeat(64)
  for (const [metodo, campos, status] of [
    ['POST', { token_ws: desconocido }, 404],
    ['GET', { token_ws: desconocido }, 404],
    ['POST', { TBK_TOKEN: desconocido, TBK_ORDEN_COMPRA: 'C123', TBK_ID_SESION: 'abc' }, 404],
    ['GET', { TBK_ORDEN_COMPRA: 'C123', TBK_ID_SESION: 'abc' }, 404],
    ['POST', {}, 400],
    ['GET', { TBK_ORDEN_COMPRA: 'C123' }, 400],
    ['POST', { token_ws: desconocido, TBK_ORDEN_COMPRA: 'C123', TBK_ID_SESION: 'abc' }, 400],
    ['POST', { token_ws: 'a'.repeat(64), TBK_TOKEN: 'b'.repeat(64), TBK_ORDEN_COMPRA: 'C1', TBK_ID_SESION: 'x' }, 400],
  ] as const) {
    const res = await volver(metodo, campos)
    expect(res.status, JSON.stringify(campos)).toBe(status)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).toContain('<h1>')
  }
  // A cancel with the right token but another payment's buy order is not that payment's cancel.
  const a = await crearPago(estudiante, 'INS-26-40018', 3)
  const b = await crearPago(estudiante, 'INS-26-40018', 4)
  const [filaB] = await consultarDb<{ orden_compra: string; id_sesion: string }>(
    server.dataDir,
    'select orden_compra, id_sesion from pagos where token = ?',
    b.token,
  )
  const cruzado = await volver('POST', {
    TBK_TOKEN: a.token,
    TBK_ORDEN_COMPRA: filaB!.orden_compra,
    TBK_ID_SESION: filaB!.id_sesion,
  })
  expect(cruzado.status).toBe(404)
  expect(
    await consultarDb(
      server.dataDir,
      'select id, estado from pagos where token in (?, ?) order by id',
      a.token,
      b.token,
    ),
  ).toEqual(expect.arrayContaining([expect.objectContaining({ estado: 'pendiente' })]))
  const despues = await consultarDb<{ id: string; estado: string }>(
    server.dataDir,
    'select id, estado from pagos order by id',
  )
  expect(despues.filter((p) => antes.some((q) => JSON.stringify(q) === JSON.stringify(p)))).toHaveLength(antes.length)
})

/** A server whose gateway is wrapped by `envolver`, for the tests that make the gateway misbehave. */
async function conPasarela(
  envolver: (real: PasarelaDePago) => PasarelaDePago,
  opciones: OpcionesServidorDePrueba = {},
) {
  const otro = await iniciarServidorDePrueba({ throttle: 'off', pasarela: envolver, ...opciones })
  return { otro, cliente: await iniciarSesion(otro.url, DEMO_CUENTAS.estudiante) }
}

async function pagarEn(otro: ServidorDePrueba, cliente: ClienteDePrueba, referencia: string) {
  const { token } = (await (await cliente.post('/api/pagos', { concepto: 'cuota', referencia })).json()) as {
    token: string
  }
  await fetch(
    `${otro.url}${RUTA_SANDBOX}/autorizar`,
    formulario({ token_ws: token, numero: TARJETA_APROBADA, vencimiento: '12/39', cvv: '123', cuotas: '0' }),
  )
  const res = await fetch(`${otro.url}/api/pagos/retorno`, formulario({ token_ws: token }))
  expect(res.status).toBe(303)
  return { token, id: idDe(res.headers.get('location')) }
}

test('a commit whose reply is lost is reconciled by asking the status: approved once', async () => {
  let confirmaciones = 0
  const { otro, cliente } = await conPasarela((real) => ({
    ...real,
    async confirmar(token) {
      confirmaciones++
      await real.confirmar(token)
      throw new ErrorPasarela('socket hang up', null)
    },
  }))
  try {
    const { id } = await pagarEn(otro, cliente, 'INS-26-40018/3')
    const r = (await (await cliente.get(`/api/pagos/${id}`)).json()) as { data: Resultado }
    expect(r.data.estado).toBe('aprobado')
    expect(r.data.ultimosDigitos).toBe('6623')
    expect(confirmaciones).toBe(1)
    expect(await consultarDb(otro.dataDir, 'select * from pagos_fisicos where pago_id = ?', id)).toHaveLength(1)
  } finally {
    await otro.close()
  }
})

test('when neither the commit nor the status answers, the payment stays claimed and the outcome page settles it later', async () => {
  let caida = true
  const { otro, cliente } = await conPasarela((real) => ({
    ...real,
    confirmar: async (token) => {
      if (caida) throw new ErrorPasarela('Webpay no respondió', null)
      return real.confirmar(token)
    },
    estado: async (token) => {
      if (caida) throw new ErrorPasarela('Webpay no respondió', null)
      return real.estado(token)
    },
  }))
  try {
    const { id } = await pagarEn(otro, cliente, 'INS-26-40018/3')
    const leer = async () => ((await (await cliente.get(`/api/pagos/${id}`)).json()) as { data: Resultado }).data
    expect((await leer()).estado).toBe('confirmando')
    expect((await leer()).estado).toBe('confirmando')
    caida = false
    expect((await leer()).estado).toBe('aprobado')
    expect(await leer()).toMatchObject({ estado: 'aprobado' })
    expect(await consultarDb(otro.dataDir, 'select * from pagos_fisicos where pago_id = ?', id)).toHaveLength(1)
  } finally {
    await otro.close()
  }
})

test('a gateway reply whose amount does not match the charge is not applied', async () => {
  const { otro, cliente } = await conPasarela((real) => ({
    ...real,
    confirmar: async (token) => ({ ...(await real.confirmar(token)), amount: 1 }),
  }))
  try {
    const { id } = await pagarEn(otro, cliente, 'INS-26-40018/3')
    const r = ((await (await cliente.get(`/api/pagos/${id}`)).json()) as { data: Resultado }).data
    expect(r).toMatchObject({ estado: 'rechazado', detalle: DETALLE_NO_COINCIDE })
    expect(await consultarDb(otro.dataDir, 'select * from pagos_fisicos where pago_id = ?', id)).toEqual([])
    const [cuota] = await consultarDb<{ pago_id: string | null }>(
      otro.dataDir,
      "select pago_id from cuotas where codigo_inscripcion = 'INS-26-40018' and numero = 3",
    )
    expect(cuota?.pago_id).toBeNull()
  } finally {
    await otro.close()
  }
})

test('a gateway that cannot create the transaction gets a Spanish 502 and leaves a closed payment, not a pending one', async () => {
  const { otro, cliente } = await conPasarela((real) => ({
    ...real,
    crear: async () => {
      throw new ErrorPasarela('Webpay no respondió', null)
    },
  }))
  try {
    const res = await cliente.post('/api/pagos', { concepto: 'cuota', referencia: 'INS-26-40018/3' })
    expect(res.status).toBe(502)
    expect((await res.json()).error).toMatch(/pasarela de pago/)
    expect(await consultarDb(otro.dataDir, "select estado from pagos where estado = 'pendiente'")).toEqual([])
  } finally {
    await otro.close()
  }
})

test('with the real gateway configured, pages may post forms to its host and the sandbox is not served', async () => {
  const otro = await iniciarServidorDePrueba({
    throttle: 'off',
    config: {
      pasarela: { tipo: 'webpay', host: 'https://webpay3gint.transbank.cl', codigoComercio: '1', apiKey: 'x' },
    },
  })
  try {
    const pagina = await fetch(`${otro.url}/login`)
    expect(pagina.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://webpay3gint.transbank.cl;",
    )
    expect((await fetch(`${otro.url}${RUTA_SANDBOX}/pagar`, formulario({ token_ws: 'a'.repeat(64) }))).status).toBe(404)
  } finally {
    await otro.close()
  }
  expect((await fetch(`${server.url}/login`)).headers.get('content-security-policy')).toContain("form-action 'self';")
})

test("a payment approved before receipts existed (the demo's) gets its receipt when its outcome is first read", async () => {
  const id = 'pago-demo-INS-25-30290-1'
  const emitidos = () =>
    consultarDb(
      server.dataDir,
      "select codigo from documentos_emitidos where referencia = ? and cod_tipo_documento = '31'",
      id,
    )
  expect(await emitidos()).toEqual([])
  const [primera, segunda] = await Promise.all([resultado(estudiante, id), resultado(estudiante, id)])
  expect(primera.comprobante).toBeTruthy()
  expect(segunda.comprobante).toBe(primera.comprobante)
  expect(await emitidos()).toHaveLength(1)
})

test('new payments are limited per student: the eleventh in ten minutes gets 429 with Retry-After and a Spanish message', async () => {
  const otro = await iniciarServidorDePrueba()
  try {
    const cliente = await iniciarSesion(otro.url, DEMO_CUENTAS.estudiante)
    const pedir = () => cliente.post('/api/pagos', { concepto: 'cuota', referencia: 'INS-26-40018/3' })
    for (let i = 1; i <= 10; i++) {
      const res = await pedir()
      expect(res.status, `pago ${i}`).toBe(201)
      if (i === 10) break
      // Cancelled at the gateway and back: the next ask needs a new transaction.
      const { token } = (await res.json()) as { token: string }
      const anular = await fetch(`${otro.url}${RUTA_SANDBOX}/anular`, formulario({ token_ws: token }))
      const campos = camposDeVuelta(await anular.text())
      const vuelta = await fetch(`${otro.url}/api/pagos/retorno`, formulario(campos))
      expect(vuelta.status).toBe(303)
    }
    // The tenth is still open at the gateway: asking for it again is no new transaction.
    expect((await pedir()).status).toBe(200)
    const antes = await consultarDb(otro.dataDir, 'select count(*) as n from pagos')
    const res = await cliente.post('/api/pagos', { concepto: 'cuota', referencia: 'INS-26-40018/4' })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await res.json()).toEqual({ error: MENSAJE_DEMASIADOS_PAGOS })
    expect(await consultarDb(otro.dataDir, 'select count(*) as n from pagos')).toEqual(antes)
    // Another student is counted apart.
    const extranjeraOtro = await iniciarSesion(otro.url, DEMO_CUENTAS.extranjera)
    expect((await extranjeraOtro.post('/api/pagos', { concepto: 'cuota', referencia: 'INS-25-30688/1' })).status).toBe(
      201,
    )
  } finally {
    await otro.close()
  }
})
