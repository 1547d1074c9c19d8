import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { ESPERA_REDIRECCION_MS } from '../../src/features/auth/pagina-password.tsx'
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
  // The page's clock runs as usual, but the 5 seconds before login are skipped (timed below).
  await context.clock.install()
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
  await page.clock.fastForward(ESPERA_REDIRECCION_MS)
  await page.waitForURL(`${portal.url}/login`, { timeout: 10_000 })

  await iniciarSesion(page, portal.url, 'extranjera@demo.cl', 'NuevaClave2026')
  await page.waitForURL(`${portal.url}/home`)
  await context.close()
})

/**
 * The page's clock, stopped before the page loads: its 5-second timers then run only when the test
 * moves the clock. The returned function lets the page load, moving the clock 100 ms at a time
 * (no faster than real time) until `listo` shows.
 */
async function relojDetenidoHasta(page: Page, listo: Locator) {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1_000)
  return async () => {
    const limite = Date.now() + 20_000
    while (
      !(await listo.waitFor({ timeout: 100 }).then(
        () => true,
        () => false,
      ))
    ) {
      if (Date.now() > limite) throw new Error(`no apareció ${listo} (tras 20 s)`)
      await page.clock.runFor(100)
    }
  }
}

test('an invalid reset link warns and returns to login after 5 seconds', async () => {
  const { page, context } = await portal.newPage()
  const aviso = page.getByText(/no es válido o ya expiró/).first()
  const mostrar = await relojDetenidoHasta(page, aviso)
  await page.goto(`${portal.url}/?recoverpass=enlace-inventado`)
  await mostrar()
  // The warning came up within the last 100 ms of the page's clock: 4.4 s later it is still there,
  // and by 5.1 s the page is on login.
  await page.clock.runFor(4_400)
  expect(page.url()).toBe(`${portal.url}/password?recoverpass=enlace-inventado`)
  await page.clock.runFor(700)
  // Gone at once: the return happens within the clock's move (which is also what makes the check
  // that a page stays where it is, below, able to fail).
  expect(page.url()).toBe(`${portal.url}/login`)
  await page.clock.resume()
  await context.close()
})

test('an expired or used reset link offers a new one, which leads to the request form', async () => {
  const { page, context } = await portal.newPage()
  const enlace = page.getByRole('link', { name: 'Solicitar un nuevo enlace' })
  const mostrar = await relojDetenidoHasta(page, enlace)
  await page.goto(`${portal.url}/?recoverpass=enlace-vencido`)
  await mostrar()
  await enlace.click()
  await page.getByRole('heading', { name: 'Recuperar contraseña' }).waitFor()
  await page.getByRole('button', { name: 'Enviar enlace' }).waitFor()
  expect(page.url()).toBe(`${portal.url}/password`)
  // Left on the form, the student stays there: the link's 5-second return to login is gone with it.
  await page.clock.runFor(5_500)
  expect(page.url()).toBe(`${portal.url}/password`)
  await context.close()
})
