// What a payment pays for. The payment flow (server/pagos) knows nothing of installments or
// contests: each thing a student can pay declares here how much it costs, whether it can be paid
// now, and what an approved payment changes. The amount always comes from the database, never
// from the browser.
import type { Transaction } from 'kysely'
import type { Db } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'

/** What is about to be charged. */
export type Cobro = {
  /** CLP, a positive integer. */
  monto: number
  /** Shown to the payer and printed on the receipt: 'Cuota 2 de 4 — Diplomado en …'. */
  descripcion: string
  /** The enrolment the payment belongs to, if any (a contest fee has none). */
  codigoInscripcion: string | null
  /** Where the outcome page's 'Volver' leads, an app path ('/pagos/lista/INS-…'). */
  rutaVolver: string
}

/** Why it cannot be paid now, in Spanish, with the HTTP status to reply with. */
export type CobroRechazado = { error: string; status: 404 | 409 }

export type ConceptoDePago = {
  /**
   * What `alumnoId` would pay for `referencia` now, or why not (not theirs or unknown: 404;
   * already paid, outside its dates: 409). Called when the payment is created.
   */
  cobro(db: Db, alumnoId: string, referencia: string, ahora: Date): Promise<Cobro | CobroRechazado>
  /**
   * Whether `referencia` is already paid by something other than payment `pagoId`. Asked once the
   * payment holds its claim, before committing: the claim keeps out every other gateway payment,
   * this catches what was paid some other way meanwhile. A payment not committed is never charged.
   */
  pagadoPorOtro(db: Db, referencia: string, pagoId: string): Promise<boolean>
  /**
   * Marks `referencia` as paid, inside the transaction that records the approved payment (so it
   * happens exactly once, with the payment).
   */
  alAprobar(trx: Transaction<Database>, alumnoId: string, referencia: string, pagoId: string): Promise<void>
  /**
   * Payment `pagoId` was refunded in full: what it paid is unpaid again (only if this payment is
   * the one on record), inside the transaction that records the refund.
   */
  alReembolsar(trx: Transaction<Database>, referencia: string, pagoId: string): Promise<void>
}
