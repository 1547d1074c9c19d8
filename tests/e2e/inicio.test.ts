import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { esperarCacheGuardada, vigilarConsultas } from '../support/almacen-local.ts'
import { esperarServiceWorker, pagarConTarjeta, prepararPortal } from '../support/e2e.ts'

// The home page as a student lives it: what to do next, most urgent first, each with its one
// action; the demo student's overdue installment paid from there, on a phone and on a desktop,
// and gone from the list afterwards; the list offline.

const portal = prepararPortal({ throttle: 'off' })

const pendientes = (page: Page) => page.getByRole('region', { name: 'Pendientes' }).getByRole('listitem')

/** The demo student, signed in already, opens the home. */
async function entrar(page: Page) {
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: 'Bienvenido(a), Camila Andrea' }).waitFor()
}

for (const ancho of [360, 1280]) {
  test(`at ${ancho} px: the overdue installment comes first, is paid in one tap from home, and leaves the list`, async () => {
    const { page, context } = await portal.newPage({ ancho, sesion: 'estudiante@demo.cl' })
    await entrar(page)
    await page.waitForFunction((titulo) => document.title === titulo, 'Inicio · Portal del Estudiante')
    const primera = pendientes(page).first()
    // The demo's oldest overdue installment is the most urgent thing to do.
    const cuota = ancho === 360 ? 'INS-26-40018' : 'INS-25-30290'
    const numero = ancho === 360 ? 2 : 3
    if (ancho === 1280) {
      // The phone's test paid INS-26-40018's: on this server it is gone, and the next one leads.
      await primera.getByText('Cuota 3 vencida, $380.000', { exact: true }).waitFor()
    } else {
      await primera.getByText('Cuota 2 vencida, $450.000', { exact: true }).waitFor()
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho)
    // Counts on the tiles: what each section holds of the list.
    const accesos = page.getByRole('navigation', { name: 'Accesos directos' })
    await accesos.getByRole('link', { name: /^Solicitudes \d+ pendientes$/ }).waitFor()
    await accesos.getByRole('link', { name: /^Concursos 1 pendiente$/ }).waitFor()

    await primera.getByRole('link', { name: /^Pagar: Cuota \d vencida/ }).click()
    await page.waitForURL(`${portal.url}/pagos/${cuota}/${numero}`)
    await page.getByRole('button', { name: /^Pagar \$/ }).click()
    await pagarConTarjeta(page, '4051 8856 0044 6623')
    await page.getByText('Pago aprobado').waitFor()

    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' }).click()
    await pendientes(page).first().waitFor()
    await expect
      .poll(async () =>
        (await pendientes(page).allTextContents()).some((t) => t.includes(`solicitud ${cuota}). Venció`)),
      )
      .toBe(false)
    expect(await pendientes(page).count()).toBeGreaterThan(0)
    await context.close()
  })
}

test("each pending action opens the very place where it is done: the enrolment's regulations, with its card open", async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await entrar(page)
  await page.getByRole('button', { name: /^Ver los \d+ pendientes$/ }).click()
  await pendientes(page)
    .filter({ hasText: 'Aceptar el reglamento del programa' })
    .filter({ hasText: 'INS-26-40018' })
    .getByRole('link', { name: /^Leer y aceptar/ })
    .click()
  await page.waitForURL(`${portal.url}/info/solicitudes`)
  const dialogo = page.getByRole('dialog', { name: 'Reglamento de Diplomados' })
  await dialogo.getByRole('checkbox', { name: 'He leído y acepto el reglamento' }).waitFor()
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).click()
  // Behind it, the enrolment's card is open.
  const fila = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'INS-26-40018' }) })
  expect(
    await fila.getByRole('button', { name: /^Ocultar detalle de la solicitud/ }).getAttribute('aria-expanded'),
  ).toBe('true')
  await context.close()
})

test('offline, the home page still says what to do, from the stored list', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await vigilarConsultas(context)
  await entrar(page)
  await pendientes(page).first().waitFor()
  await esperarServiceWorker(page)
  // The stored copy of the cache is written about once a second.
  await esperarCacheGuardada(page)
  await context.setOffline(true)
  await page.reload()
  await pendientes(page).first().waitFor()
  await page.getByText(/^Sin conexión: lista del \d{2}-\d{2}-\d{4} a las \d{2}:\d{2}\.$/).waitFor()
  await context.close()
})
