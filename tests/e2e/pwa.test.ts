import { test } from 'vitest'
import { prepararPortal } from '../support/e2e.ts'

const portal = prepararPortal()

test('after one visit the app starts with no network (service worker precache)', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/login`)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    }
  })
  await context.setOffline(true)
  await page.reload()
  await page.getByRole('button', { name: 'Ingresar' }).waitFor()
  await page.goto(`${portal.url}/certificado/validador`)
  await page.getByLabel('Código del certificado').waitFor()
  await context.close()
})

test('a different version.json on the server raises VERSIÓN DISTINTA and offers the update', async () => {
  const { page, context } = await portal.newPage()
  await context.route('**/version.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ version: '9.9.9' }) }),
  )
  await page.goto(`${portal.url}/login`)
  await page.getByRole('alertdialog', { name: 'VERSIÓN DISTINTA' }).waitFor()
  await page.getByRole('button', { name: 'Actualizar' }).waitFor()
  await context.close()
})
