// The school's payments in a desk-sized browser: an assistant records a payment made in person
// for a student's overdue installment (the form's messages first, then the record) and reads it
// in its detail with the seller taken from her session; the student then sees the installment paid
// on her own payment list. Administration reads the day's reconciliation and downloads its
// spreadsheet, read back here. The new screens pass axe at 1280 and 768 pixels.
import ExcelJS from 'exceljs'
import { expect, test } from 'vitest'
import { DEMO_CUENTAS } from '../../server/db/seed/demo.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import {
  ETIQUETA_CAMPO_PAGO_FISICO,
  MENSAJE_APP_NAME,
  MENSAJE_ID_PAGO_FLUJO,
} from '../../src/domain/pago-presencial.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'

const portal = prepararPortal({ throttle: 'off' })

test('an assistant records a payment made in person; the student sees the installment paid', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.herrera })
  await page.goto(`${portal.url}/admin/alumnos/alumno-extranjera`)
  const cuotas = page.getByRole('table', { name: 'Cuotas de la solicitud INS-25-30688' })
  await cuotas.waitFor()
  await cuotas.getByRole('button', { name: 'Registrar pago presencial de la cuota 1' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Registrar pago presencial' })
  await dialogo.waitFor()
  // The seller is the staff member signed in: shown, never typed.
  await dialogo.getByText('Francisca Herrera Méndez').waitFor()
  expect(await dialogo.getByLabel(/Vendedor|Correo del vendedor/).count()).toBe(0)

  // Nothing filled: every field says what it needs, focus on the first.
  await dialogo.getByRole('button', { name: 'Registrar pago' }).click()
  await dialogo.getByText(MENSAJE_ID_PAGO_FLUJO).waitFor()
  await dialogo.getByText(MENSAJE_APP_NAME).waitFor()
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('idPagoFlujo')
  expect(await hallazgosGraves(page)).toEqual([])

  await dialogo.getByLabel(ETIQUETA_CAMPO_PAGO_FISICO.idPagoFlujo).fill('FL-2026-0042')
  await dialogo.getByLabel(ETIQUETA_CAMPO_PAGO_FISICO.codPagoFlujo).fill('PF-9921')
  await dialogo.getByLabel(ETIQUETA_CAMPO_PAGO_FISICO.codFilaWpay).fill('WP-55310')
  await dialogo.getByLabel(ETIQUETA_CAMPO_PAGO_FISICO.appName).fill('Caja Escuela')
  await dialogo.getByRole('button', { name: 'Registrar pago' }).click()
  await page.getByText('Pago presencial de la cuota 1 registrado.', { exact: false }).waitFor()
  await dialogo.waitFor({ state: 'detached' })

  // The installment reads paid on the student's page, and leads to its payment.
  const fila = cuotas.getByRole('row').nth(1)
  await fila.getByText('Pagada').waitFor()
  await fila.getByRole('link', { name: 'Ver pago de la cuota 1' }).click()
  await page.getByRole('heading', { name: /^Cuota 1 de 3 — Diplomado en Medicina de Urgencia/, level: 1 }).waitFor()
  const fisico = page.getByRole('region', { name: 'Registro de pago físico' })
  await fisico.getByText('FL-2026-0042').waitFor()
  await fisico.getByText('Francisca Herrera Méndez').waitFor()
  await fisico.getByText(DEMO_PERSONAL.herrera).waitFor()
  await page.getByText('Presencial', { exact: false }).first().waitFor()
  // The receipt, downloadable by staff.
  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar comprobante (PDF)' }).click(),
  ])
  expect(descarga.suggestedFilename()).toMatch(/^Comprobante-C[0-9A-Z]+\.pdf$/)
  expect(await hallazgosGraves(page)).toEqual([])
  await context.close()

  // The student, on her phone, sees the installment paid on her payment list.
  const alumna = await portal.newPage({ sesion: DEMO_CUENTAS.extranjera })
  await alumna.page.goto(`${portal.url}/pagos/lista/INS-25-30688`)
  await alumna.page.getByRole('heading', { name: 'Lista de pagos' }).waitFor()
  const filas = alumna.page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: alumna.page.getByRole('rowheader') })
  expect(await filas.nth(0).innerText()).toMatch(/Cuota 1 de 3[\s\S]*\$420\.000[\s\S]*Pagada/)
  expect(await filas.nth(0).getByRole('link', { name: /Pagar/ }).count()).toBe(0)
  expect(await filas.nth(1).innerText()).not.toMatch(/Pagada/)
  await alumna.context.close()
})

