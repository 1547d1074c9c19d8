import { expect, test } from 'vitest'
import { iniciarSesion, prepararPortal } from '../support/e2e.ts'

const portal = prepararPortal()

test('a student signs in, sees the home tiles and the assistant, and leaves with Salir', async () => {
  const { page, context } = await portal.newPage()
  await iniciarSesion(page, portal.url, 'estudiante@demo.cl')
  await page.waitForURL(`${portal.url}/home`)

  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  for (const tile of ['Información Personal', 'Solicitudes', 'Concursos']) {
    expect(await page.getByRole('main').getByRole('link', { name: tile }).count()).toBe(1)
  }
  expect(await page.getByText('Ofertas Laborales').count()).toBe(0)
  const nav = page.getByRole('navigation', { name: /principal/i })
  for (const item of ['Inicio', 'Información Personal', 'Solicitudes', 'Concursos']) {
    expect(await nav.getByRole('link', { name: item }).count()).toBe(1)
  }
  await page
    .getByRole('region', { name: /asistente/i })
    .getByRole('link', { name: /@/ })
    .waitFor()

  await page.getByRole('button', { name: 'Salir' }).click()
  await page.waitForURL(`${portal.url}/login`)
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
  await page.goto(`${portal.url}/home`)
  await page.waitForURL(/\/login$/)
  await context.close()
})

test('a wrong password shows the ¡Alerta! warning, says why in the form next to the button, and stays on login', async () => {
  const { page, context } = await portal.newPage()
  await iniciarSesion(page, portal.url, 'estudiante@demo.cl', 'Equivocada1')
  await page.getByText('¡Alerta!').waitFor()
  expect(page.url()).toBe(`${portal.url}/login`)
  // In the form, tied to the button, where the eye is after pressing it.
  const enFormulario = page.locator('form').getByRole('alert')
  await enFormulario.getByText('Correo o contraseña incorrectos').waitFor()
  const ingresar = page.getByRole('button', { name: 'Ingresar' })
  expect(await ingresar.getAttribute('aria-describedby')).toBe(await enFormulario.getAttribute('id'))
  await context.close()
})

test('the login button stays disabled until the e-mail and password are valid', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/login`)
  const ingresar = page.getByRole('button', { name: 'Ingresar' })
  expect(await ingresar.isDisabled()).toBe(true)
  await page.getByLabel('Correo electrónico').fill('no-es-correo')
  await page.getByLabel(/^Contraseña/).fill('algo')
  expect(await ingresar.isDisabled()).toBe(true)
  await page.getByLabel('Correo electrónico').fill('estudiante@demo.cl')
  expect(await ingresar.isDisabled()).toBe(false)
  await page.getByText(/Versión 1\.0\.0/).waitFor()
  await context.close()
})

test('the assistant block is hidden when the assistant is the portal service account', async () => {
  const { page, context } = await portal.newPage({ sesion: 'sinsolicitudes@demo.cl' })
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  expect(await page.getByRole('region', { name: /asistente/i }).count()).toBe(0)
  await context.close()
})

test('a signed-out visit to a student page goes to login and, after signing in, back to that page', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/info/solicitudes`)
  await page.waitForURL(`${portal.url}/login`)
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor()
  await page.getByLabel('Correo electrónico').fill('estudiante@demo.cl')
  await page.getByLabel(/^Contraseña/).fill('Demo2026')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL(`${portal.url}/info/solicitudes`)

  // Signed in, /login sends to /home; a second login lands on /home (the back-url was cleared).
  await page.goto(`${portal.url}/login`)
  await page.waitForURL(`${portal.url}/home`)
  await context.close()
})

test('an unknown address shows a Spanish not-found page with a way back', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/no-existe/en-absoluto`)
  await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor()
  await page.getByRole('link', { name: 'Volver al inicio' }).waitFor()
  await context.close()
})
