import * as v from 'valibot'

// An installment's number as text (in a payment reference, an address or an entry link): 1 to
// 999. Its own module because the router reads it on every start (the entry link and the payment
// route's parameter), and the first script must not carry the rest of the payment rules.

export const NUMERO_CUOTA = /^[1-9]\d{0,2}$/

/** An installment's number read from an address: the text '2' becomes the number 2, anything else fails. */
export const numeroCuotaSchema = v.pipe(v.string(), v.regex(NUMERO_CUOTA), v.transform(Number))
