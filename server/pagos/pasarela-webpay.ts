// The real gateway: Transbank's Webpay Plus REST API (v1.2), reached with fetch. The commerce code
// and API key come from the configuration (WEBPAY_COMMERCE_CODE, WEBPAY_API_KEY) and travel only in
// the Tbk-Api-Key-Id / Tbk-Api-Key-Secret headers; the host is Transbank's integration or
// production one (WEBPAY_HOST). A reply other than 2xx becomes an ErrorPasarela with its status
// and Transbank's error_message; no reply at all (network, timeout) one with status null, since
// the request may have been applied. The same client talks to the portal's own sandbox, which
// speaks this API too (pasarela-sandbox.ts): then `fetch` hands the request to the sandbox's
// routes in this process instead of a socket, so a portal behind a proxy need not reach itself.
// What goes on the wire is what Transbank's own SDK (transbank-sdk) sends: JSON bodies, `{}` on a
// commit.
import {
  ErrorPasarela,
  type PasarelaDePago,
  type RespuestaReembolso,
  type RespuestaTransaccion,
  type TransaccionCreada,
} from './pasarela.ts'
import { mensajeDeFallo } from '../bitacora.ts'

export const RUTA_TRANSACCIONES_WEBPAY = '/rswebpaytransaction/api/webpay/v1.2/transactions'

export type ConfigWebpay = {
  host: string
  codigoComercio: string
  apiKey: string
  timeoutMs?: number
  /** How requests are sent: the global fetch, or the sandbox's routes in this process. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

export function crearPasarelaWebpay({
  host,
  codigoComercio,
  apiKey,
  timeoutMs = 30_000,
  fetch: enviar = (url, init) => fetch(url, init),
}: ConfigWebpay): PasarelaDePago {
  const base = `${host.replace(/\/+$/, '')}${RUTA_TRANSACCIONES_WEBPAY}`

  async function llamar<T>(metodo: 'POST' | 'PUT' | 'GET', ruta: string, cuerpo?: unknown): Promise<T> {
    let res: Response
    try {
      const init: RequestInit = {
        method: metodo,
        headers: {
          'Tbk-Api-Key-Id': codigoComercio,
          'Tbk-Api-Key-Secret': apiKey,
          'Content-Type': 'application/json',
        },
        signal: AbortSignal.timeout(timeoutMs),
      }
      // Status is a bodiless GET; everything else carries JSON, a commit `{}` as the SDK sends it.
      if (cuerpo !== undefined) init.body = JSON.stringify(cuerpo)
      res = await enviar(`${base}${ruta}`, init)
    } catch (err) {
      throw new ErrorPasarela(`Webpay no respondió: ${mensajeDeFallo(err)}`, null)
    }
    const texto = await res.text()
    let json: unknown
    try {
      json = texto ? JSON.parse(texto) : {}
    } catch {
      throw new ErrorPasarela(`Webpay respondió ${res.status} con un cuerpo que no es JSON`, res.ok ? null : res.status)
    }
    if (!res.ok) {
      const mensaje = (json as { error_message?: unknown }).error_message
      throw new ErrorPasarela(typeof mensaje === 'string' ? mensaje : `Webpay respondió ${res.status}`, res.status)
    }
    return json as T
  }

  const ruta = (token: string) => `/${encodeURIComponent(token)}`

  return {
    crear: ({ ordenCompra, idSesion, monto, urlRetorno }) =>
      llamar<TransaccionCreada>('POST', '', {
        buy_order: ordenCompra,
        session_id: idSesion,
        amount: monto,
        return_url: urlRetorno,
      }),
    confirmar: (token) => llamar<RespuestaTransaccion>('PUT', ruta(token), {}),
    estado: (token) => llamar<RespuestaTransaccion>('GET', ruta(token)),
    reembolsar: (token, monto) => llamar<RespuestaReembolso>('POST', `${ruta(token)}/refunds`, { amount: monto }),
  }
}
