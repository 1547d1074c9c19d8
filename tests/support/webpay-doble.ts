// A stand-in for Transbank's Webpay Plus REST API (v1.2) with a real gateway's latency, for the
// tests where timing matters: the portal's real Webpay client talks to it over HTTP, and it keeps
// its transactions as Webpay does (created, finished by the payer, committed once), so it can say
// how many commits it applied. A commit takes `latenciaConfirmacionMs` (Webpay's take hundreds of
// milliseconds) and is applied once received, even if the caller dies meanwhile, as at a real
// gateway. `cortar` holds every commit and status request without ever applying it, as when the
// network between the portal and the gateway is cut.
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RUTA_TRANSACCIONES_WEBPAY } from '../../server/pagos/pasarela-webpay.ts'
import type { RespuestaTransaccion } from '../../server/pagos/pasarela.ts'

type Transaccion = {
  token: string
  ordenCompra: string
  idSesion: string
  monto: number
  /** What the payer did at the form; null while they have not finished. */
  pagador: 'aprobada' | 'rechazada' | null
  pagadaEn: number | null
  confirmadaEn: number | null
}

export type WebpayDoble = {
  /** What the portal is configured with: WEBPAY_HOST and the rest. */
  entorno: Record<string, string>
  host: string
  latenciaConfirmacionMs: number
  /** A payer's approval not committed within this time is reversed, as Webpay does. */
  plazoConfirmacionMs: number
  cortar: boolean
  /** The payer finishes at the gateway's form, approved or rejected by the bank. */
  pagar(token: string, resultado?: 'aprobada' | 'rechazada'): void
  /** Commits applied for this token (0 or 1: a second one is refused). */
  confirmaciones(token: string): number
  /** Commit requests received for this token, applied or not. */
  confirmacionesRecibidas(token: string): number
  cerrar(): Promise<void>
}

export async function iniciarWebpayDoble({
  latenciaConfirmacionMs = 400,
  plazoConfirmacionMs = 5 * 60_000,
} = {}): Promise<WebpayDoble> {
  const transacciones = new Map<string, Transaccion>()
  const recibidas = new Map<string, number>()

  function respuesta(t: Transaccion, ahora: number): RespuestaTransaccion {
    const base = { amount: t.monto, buy_order: t.ordenCompra, session_id: t.idSesion }
    if (!t.pagador || t.pagadaEn === null) return { ...base, status: 'INITIALIZED' }
    if (t.confirmadaEn === null && ahora - t.pagadaEn > doble.plazoConfirmacionMs)
      return { ...base, status: 'FAILED', response_code: -1 }
    const aprobada = t.pagador === 'aprobada'
    return {
      ...base,
      vci: aprobada ? 'TSY' : 'TSN',
      status: t.confirmadaEn === null ? 'INITIALIZED' : aprobada ? 'AUTHORIZED' : 'FAILED',
      card_detail: { card_number: '6623' },
      accounting_date: '1125',
      transaction_date: new Date(t.pagadaEn).toISOString(),
      authorization_code: aprobada ? '123456' : '000000',
      payment_type_code: 'VN',
      response_code: aprobada ? 0 : -1,
      installments_number: 0,
    }
  }

  function confirmar(t: Transaccion): { status: number; cuerpo: unknown } {
    const ahora = Date.now()
    if (t.confirmadaEn !== null) return { status: 422, cuerpo: { error_message: 'Transaction already locked' } }
    if (!t.pagador || t.pagadaEn === null)
      return { status: 422, cuerpo: { error_message: 'Invalid status for transaction while authorizing' } }
    if (ahora - t.pagadaEn > doble.plazoConfirmacionMs)
      return { status: 422, cuerpo: { error_message: 'Transaction has an invalid finished status' } }
    t.confirmadaEn = ahora
    return { status: 200, cuerpo: respuesta(t, ahora) }
  }

  const servidor: Server = createServer((req, res) => {
    let texto = ''
    req.setEncoding('utf8')
    req.on('data', (trozo: string) => (texto += trozo))
    req.on('end', () => {
      const responder = ({ status, cuerpo }: { status: number; cuerpo: unknown }) => {
        if (res.destroyed) return
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(cuerpo))
      }
      const ruta = (req.url ?? '').split('?')[0] ?? ''
      if (!ruta.startsWith(RUTA_TRANSACCIONES_WEBPAY)) return responder({ status: 404, cuerpo: {} })
      const token = decodeURIComponent(ruta.slice(RUTA_TRANSACCIONES_WEBPAY.length + 1))
      if (req.method === 'POST' && token === '') {
        const cuerpo = JSON.parse(texto) as { buy_order: string; session_id: string; amount: number }
        const nuevo = randomBytes(32).toString('hex')
        transacciones.set(nuevo, {
          token: nuevo,
          ordenCompra: cuerpo.buy_order,
          idSesion: cuerpo.session_id,
          monto: cuerpo.amount,
          pagador: null,
          pagadaEn: null,
          confirmadaEn: null,
        })
        return responder({ status: 200, cuerpo: { token: nuevo, url: `${host}/webpayserver/initTransaction` } })
      }
      const t = transacciones.get(token)
      if (req.method === 'PUT') recibidas.set(token, (recibidas.get(token) ?? 0) + 1)
      // A cut network: the request hangs, and nothing reaches the gateway.
      if (doble.cortar) return
      if (!t) return responder({ status: 404, cuerpo: { error_message: 'Transaction not found' } })
      if (req.method === 'GET') return responder({ status: 200, cuerpo: respuesta(t, Date.now()) })
      if (req.method !== 'PUT') return responder({ status: 405, cuerpo: {} })
      setTimeout(() => responder(confirmar(t)), doble.latenciaConfirmacionMs)
    })
  })
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve))
  const host = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`

  const doble: WebpayDoble = {
    host,
    entorno: {
      PASARELA: 'webpay',
      WEBPAY_HOST: host,
      WEBPAY_COMMERCE_CODE: '597055555532',
      WEBPAY_API_KEY: 'clave-de-prueba-no-real',
    },
    latenciaConfirmacionMs,
    plazoConfirmacionMs,
    cortar: false,
    pagar(token, resultado = 'aprobada') {
      const t = transacciones.get(token)
      if (!t) throw new Error(`la pasarela no conoce el token ${token}`)
      if (t.pagador) throw new Error(`el pagador ya terminó la transacción ${token}`)
      t.pagador = resultado
      t.pagadaEn = Date.now()
    },
    confirmaciones: (token) => (typeof transacciones.get(token)?.confirmadaEn === 'number' ? 1 : 0),
    confirmacionesRecibidas: (token) => recibidas.get(token) ?? 0,
    cerrar: () =>
      new Promise<void>((resolve) => {
        servidor.closeAllConnections()
        servidor.close(() => resolve())
      }),
  }
  return doble
}
