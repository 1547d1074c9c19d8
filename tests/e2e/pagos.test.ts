import { expect, test } from 'vitest'
import { pagarConTarjeta, prepararPortal } from '../support/e2e.ts'
import { consultarDb } from '../support/servidor.ts'

// Paying installments in the browser, on a 360-pixel-wide phone, through the portal's sandbox
// gateway: the rejected card then the approved one, a payment cancelled at the gateway, the
// outcome page reloaded without paying twice, and the gateway refused offline.

const portal = prepararPortal({ throttle: 'off' })

const pagosDeCuota = (referencia: string) =>
  consultarDb<{ id: string; estado: string }>(
    portal.server.dataDir,
    'select id, estado from pagos where referencia = ? order by creado_en',
    referencia,
  )

test('an installment paid with the rejected card, then with the approved one; the outcome page reloaded shows one payment', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/pagos/lista/INS-26-40018`)
  await page.getByRole('heading', { name: 'Lista de pagos' }).waitFor()
  const filas = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
  expect(await filas.count()).toBe(4)
  expect(await filas.nth(0).innerText()).toMatch(/Cuota 1 de 4[\s\S]*\$450\.000[\s\S]*Pagada/)
  expect(await filas.nth(1).innerText()).toMatch(/Vencida/)
  expect(await filas.nth(2).innerText()).toMatch(/Pendiente/)
  expect(await filas.nth(0).getByRole('link', { name: /Pagar/ }).count()).toBe(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  await page.getByRole('link', { name: 'Pagar la cuota 2' }).click()
  await page.getByRole('heading', { name: 'Pagar cuota' }).waitFor()
  await page.getByRole('button', { name: 'Pagar $450.000' }).click()
  await pagarConTarjeta(page, '5186 0595 5959 0568')
  await page.waitForURL(/\/pagos\/respuesta\/INS-26-40018\/[0-9a-f-]{36}$/)
  await page.getByText('Pago rechazado').waitFor()
  expect(await page.getByText('Terminada en 0568').count()).toBe(1)

  await page.getByRole('link', { name: 'Intentar nuevamente' }).click()
  await page.getByRole('button', { name: 'Pagar $450.000' }).click()
  await pagarConTarjeta(page, '4051 8856 0044 6623')
  await page.waitForURL(/\/pagos\/respuesta\/INS-26-40018\/[0-9a-f-]{36}$/)
  await page.getByText('Pago aprobado').waitFor()
  const detalle = await page.locator('.detalle-pago').innerText()
  expect(detalle).toMatch(/Código de autorización\s+\d{6}/)
  expect(detalle).toContain('Terminada en 6623')
  expect(detalle).toContain('$450.000')
  // The signed receipt downloads with the student's session.
  const enlace = await page.getByRole('link', { name: 'Descargar comprobante (PDF)' }).getAttribute('href')
  const pdf = await page.request.get(`${portal.url}${enlace}`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  await page.reload()
  await page.getByText('Pago aprobado').waitFor()
  const pagos = await pagosDeCuota('INS-26-40018/2')
  expect(pagos.map((p) => p.estado)).toEqual(['rechazado', 'aprobado'])
  expect(
    await consultarDb(portal.server.dataDir, 'select pago_id from pagos_fisicos where pago_id = ?', pagos[1]!.id),
  ).toHaveLength(1)

  await page.getByRole('link', { name: 'Volver a la lista de pagos' }).click()
  await page.getByRole('heading', { name: 'Lista de pagos' }).waitFor()
  await filas.nth(1).getByText('Pagada').waitFor()
  await context.close()
})

test('a payment cancelled at the gateway reads as cancelled, and the installment is still to pay', async () => {
  const { page, context } = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  // /pagos/{a} opens the next installment to pay.
  await page.goto(`${portal.url}/pagos/INS-25-30688`)
  await page.waitForURL(`${portal.url}/pagos/INS-25-30688/1`)
  await page.getByRole('button', { name: 'Pagar $420.000' }).click()
  await page.getByText('Pasarela de pruebas').waitFor()
  await page.getByRole('button', { name: 'Anular compra y volver al comercio' }).click()
  await page.getByText('Pago anulado por el usuario').waitFor()
  expect((await pagosDeCuota('INS-25-30688/1')).map((p) => p.estado)).toEqual(['anulado'])
  await page.getByRole('link', { name: 'Volver a la lista de pagos' }).click()
  await page.getByRole('heading', { name: 'Lista de pagos' }).waitFor()
  await page.getByRole('link', { name: 'Pagar la cuota 1' }).waitFor()
  await context.close()
})

test('offline, the payment page says in Spanish that paying needs a connection and does not start', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/pagos/INS-25-30145/2`)
  const pagar = page.getByRole('button', { name: 'Pagar $1.250.000' })
  await pagar.waitFor()
  await context.setOffline(true)
  await page.getByText(/Sin conexión: para pagar se necesita internet/).waitFor()
  expect(await pagar.isDisabled()).toBe(true)
  await context.setOffline(false)
  await page.waitForFunction(() => navigator.onLine)
  expect(await pagar.isDisabled()).toBe(false)
  expect(await pagosDeCuota('INS-25-30145/2')).toEqual([])
  await context.close()
})

test("a contest's fee paid in the sandbox: the outcome leads back to the application, now paid", async () => {
  const { page, context } = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  await page.goto(`${portal.url}/concurso/derechopostulacion/10`)
  await page.getByRole('button', { name: /^Pagar \$/ }).click()
  await pagarConTarjeta(page, '4051 8856 0044 6623')
  await page.waitForURL(/\/pagos\/respuesta\/[0-9a-f-]{36}$/)
  await page.getByText('Pago aprobado').waitFor()
  expect(await page.locator('.detalle-pago').innerText()).toMatch(/Derecho de postulación/)
  await page.getByRole('link', { name: 'Descargar comprobante (PDF)' }).waitFor()
  await page.getByRole('link', { name: 'Subir documentos de mi postulación' }).click()
  await page.waitForURL(`${portal.url}/concurso/derechopostulacion/detalle/10`)
  await page.getByText(/^Pagado el /).waitFor()
  await context.close()
})
