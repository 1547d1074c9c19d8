import { expect, test } from 'vitest'
import { prepararPortal } from '../support/e2e.ts'

// The entry guard by query parameter, all seven rules in priority order.
const portal = prepararPortal()

test('signed in, each entry parameter leads where it should, in priority order', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })

  const casos: [string, string][] = [
    ['/?validacertificado=ABC123&concurso=7', '/certificado/validador?codcertificado=ABC123'],
    ['/?concurso=7&concursoDetalle=3', '/concurso/derechopostulacion/7'],
    ['/?concursoDetalle=3&pagoInsc=5', '/concurso/detalle/3'],
    ['/?pagoInsc=5&posPago=2&recoverpass=x', '/pagos/5/2'],
    ['/?pagoInsc=5&recoverpass=x', '/pagos/lista/5'],
    ['/?recoverpass=tok123', '/password?recoverpass=tok123'],
    ['/', '/home'],
  ]
  for (const [desde, hacia] of casos) {
    await page.goto(`${portal.url}${desde}`)
    await page.waitForURL(`${portal.url}${hacia}`)
  }
  await context.close()
})

test('signed out, no parameter leads to login; a contest link keeps the way to register', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/`)
  await page.waitForURL(`${portal.url}/login`)
  expect(await page.getByRole('link', { name: 'Regístrese' }).count()).toBe(0)

  await page.goto(`${portal.url}/?concurso=7`)
  await page.waitForURL(`${portal.url}/login`)
  await page.getByRole('link', { name: 'Regístrese' }).waitFor()
  await context.close()
})

test('signed out, a reset link and a certificate link are public', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/?recoverpass=tok123`)
  await page.waitForURL(`${portal.url}/password?recoverpass=tok123`)
  await page.goto(`${portal.url}/?validacertificado=XYZ`)
  await page.waitForURL(`${portal.url}/certificado/validador?codcertificado=XYZ`)
  await context.close()
})
