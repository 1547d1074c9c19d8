import { expect, test } from 'vitest'
import { DEMO_CERTIFICADO_VALIDO } from '../../server/db/seed/demo.ts'
import { prepararPortal } from '../support/e2e.ts'

const portal = prepararPortal()

test('opening a validator URL with a valid code validates it at once and says so in words', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador?codcertificado=${DEMO_CERTIFICADO_VALIDO}`)
  expect(await page.getByLabel('Código del certificado').inputValue()).toBe(DEMO_CERTIFICADO_VALIDO)
  await page
    .getByRole('status', { name: 'Resultado de la validación' })
    .getByText('Certificado válido')
    .first()
    .waitFor()
  await context.close()
})

test('an unknown code is reported as not valid, in words', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador?codcertificado=NOEXISTE123`)
  await page.getByRole('status', { name: 'Resultado de la validación' }).getByText('Certificado no válido').waitFor()
  await context.close()
})

test('Validar is disabled while empty and a code over 64 characters does not correspond', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador`)
  const validar = page.getByRole('button', { name: 'Validar' })
  expect(await validar.isDisabled()).toBe(true)
  await page.getByLabel('Código del certificado').fill('A'.repeat(65))
  await validar.click()
  await page.getByText('El código ingresado no corresponde').first().waitFor()
  await page.getByRole('link', { name: 'Volver al inicio de sesión' }).waitFor()
  await context.close()
})

test('a network failure shows the validator internal-error message', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador`)
  await page.route('**/api/certificados/validar', (route) => route.abort('failed'))
  await page.getByLabel('Código del certificado').fill('CUALQUIERA')
  await page.getByRole('button', { name: 'Validar' }).click()
  await page.getByText('Ocurrió un error interno al realizar la validación, espere e intente nuevamente').waitFor()
  await context.close()
})
