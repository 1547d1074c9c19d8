// The sandbox answers Transbank's own Node SDK (transbank-sdk) as Transbank's integration
// environment would: the SDK is pointed at the portal's sandbox with the sandbox's credentials
// (Transbank's published integration ones) and creates, commits, reads and refunds over HTTP, with
// the payer in between at the sandbox's card form. Wrong credentials are refused as Webpay refuses
// them, and so is a refund of more than what remains.
import { Options, WebpayPlus } from 'transbank-sdk'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { iniciarServidorDePrueba, type ServidorDePrueba } from '../../tests/support/servidor.ts'
import { CREDENCIALES_SANDBOX, RUTA_SANDBOX, TARJETA_APROBADA } from './pasarela-sandbox.ts'

let server: ServidorDePrueba
/** Minutes the server's clock runs ahead of the real one. */
let adelanto = 0

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ clock: () => new Date(Date.now() + adelanto * 60_000) })
})
afterAll(() => server?.close())

function transaccion(
  codigo: string = CREDENCIALES_SANDBOX.codigoComercio,
  clave: string = CREDENCIALES_SANDBOX.apiKey,
) {
  return new WebpayPlus.Transaction(new Options(codigo, clave, `${server.url}${RUTA_SANDBOX}`))
}

let orden = 0
const nuevaOrden = () => `SDK${Date.now()}${orden++}`.slice(0, 26)

/** The payer at the sandbox's card form, as a browser posts it. */
async function pagar(token: string) {
  const res = await fetch(`${server.url}${RUTA_SANDBOX}/autorizar`, {
    method: 'POST',
    body: new URLSearchParams({
      token_ws: token,
      numero: TARJETA_APROBADA,
      vencimiento: '12/39',
      cvv: '123',
      cuotas: '0',
    }),
  })
  expect(res.status).toBe(200)
}

/** A transaction created, paid and committed through the SDK. */
async function pagada(monto: number) {
  const sdk = transaccion()
  const buyOrder = nuevaOrden()
  const creada = (await sdk.create(buyOrder, 'sesion-sdk', monto, 'http://127.0.0.1:9/retorno')) as {
    token: string
    url: string
  }
  await pagar(creada.token)
  const confirmada = (await sdk.commit(creada.token)) as Record<string, unknown>
  return { sdk, token: creada.token, buyOrder, confirmada }
}

test('create, commit and status through the SDK: the token opens the sandbox form, the commit authorizes once', async () => {
  const sdk = transaccion()
  const buyOrder = nuevaOrden()
  const creada = (await sdk.create(buyOrder, 'sesion-sdk', 450_000, 'http://127.0.0.1:9/retorno')) as {
    token: string
    url: string
  }
  expect(creada.token).toMatch(/^[0-9a-f]{64}$/)
  expect(creada.url).toBe(`${server.url}${RUTA_SANDBOX}/pagar`)
  expect(await sdk.status(creada.token)).toMatchObject({ status: 'INITIALIZED', amount: 450_000, buy_order: buyOrder })

  await pagar(creada.token)
  const confirmada = await sdk.commit(creada.token)
  expect(confirmada).toMatchObject({
    vci: 'TSY',
    amount: 450_000,
    status: 'AUTHORIZED',
    buy_order: buyOrder,
    session_id: 'sesion-sdk',
    card_detail: { card_number: '6623' },
    payment_type_code: 'VN',
    response_code: 0,
    installments_number: 0,
  })
  expect(confirmada.authorization_code).toMatch(/^\d{6}$/)
  expect(await sdk.status(creada.token)).toEqual(confirmada)
  // Committed once: the second is refused as Webpay refuses it.
  await expect(sdk.commit(creada.token)).rejects.toThrow('Transaction already locked')
})

test('refund through the SDK: the whole amount the same day is REVERSED', async () => {
  const { sdk, token } = await pagada(120_000)
  expect(await sdk.refund(token, 120_000)).toEqual({ type: 'REVERSED' })
  expect(await sdk.status(token)).toMatchObject({ status: 'REVERSED', balance: 0 })
  await expect(sdk.refund(token, 1)).rejects.toThrow('Amount to nullify exceeds the balance')
})

test('refund through the SDK: part of it is NULLIFIED with what remains, the rest later too, never more than the balance', async () => {
  const { sdk, token } = await pagada(300_000)
  const parcial = (await sdk.refund(token, 100_000)) as Record<string, unknown>
  expect(parcial).toMatchObject({ type: 'NULLIFIED', nullified_amount: 100_000, balance: 200_000, response_code: 0 })
  expect(parcial.authorization_code).toMatch(/^\d{6}$/)
  expect(Number.isNaN(Date.parse(String(parcial.authorization_date)))).toBe(false)
  expect(await sdk.status(token)).toMatchObject({ status: 'PARTIALLY_NULLIFIED', balance: 200_000 })
  await expect(sdk.refund(token, 200_001)).rejects.toThrow('Amount to nullify exceeds the balance')
  // The next day the whole rest is a nullification, not a reversal.
  adelanto = 24 * 60
  try {
    expect(await sdk.refund(token, 200_000)).toMatchObject({ type: 'NULLIFIED', nullified_amount: 200_000, balance: 0 })
  } finally {
    adelanto = 0
  }
  expect(await sdk.status(token)).toMatchObject({ status: 'NULLIFIED', balance: 0 })
})

test('a transaction not committed cannot be refunded', async () => {
  const sdk = transaccion()
  const creada = (await sdk.create(nuevaOrden(), 'sesion-sdk', 5_000, 'http://127.0.0.1:9/retorno')) as {
    token: string
  }
  await expect(sdk.refund(creada.token, 5_000)).rejects.toThrow('Invalid status for transaction while nullifying')
})

test('other credentials are refused with 401, as Webpay refuses them', async () => {
  await expect(transaccion('597000000000', 'otra-clave').create(nuevaOrden(), 's', 1000, 'http://x/y')).rejects.toThrow(
    'Not Authorized',
  )
  const res = await fetch(`${server.url}${RUTA_SANDBOX}/rswebpaytransaction/api/webpay/v1.2/transactions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Tbk-Api-Key-Id': CREDENCIALES_SANDBOX.codigoComercio },
    body: JSON.stringify({ buy_order: 'X', session_id: 's', amount: 1000, return_url: 'http://x/y' }),
  })
  expect(res.status).toBe(401)
  expect(await res.json()).toEqual({ error_message: 'Not Authorized' })
})
