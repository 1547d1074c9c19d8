import { expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { prepararPortal } from '../support/e2e.ts'

// Feedback where the eye is: a notification raised while a dialog is open shows above it and
// answers; one shown on the page never covers the header's buttons.

const portal = prepararPortal({ throttle: 'off' })

/** Whether what shows at the middle of `locator` on screen is the locator itself (nothing covers it). */
async function aLaVista(locator: Locator): Promise<boolean> {
  const caja = await locator.boundingBox()
  if (!caja) return false
  const x = caja.x + caja.width / 2
  const y = caja.y + caja.height / 2
  return locator.evaluate((el, [px, py]) => el.contains(document.elementFromPoint(px!, py!)), [x, y])
}

function seCruzan(a: { x: number; y: number; width: number; height: number } | null, b: typeof a): boolean {
  if (!a || !b) return false
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

for (const ancho of [360, 1280]) {
  test(`at ${ancho} px a notification shows above an open dialog, and on the page clear of the header's buttons`, async () => {
    const { page, context } = await portal.newPage({ ancho, sesion: 'estudiante@demo.cl' })
    await page.goto(`${portal.url}/info/solicitudes?solicitud=INS-26-40018&abrir=condiciones`)
    const dialogo = page.getByRole('dialog', { name: /Condiciones de la solicitud INS-26-40018/ })
    await dialogo.getByRole('button', { name: 'Aceptar condiciones' }).click()
    const aviso = page.getByRole('region', { name: 'Notificaciones' }).getByRole('status').first()
    await aviso.getByText('Condiciones aceptadas').waitFor()
    // The dialog closes once the decision is recorded; open another one while the notice shows.
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'INS-26-40018' }) })
      .getByRole('button', { name: /condiciones de la solicitud INS-26-40018/ })
      .click()
    await dialogo.waitFor()
    expect(await aLaVista(aviso)).toBe(true)
    // Inside the dialog's layer, it answers: its close button works.
    await aviso.getByRole('button', { name: 'Cerrar notificación' }).click()
    await aviso.waitFor({ state: 'detached' })
    await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).click()

    // On the page: never over 'Salir' nor the navigation.
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'INS-26-40018' }) })
      .waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'INS-26-40018' }) })
      .getByRole('button', { name: /condiciones de la solicitud INS-26-40018/ })
      .click()
    await dialogo.getByRole('button', { name: 'Aceptar condiciones' }).click()
    await dialogo.waitFor({ state: 'detached' })
    const nuevo = page.getByRole('region', { name: 'Notificaciones' }).getByRole('status').first()
    await nuevo.getByText('Condiciones aceptadas').waitFor()
    // Measured where it comes to rest: once its entry animation is over.
    await nuevo.evaluate((toast) => Promise.all(toast.getAnimations().map((a) => a.finished)))
    const toast = await nuevo.boundingBox()
    expect(seCruzan(toast, await page.getByRole('button', { name: 'Salir' }).boundingBox())).toBe(false)
    expect(seCruzan(toast, await page.getByRole('navigation', { name: 'Principal' }).boundingBox())).toBe(false)
    expect(await aLaVista(nuevo)).toBe(true)
    await context.close()
  })
}
