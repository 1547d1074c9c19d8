import * as v from 'valibot'
import { peticion } from '../../lib/api.ts'

// Paying the application fee: the portal's payment API creates the payment for the application
// (the amount comes from the contest on the server, never from here) and answers with the
// gateway's address and the payment's token; the browser then goes to the gateway by posting a
// form with the token in `token_ws`, the way Webpay Plus expects it. A refusal (no such
// application, already paid, outside the application period) throws ApiError with the server's
// Spanish message.

const respuestaPagoSchema = v.object({
  url: v.pipe(
    v.string(),
    v.check((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), 'Dirección de pago no válida'),
  ),
  token: v.pipe(v.string(), v.minLength(1)),
})

export type InicioPago = v.InferOutput<typeof respuestaPagoSchema>

/** Creates the payment of the application `postulacionId`'s fee. */
export async function iniciarPagoPostulacion(postulacionId: string): Promise<InicioPago> {
  const res = await peticion('/api/pagos', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ concepto: 'postulacion', referencia: postulacionId }),
  })
  return v.parse(respuestaPagoSchema, await res.json())
}

/** Leaves the portal for the gateway: a real form POST carrying the token, as the gateway asks. */
export function irAPasarela({ url, token }: InicioPago): void {
  const form = document.createElement('form')
  form.method = 'POST'
  form.action = url
  form.hidden = true
  const campo = document.createElement('input')
  campo.type = 'hidden'
  campo.name = 'token_ws'
  campo.value = token
  form.append(campo)
  document.body.append(form)
  form.submit()
}
