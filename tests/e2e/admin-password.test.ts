// A staff member who forgot their password, at a desk (1280 px) and on a tablet (768 px): from
// '¿Olvidó su contraseña?' on the sign-in page they ask for a link, open it from the e-mail, choose
// a new password and sign in with it and, as always, their authenticator's code. The session they
// had open elsewhere is over, and the used link says so and offers to ask again.
import { expect, test } from 'vitest'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import {
  MENSAJE_CONTRASENA_RESTABLECIDA,
  MENSAJE_RESTABLECIMIENTO_INVALIDO,
  MENSAJE_RESTABLECIMIENTO_SOLICITADO,
} from '../../src/domain/personal.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'
import { codigoSiguiente } from '../support/personal.ts'
import { esperarCorreo } from '../support/servidor.ts'

const portal = prepararPortal({ throttle: 'off' })

test.each([
  { ancho: ANCHO_ESCRITORIO, email: DEMO_PERSONAL.coordinacion, password: 'Escritorio2026' },
  { ancho: 768, email: DEMO_PERSONAL.munoz, password: 'Tableta2026' },
])(
  'at $ancho px a member creates a new password from the e-mailed link and still gives the code to sign in',
  async ({ ancho, email, password }) => {
    // Signed in on another computer before (say, a shared one left open).
    const otro = await portal.newPage({ ancho, personal: email })
    await otro.page.goto(`${portal.url}/admin/home`)
    await otro.page.getByRole('heading', { name: /^Hola,/ }).waitFor()

    const { page, context } = await portal.newPage(ancho)
    await page.goto(`${portal.url}/admin/login`)
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click()
    await page.waitForURL(`${portal.url}/admin/recuperar`)
    await page.getByRole('heading', { name: 'Cree una nueva contraseña', level: 1 }).waitFor()
    expect(await hallazgosGraves(page), `solicitud, ${ancho} px`).toEqual([])
    await page.getByLabel(/^Correo electrónico/).fill(email)
    await page.getByRole('button', { name: 'Enviar enlace' }).click()
    await page.getByRole('status').getByText(MENSAJE_RESTABLECIMIENTO_SOLICITADO).waitFor()
    expect(await hallazgosGraves(page), `solicitud enviada, ${ancho} px`).toEqual([])

    const correo = await esperarCorreo(portal.server.dataDir, email)
    const enlace = /(http\S+\/admin\/restablecer\?token=\S+)/.exec(correo.text)?.[1]
    expect(enlace).toBeDefined()
    await page.goto(enlace!)
    await page.getByText(`(${email})`, { exact: false }).waitFor()
    expect(await hallazgosGraves(page), `nueva contraseña, ${ancho} px`).toEqual([])
    // The rules are the invitation's: a short one is refused on its field.
    await page.getByLabel(/^Nueva contraseña/).fill('corta')
    await page.getByLabel(/^Confirmar contraseña/).fill('corta')
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
    expect(await page.getByLabel(/^Nueva contraseña/).evaluate((el) => el.getAttribute('aria-invalid'))).toBe('true')
    await page.getByLabel(/^Nueva contraseña/).fill(password)
    await page.getByLabel(/^Confirmar contraseña/).fill(password)
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
    await page.getByRole('status').getByText(MENSAJE_CONTRASENA_RESTABLECIDA).waitFor()

    // Not signed in by the reset: the sign-in asks for the password and then the code.
    await page.getByRole('link', { name: 'Ingresar' }).click()
    await page.waitForURL(`${portal.url}/admin/login`)
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel(/^Contraseña/).fill(password)
    await page.getByRole('button', { name: 'Continuar' }).click()
    await page.getByLabel(/^Código de verificación/).fill(await codigoSiguiente(portal.server.dataDir, email))
    expect(await page.getByRole('heading', { name: 'Active la verificación en dos pasos' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await page.waitForURL(`${portal.url}/admin/home`)

    // The other computer's session ended with the change.
    await otro.page.goto(`${portal.url}/admin/certificados`)
    await otro.page.waitForURL(/\/admin\/login/)

    // The link worked once: opened again it says so, and offers a new one.
    await page.goto(enlace!)
    await page.getByRole('alert').getByText(MENSAJE_RESTABLECIMIENTO_INVALIDO).waitFor()
    expect(await hallazgosGraves(page), `enlace usado, ${ancho} px`).toEqual([])
    await page.getByRole('link', { name: 'Solicitar un nuevo enlace' }).click()
    await page.waitForURL(`${portal.url}/admin/recuperar`)

    await otro.context.close()
    await context.close()
  },
)
