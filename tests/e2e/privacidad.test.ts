import { expect, test } from 'vitest'
import { REGISTRO_DATOS } from '../../src/domain/registro-datos.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'

// The privacy policy (Ley 21.719, art. 14 ter): public, linked where the portal asks for personal
// data, and a new version shown once to a signed-in student, on a phone and at a desk.
const portal = prepararPortal({ throttle: 'off' })

for (const ancho of [360, ANCHO_ESCRITORIO]) {
  test(`at ${ancho} px anyone reads the policy: the school, what is kept and why, the rights and the Agencia`, async () => {
    const { page, context } = await portal.newPage({ ancho })
    await page.goto(`${portal.url}/register`)
    await page.getByRole('link', { name: 'Política de privacidad' }).click()
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor()
    await page.getByRole('heading', { name: 'Quién es responsable de sus datos' }).waitFor()
    await page.getByRole('heading', { name: `${REGISTRO_DATOS.encuesta.nombre} (incluye datos sensibles)` }).waitFor()
    await page.getByRole('heading', { name: REGISTRO_DATOS.pagos.nombre }).waitFor()
    await page.getByText(/Agencia de Protección de Datos Personales/).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho)
    expect(await hallazgosGraves(page)).toEqual([])
    await context.close()
  })
}

test('a signed-in student is told of the policy once: after "Entendido" it does not come back', async () => {
  const { page, context } = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  await page.goto(`${portal.url}/info/personal`)
  const aviso = page.getByRole('region', { name: 'Actualizamos nuestra política de privacidad' })
  await aviso.waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await aviso.getByRole('button', { name: 'Entendido' }).click()
  await aviso.waitFor({ state: 'detached' })
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Información Personal' }).waitFor()
  // Información Personal links the policy; the notice is gone for good.
  await page.getByRole('main').getByRole('link', { name: 'Política de privacidad' }).click()
  await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor()
  expect(await aviso.count()).toBe(0)
  await context.close()
})

test('the notice arriving late moves nothing on the screen: the fee page\'s "Pagar" stays where the student aims', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  // The notice's answer held back until the screen is up, as on a slow connection.
  let soltar = () => {}
  const retenida = new Promise<void>((r) => (soltar = r))
  await page.route('**/api/privacidad/aviso', async (route) => {
    await retenida
    await route.continue()
  })
  await page.goto(`${portal.url}/concurso/derechopostulacion/10`)
  const pagar = page.getByRole('button', { name: /^Pagar \$/ })
  await pagar.waitFor()
  const antes = await pagar.boundingBox()
  soltar()
  await page.getByRole('region', { name: 'Actualizamos nuestra política de privacidad' }).waitFor()
  expect(await pagar.boundingBox()).toEqual(antes)
  await context.close()
})
