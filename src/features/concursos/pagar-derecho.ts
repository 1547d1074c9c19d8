// Leaving for the gateway: a real form POST carrying the payment's token in `token_ws`, the way
// Webpay Plus expects it (the payment itself is created by `iniciarPago` of the payment feature).

/** Leaves the portal for the gateway. */
export function irAPasarela({ url, token }: { url: string; token: string }): void {
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
