import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { iniciarSesion, prepararPortal } from '../support/e2e.ts'

const portal = prepararPortal()

/** The reset link of the newest message the portal wrote to its mail outbox for this address. */
function enlaceDeRecuperacion(dataDir: string, email: string): string {
  const dir = join(dataDir, 'mail')
  const mensajes = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((texto) => texto.includes(email))
  const enlace = mensajes.at(-1)?.match(/https?:\/\/[^\s"'<>]+recoverpass=[A-Za-z0-9_-]+/)?.[0]
  if (!enlace) throw new Error(`no reset mail for ${email} in ${dir}`)
  return enlace
}

test('a student resets a forgotten password through the e-mailed link and signs in with it', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/login`)
  await page.getByRole('link', { name: /Olvidó su contraseña/ }).click()
  await page.waitForURL(`${portal.url}/password`)
  // The URL changes before the lazily loaded screen replaces login (which has an e-mail field too).
  await page.getByRole('heading', { name: 'Recuperar contraseña' }).waitFor()
  await page.getByLabel('Correo electrónico').fill('extranjera@demo.cl')
  await page.getByRole('button', { name: 'Enviar enlace' }).click()
  await page
    .getByText(/recibirá un mensaje con un enlace/)
    .first()
    .waitFor()

  // The e-mail is written a moment after the reply (the server does not wait for it).
  await expect
    .poll(() => {
      try {
        return enlaceDeRecuperacion(portal.server.dataDir, 'extranjera@demo.cl')
      } catch {
        return ''
      }
    })
    .not.toBe('')
  await page.goto(enlaceDeRecuperacion(portal.server.dataDir, 'extranjera@demo.cl'))
  await page.waitForURL(/\/password\?recoverpass=/)
  await page.getByLabel('Nueva contraseña').fill('corta')
  await page.getByLabel('Confirmar contraseña').fill('distinta')
  await page.getByRole('button', { name: /Crear contraseña/ }).click()
  await page.getByText('Las contraseñas no coinciden, por favor revisar.').waitFor()

  await page.getByLabel('Nueva contraseña').fill('NuevaClave2026')
  await page.getByLabel('Confirmar contraseña').fill('NuevaClave2026')
  await page.getByRole('button', { name: /Crear contraseña/ }).click()
  await page.getByText('¡Éxito!').waitFor()
  await page.waitForURL(`${portal.url}/login`, { timeout: 10_000 })

  await iniciarSesion(page, portal.url, 'extranjera@demo.cl', 'NuevaClave2026')
  await page.waitForURL(`${portal.url}/home`)
  await context.close()
})

test('an invalid reset link warns and returns to login after 5 seconds', async () => {
  const { page, context } = await portal.newPage()
  const inicio = Date.now()
  await page.goto(`${portal.url}/?recoverpass=enlace-inventado`)
  await page
    .getByText(/no es válido o ya expiró/)
    .first()
    .waitFor()
  await page.waitForURL(`${portal.url}/login`, { timeout: 10_000 })
  expect(Date.now() - inicio).toBeGreaterThanOrEqual(4_500)
  await context.close()
})

test('an expired or used reset link offers a new one, which leads to the request form', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/?recoverpass=enlace-vencido`)
  await page.getByRole('link', { name: 'Solicitar un nuevo enlace' }).click()
  await page.getByRole('heading', { name: 'Recuperar contraseña' }).waitFor()
  await page.getByRole('button', { name: 'Enviar enlace' }).waitFor()
  expect(page.url()).toBe(`${portal.url}/password`)
  // Left on the form, the student stays there: the link's 5-second return to login is gone with it.
  await page.waitForTimeout(5_500)
  expect(page.url()).toBe(`${portal.url}/password`)
  await context.close()
})