test('administration filters the payments and reads the day’s reconciliation; its spreadsheet downloads', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/home`)
  await page.getByRole('navigation', { name: 'Secciones de la escuela' }).getByRole('link', { name: 'Pagos' }).click()
  await page.getByRole('heading', { name: 'Pagos', level: 1 }).waitFor()
  await page
    .getByRole('status')
    .filter({ hasText: /^\d+ pagos\.$/ })
    .waitFor()
  await page.getByLabel('Programa').selectOption({ label: 'Diplomado en Cuidados Paliativos y Manejo del Dolor' })
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.waitForURL(/programa=DCPD/)
  await page.getByRole('status').filter({ hasText: '1 pago.' }).waitFor()
  const tabla = page.getByRole('table', { name: 'Pagos, del más reciente al más antiguo' })
  expect(await tabla.getByRole('row').count()).toBe(2)
  await tabla.getByText('Cuota 1 de 4 — Diplomado en Cuidados Paliativos y Manejo del Dolor').waitFor()
  expect(await hallazgosGraves(page)).toEqual([])

  await page.getByRole('link', { name: 'Ver la conciliación diaria' }).click()
  await page.getByRole('heading', { name: 'Conciliación diaria', level: 1 }).waitFor()
  // The last week by default, today included: the payment recorded in person above is today's.
  const hoy = fechaEnChile(new Date())
  const [a, m, d] = hoy.split('-')
  const tablaDias = page.getByRole('table', { name: /^Pagos aprobados por día/ })
  const filaHoy = tablaDias.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${d}-${m}-${a}` }) })
  expect(await filaHoy.innerText()).toMatch(/\$420\.000/)
  expect(await hallazgosGraves(page)).toEqual([])

  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar planilla Excel' }).click(),
  ])
  expect(descarga.suggestedFilename()).toMatch(/^conciliacion-pagos-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const libro = new ExcelJS.Workbook()
  // Read as a stream: the browser is reached remotely, so its download has no local path.
  await libro.xlsx.read(await descarga.createReadStream())
  const resumen = libro.getWorksheet('Totales por día')!
  const ultimoDia = resumen.getRow(resumen.rowCount - 1)
  expect(ultimoDia.getCell(1).value).toEqual(new Date(`${hoy}T00:00:00.000Z`))
  expect(ultimoDia.getCell(4).value).toBe(1)
  expect(ultimoDia.getCell(5).value).toBe(420_000)
  const detalle = libro.getWorksheet('Pagos aprobados')!
  const ultimo = (detalle.getRow(detalle.rowCount).values as unknown[]).map(String)
  expect(ultimo).toContain('Presencial')
  expect(ultimo).toContain('420000')
  await context.close()
})

test('the payments screens pass axe on a tablet', async () => {
  const { page, context } = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.coordinacion })
  await page.goto(`${portal.url}/admin/pagos`)
  await page.getByRole('table', { name: 'Pagos, del más reciente al más antiguo' }).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await page.goto(`${portal.url}/admin/pagos/pago-demo-INS-26-40018-1`)
  await page.getByRole('region', { name: 'Datos de la pasarela' }).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await page.goto(`${portal.url}/admin/pagos/conciliacion`)
  await page.getByRole('table', { name: /^Pagos aprobados por día/ }).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await context.close()
})

test('administration refunds part of an online payment once, with a confirmation; the dialog passes axe', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/pagos/pago-demo-INS-24-20117-1`)
  const reembolsos = page.getByRole('region', { name: 'Reembolsos' })
  await reembolsos.getByText('Este pago no tiene reembolsos.').waitFor()
  await reembolsos.getByRole('button', { name: 'Reembolsar' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Reembolsar pago' })
  await dialogo.getByLabel(/Monto a reembolsar/).fill('100.000')
  await dialogo.getByLabel(/Motivo del reembolso/).fill('Retiro en la primera semana')
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByRole('button', { name: 'Continuar' }).click()
  const confirmar = page.getByRole('dialog', { name: 'Confirmar reembolso' })
  await confirmar.getByRole('button', { name: 'Reembolsar $100.000' }).dblclick()
  await confirmar.waitFor({ state: 'detached' })
  const tabla = reembolsos.getByRole('table', { name: 'Reembolsos de este pago' })
  await tabla.getByText(/^Aplicado/).waitFor()
  // Pressed twice, applied once; what remains can still be refunded.
  expect(await tabla.getByRole('row').count()).toBe(2)
  await reembolsos.getByText('Queda por reembolsar $850.000.').waitFor()
  await context.close()
})
