import { expect, test } from 'vitest'
import { prepararPortal } from '../support/e2e.ts'

const portal = prepararPortal()

test('an applicant arriving from a contest link registers, signs in and continues to the contest', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/?concurso=7`)
  await page.waitForURL(`${portal.url}/login`)
  await page.getByRole('link', { name: 'Regístrate' }).click()
  await page.waitForURL(`${portal.url}/register`)

  await page.getByLabel('Nombres').fill('Josefa')
  await page.getByLabel('Apellidos').fill('Muñoz Pérez')
  await page.getByLabel('Tipo de documento').selectOption('RUT')
  await page.getByLabel('Número de documento').fill('11.111.111-1')
  await page.getByLabel('Correo electrónico').fill('josefa.munoz@demo.cl')
  await page.getByLabel('Teléfono').fill('+56 9 8765 4321')
  await page.getByLabel(/^Contraseña/).fill('Postula2026')
  await page.getByLabel('Confirmar contraseña').fill('Postula2026')
  await page.getByRole('button', { name: 'Crear cuenta' }).click()

  // Registered, the applicant signs in with the e-mail the form already carries over.
  await page.waitForURL(/\/login\?email=/)
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor()
  expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('josefa.munoz@demo.cl')
  await page.getByLabel(/^Contraseña/).fill('Postula2026')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL(`${portal.url}/concurso/derechopostulacion/7`)
  await context.close()
})
