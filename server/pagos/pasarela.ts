// The payment gateway as the portal sees it, modelled on Webpay Plus REST: create a transaction
// (buy order, session id, CLP amount, return URL) and get a token and the URL the browser posts
// `token_ws` to; when the browser comes back, commit it; ask its status at any time to reconcile.
// One implementation, the Webpay Plus REST client (pasarela-webpay.ts), pointed by configuration at
// Transbank or at the sandbox the portal serves itself (pasarela-sandbox.ts), which speaks the same
// REST API: the portal's payment code never knows which gateway it talks to.

/** What `crear` sends; the same names as Webpay's request, in Spanish. */
export type NuevaTransaccion = {
  /** At most 26 characters, unique per commerce. */
  ordenCompra: string
  /** At most 61 characters. */
  idSesion: string
  /** CLP, a positive integer. */
  monto: number
  /** Where the gateway sends the browser back, by GET or POST. */
  urlRetorno: string
}

export type TransaccionCreada = { token: string; url: string }

/** The reply to commit and to status, with Webpay's field names as they come on the wire. */
export type RespuestaTransaccion = {
  vci?: string
  amount: number
  /** 'INITIALIZED' | 'AUTHORIZED' | 'FAILED' | 'REVERSED' | 'NULLIFIED' | … */
  status: string
  buy_order: string
  session_id: string
  card_detail?: { card_number?: string }
  accounting_date?: string
  transaction_date?: string
  authorization_code?: string
  payment_type_code?: string
  /** 0 approved; anything else rejected. */
  response_code?: number
  installments_number?: number
  /** After a refund: what remains of the payment. */
  balance?: number
}

/**
 * The reply to a refund, as Webpay words it: REVERSED (the whole amount on the day of the payment:
 * the charge disappears, and Webpay answers only the type) or NULLIFIED (a later or partial
 * refund, a credit note with its own authorization and what remains of the payment).
 */
export type RespuestaReembolso = {
  type: 'REVERSED' | 'NULLIFIED'
  authorization_code?: string
  authorization_date?: string
  nullified_amount?: number
  /** What remains refundable of the payment after this refund. */
  balance?: number
  response_code?: number
}

export type PasarelaDePago = {
  crear(transaccion: NuevaTransaccion): Promise<TransaccionCreada>
  /** Refused (ErrorPasarela with a status) when already committed, expired or never paid. */
  confirmar(token: string): Promise<RespuestaTransaccion>
  estado(token: string): Promise<RespuestaTransaccion>
  /**
   * Gives back `monto` (CLP) of an authorized payment. Refused with 422 when it exceeds what
   * remains of it. Not idempotent at the gateway: two calls refund twice, so the caller claims
   * the refund before calling (server/pagos/reembolsos.ts).
   */
  reembolsar(token: string, monto: number): Promise<RespuestaReembolso>
}

/**
 * The gateway answered with an error (`status`: its HTTP status, e.g. 422 for a repeated or late
 * commit) or could not be reached (`status` null): the second kind may have happened anyway.
 */
export class ErrorPasarela extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
    this.name = 'ErrorPasarela'
  }
}

/**
 * A token the payer has not used within this time no longer opens the gateway's form (Webpay's
 * integration environment and the sandbox alike).
 */
export const VIGENCIA_TOKEN_MS = 5 * 60_000

export const LARGO_ORDEN_COMPRA = 26
export const LARGO_ID_SESION = 61

/** Approved only when the bank said 0 and the gateway AUTHORIZED it. */
export function esAprobada(respuesta: RespuestaTransaccion): boolean {
  return respuesta.response_code === 0 && respuesta.status === 'AUTHORIZED'
}

/** The transaction is still waiting for the payer (nothing to settle yet). */
export function estaIniciada(respuesta: RespuestaTransaccion): boolean {
  return respuesta.status === 'INITIALIZED'
}
