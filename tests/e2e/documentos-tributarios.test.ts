import { expect, test } from 'vitest'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { pagarConTarjeta, prepararPortal } from '../support/e2e.ts'
import { pdf417DePdf } from '../support/pdf417.ts'

// An installment paid in the sandbox gateway gets its SII document through the sandbox issuer:
// on a 360-pixel phone the payment's page shows the boleta exenta with its folio once issued, its
// PDF downloads (a PDF whose PDF417 stamp carries that folio and amount), and the enrolment list's
// tax documents column links the same folio. The school's payment page shows it as issued.

const portal = prepararPortal({ throttle: 'off' })

test('pay an installment, open the payment, download the boleta, and find its folio in Solicitudes', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/pagos/lista/INS-26-40018`)
  await page.getByRole('heading', { name: 'Lista de pagos' }).waitFor()
  await page.getByRole('link', { name: 'Pagar la cuota 2' }).click()
  await page.getByRole('button', { name: 'Pagar $450.000' }).click()
  await pagarConTarjeta(page, '4051 8856 0044 6623')
  await page.waitForURL(/\/pagos\/respuesta\/INS-26-40018\/[0-9a-f-]{36}$/)
  await page.getByText('Pago aprobado').waitFor()
  const pagoId = page.url().split('/').at(-1)!

  // The payment's documents: the boleta exenta, 'En proceso' until the issuer answers, then its folio.
  await page.getByRole('heading', { name: 'Documentos tributarios' }).waitFor()
  const pdf = page.getByRole('link', { name: /^Descargar PDF de Boleta exenta electrónica N° \d+$/ })
  await pdf.waitFor({ timeout: 30_000 })
  const folio = Number((await pdf.textContent())!.match(/N° (\d+)/)![1])
  const tarjeta = page.locator('.documento-tributario').filter({ hasText: `N° ${folio}` })
  expect(await tarjeta.innerText()).toMatch(/\$450\.000/)
  await page.getByRole('link', { name: `Descargar XML de Boleta exenta electrónica N° ${folio}` }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect(await hallazgosGraves(page, '.documentos-tributarios__seccion')).toEqual([])

  // The boleta itself: a PDF, whose stamp decodes to this folio and amount.
  const hrefPdf = await pdf.getAttribute('href')
  const respuesta = await page.request.get(`${portal.url}${hrefPdf}`)
  expect(respuesta.status()).toBe(200)
  expect(respuesta.headers()['content-type']).toBe('application/pdf')
  const bytes = await respuesta.body()
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  const ted = await pdf417DePdf(new Uint8Array(bytes))
  expect(ted).toContain(`<F>${folio}</F>`)
  expect(ted).toContain('<TD>41</TD>')
  expect(ted).toContain('<MNT>450000</MNT>')
  await context.close()

  // The enrolment list, in a new browser (no stored copy of the list): the column links the folio.
  const otra = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await otra.page.goto(`${portal.url}/info/solicitudes?solicitud=INS-26-40018&abrir=tributario`)
  const enlace = otra.page.getByRole('link', {
    name: `Boleta exenta N° ${folio} de la solicitud INS-26-40018 (PDF)`,
  })
  await enlace.waitFor()
  // The address points at it: the link has the focus.
  await otra.page.waitForFunction(() => document.activeElement?.id === 'tributario-INS-26-40018')
  expect(await enlace.getAttribute('href')).toBe(hrefPdf)
  expect(await otra.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await otra.context.close()

  // The school sees it issued on the payment's page, at 768 px.
  const escuela = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.admin })
  await escuela.page.goto(`${portal.url}/admin/pagos/${pagoId}`)
  const seccion = escuela.page.getByRole('region', { name: 'Documentos tributarios' })
  await seccion.getByText('Emitido').waitFor()
  expect(await seccion.innerText()).toContain(String(folio))
  await seccion.getByRole('link', { name: `PDF de Boleta exenta electrónica N° ${folio}` }).waitFor()
  expect(await hallazgosGraves(escuela.page, '[aria-labelledby="pago-tributarios"]')).toEqual([])
  await escuela.context.close()
})
