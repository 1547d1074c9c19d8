// The Webpay Plus REST client against a small HTTP server standing in for Transbank's: it checks
// every request it receives (method, path, credential headers, body) and answers as Webpay does.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ErrorPasarela } from './pasarela.ts'
import { crearPasarelaWebpay, RUTA_TRANSACCIONES_WEBPAY } from './pasarela-webpay.ts'

type Recibida = { metodo: string; ruta: string; cabeceras: IncomingMessage['headers']; cuerpo: string }

const recibidas: Recibida[] = []
/** What the fake answers next: status and body. */
let siguiente: { status: number; cuerpo: unknown } = { status: 200, cuerpo: {} }
let servidor: Server
let host: string

beforeAll(async () => {
  servidor = createServer((req, res) => {
    let cuerpo = ''
    req.setEncoding('utf8')
    req.on('data', (trozo: string) => (cuerpo += trozo))
    req.on('end', () => {
      recibidas.push({ metodo: req.method ?? '', ruta: req.url ?? '', cabeceras: req.headers, cuerpo })
      res.writeHead(siguiente.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(siguiente.cuerpo))
    })
  })
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve))
  host = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => servidor.close(() => resolve())))

const COMERCIO = '597000000000'
const SECRETO = 'secreto-de-prueba-no-real'

function pasarela() {
  return crearPasarelaWebpay({ host: `${host}/`, codigoComercio: COMERCIO, apiKey: SECRETO, timeoutMs: 2000 })
}

function ultima(): Recibida {
  const r = recibidas.at(-1)
  if (!r) throw new Error('el servidor falso no recibió nada')
  return r
}

function conCredenciales(r: Recibida) {
  expect(r.cabeceras['tbk-api-key-id']).toBe(COMERCIO)
  expect(r.cabeceras['tbk-api-key-secret']).toBe(SECRETO)
  expect(r.cabeceras['content-type']).toBe('application/json')
}

const RESPUESTA_APROBADA = {
  vci: 'TSY',
  amount: 450000,
  status: 'AUTHORIZED',
  buy_order: 'C0000000000000000000000001',
  session_id: 'sesion',
  card_detail: { card_number: '6623' },
  accounting_date: '0510',
  transaction_date: '2026-05-10T15:00:00.000Z',
  authorization_code: '1213',
  payment_type_code: 'VN',
  response_code: 0,
  installments_number: 0,
}

test('create posts buy order, session id, amount and return URL with the commerce credentials; the reply gives token and URL', async () => {
  siguiente = {
    status: 200,
    cuerpo: { token: 'e'.repeat(64), url: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction' },
  }
  const creada = await pasarela().crear({
    ordenCompra: 'C0000000000000000000000001',
    idSesion: 'sesion',
    monto: 450000,
    urlRetorno: 'https://portal.ejemplo.cl/api/pagos/retorno',
  })
  expect(creada).toEqual(siguiente.cuerpo)
  const r = ultima()
  expect(r.metodo).toBe('POST')
  expect(r.ruta).toBe(RUTA_TRANSACCIONES_WEBPAY)
  conCredenciales(r)
  expect(JSON.parse(r.cuerpo)).toEqual({
    buy_order: 'C0000000000000000000000001',
    session_id: 'sesion',
    amount: 450000,
    return_url: 'https://portal.ejemplo.cl/api/pagos/retorno',
  })
})

test("commit is a PUT with the JSON body {} (as Transbank's SDK sends it) and status a bodiless GET, on the transaction of the token", async () => {
  const token = 'a1'.repeat(32)
  siguiente = { status: 200, cuerpo: RESPUESTA_APROBADA }
  expect(await pasarela().confirmar(token)).toEqual(RESPUESTA_APROBADA)
  expect(ultima()).toMatchObject({ metodo: 'PUT', ruta: `${RUTA_TRANSACCIONES_WEBPAY}/${token}`, cuerpo: '{}' })
  conCredenciales(ultima())
  expect(await pasarela().estado(token)).toEqual(RESPUESTA_APROBADA)
  expect(ultima()).toMatchObject({ metodo: 'GET', ruta: `${RUTA_TRANSACCIONES_WEBPAY}/${token}`, cuerpo: '' })
  conCredenciales(ultima())
})

test("a refund posts the amount to the token's refunds; the reply is Webpay's, REVERSED or NULLIFIED", async () => {
  const token = 'd4'.repeat(32)
  const anulada = {
    type: 'NULLIFIED',
    authorization_code: '123456',
    authorization_date: '2026-05-11T10:00:00.000Z',
    nullified_amount: 100000,
    balance: 350000,
    response_code: 0,
  }
  siguiente = { status: 200, cuerpo: anulada }
  expect(await pasarela().reembolsar(token, 100000)).toEqual(anulada)
  expect(ultima()).toMatchObject({ metodo: 'POST', ruta: `${RUTA_TRANSACCIONES_WEBPAY}/${token}/refunds` })
  expect(JSON.parse(ultima().cuerpo)).toEqual({ amount: 100000 })
  conCredenciales(ultima())
  siguiente = { status: 200, cuerpo: { type: 'REVERSED' } }
  expect(await pasarela().reembolsar(token, 450000)).toEqual({ type: 'REVERSED' })
  siguiente = { status: 422, cuerpo: { error_message: 'Amount to nullify exceeds the balance' } }
  await expect(pasarela().reembolsar(token, 1)).rejects.toMatchObject({
    name: 'ErrorPasarela',
    status: 422,
    message: 'Amount to nullify exceeds the balance',
  })
})

test("Webpay's refusal becomes an ErrorPasarela with its status and error_message", async () => {
  siguiente = { status: 422, cuerpo: { error_message: "Invalid status '1' for transaction while authorizing" } }
  const error = await pasarela()
    .confirmar('b'.repeat(64))
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ErrorPasarela)
  expect(error).toMatchObject({ status: 422, message: "Invalid status '1' for transaction while authorizing" })
})

test('a gateway that cannot be reached is an ErrorPasarela without status: the commit may have happened', async () => {
  const caida = crearPasarelaWebpay({ host: 'http://127.0.0.1:1', codigoComercio: COMERCIO, apiKey: SECRETO })
  await expect(caida.estado('c'.repeat(64))).rejects.toMatchObject({ name: 'ErrorPasarela', status: null })
})
