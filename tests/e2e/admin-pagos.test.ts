// The school's payments in a desk-sized browser: an assistant records a payment made in person
// for a student's overdue installment (the form's messages first, then the record) and reads it
// in its detail with the seller taken from her session; the student then sees the installment paid
// on her own payment list. Administration reads the day's reconciliation and downloads its
// spreadsheet, read back here; refunds part of a payment and finds it in the day's reconciliation
// (netted per method), in its state ('Reembolsado en parte', what remains) and through the list's
// filter and search. The screens pass axe at 1280 and 768 pixels.
import ExcelJS from 'exceljs'
import type { Locator } from 'playwright-core'
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
  const fisico = page.getByRole('region', { name: 'Registro del pago presencial' })
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
  const tablaDias = page.getByRole('table', { name: /^Totales por día/ })
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
  expect(ultimoDia.getCell(7).value).toBe(1)
  expect(ultimoDia.getCell(8).value).toBe(420_000)
  const detalle = libro.getWorksheet('Movimientos')!
  const ultimo = (detalle.getRow(detalle.rowCount).values as unknown[]).map(String)
  expect(ultimo).toContain('Pago presencial')
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
  await page.getByRole('table', { name: /^Totales por día/ }).waitFor()
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
  // Empty at first: a refund is never of the whole payment by going along with what was filled in.
  expect(await dialogo.getByLabel(/Monto a reembolsar/).inputValue()).toBe('')
  await dialogo.getByLabel(/Monto a reembolsar/).fill('100.000')
  await dialogo.getByLabel(/Motivo del reembolso/).fill('Retiro en la primera semana')
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByRole('button', { name: 'Continuar' }).click()
  const confirmar = page.getByRole('dialog', { name: 'Confirmar reembolso' })
  await confirmar.getByRole('button', { name: 'Reembolsar $100.000' }).dblclick()
  await confirmar.waitFor({ state: 'detached' })
  const tabla = reembolsos.getByRole('table', { name: 'Reembolsos de este pago' })
  await tabla.getByText('Reembolso aplicado (devuelto a la tarjeta)').waitFor()
  // Pressed twice, applied once; what remains can still be refunded.
  expect(await tabla.getByRole('row').count()).toBe(2)
  await reembolsos.getByText('Queda por reembolsar $850.000.').waitFor()
  await context.close()
})

/** A cell's amount, '$1.250.000' or '-$250.000' (the first line of the cell), as a number. */
function pesos(texto: string): number {
  const [linea = ''] = texto.trim().split('\n')
  const n = Number(linea.replace(/[$.\s]/g, ''))
  if (!Number.isFinite(n)) throw new Error(`no es un monto: ${texto}`)
  return n
}

/** How far a cell's text sits from the cell's right edge and from its left edge, in pixels. */
function margenes(celda: Locator) {
  return celda.evaluate((td) => {
    const rango = document.createRange()
    rango.selectNodeContents(td.querySelector('.admin-cifra') ?? td)
    const texto = rango.getBoundingClientRect()
    const caja = td.getBoundingClientRect()
    return { derecha: caja.right - texto.right, izquierda: texto.left - caja.left }
  })
}

test('a $250.000 refund today: the reconciliation nets it per method, the payment reads what remains and «Reembolsado en parte», the filter and the search find it; at 1280 and 768 px with axe', async () => {
  const id = 'pago-demo-INS-25-30145-1'
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/pagos/${id}`)
  const pasarela = page.getByRole('region', { name: 'Datos de la pasarela' })
  const dato = (region: Locator, termino: string) =>
    region.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${termino}$`) }) }).locator('dd')
  const ordenCompra = (await dato(pasarela, 'Orden de compra').innerText()).trim()
  const autorizacion = (await dato(pasarela, 'Código de autorización').innerText()).trim()
  // An online payment's record in the school's payment flow is not called a physical payment.
  await page.getByRole('region', { name: 'Registro en el flujo de pagos' }).waitFor()
  expect(await page.getByText('Registro de pago físico').count()).toBe(0)

  const reembolsos = page.getByRole('region', { name: 'Reembolsos' })
  await reembolsos.getByRole('button', { name: 'Reembolsar' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Reembolsar pago' })
  expect(await dialogo.getByLabel(/Monto a reembolsar/).inputValue()).toBe('')
  await dialogo.getByLabel(/Monto a reembolsar/).fill('250.000')
  await dialogo.getByLabel(/Motivo del reembolso/).fill('Descuento por convenio')
  await dialogo.getByRole('button', { name: 'Continuar' }).click()
  const confirmar = page.getByRole('dialog', { name: 'Confirmar reembolso' })
  await confirmar.getByRole('button', { name: 'Reembolsar $250.000' }).click()
  await confirmar.waitFor({ state: 'detached' })
  await reembolsos
    .getByRole('table', { name: 'Reembolsos de este pago' })
    .getByText('Reembolso aplicado (devuelto a la tarjeta)')
    .waitFor()

  // The payment: its state, what it paid, what was given back and what remains.
  const cobro = page.getByRole('region', { name: 'Cobro' })
  await dato(cobro, 'Estado').getByText('Reembolsado en parte').waitFor()
  expect(await dato(cobro, 'Pagado').innerText()).toBe('$1.250.000')
  expect(await dato(cobro, 'Reembolsado').innerText()).toBe('$250.000')
  expect(await dato(cobro, 'Queda').innerText()).toBe('$1.000.000')
  expect(await hallazgosGraves(page)).toEqual([])

  // Today's reconciliation: the refund taken from the online net and the day's.
  await page.goto(`${portal.url}/admin/pagos/conciliacion`)
  const hoy = fechaEnChile(new Date())
  const [a, m, d] = hoy.split('-')
  const totales = page.getByRole('table', { name: /^Totales por día/ })
  const filaHoy = totales.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${d}-${m}-${a}` }) })
  const celdas = filaHoy.getByRole('cell')
  const [enLinea, devuelto, netoEnLinea, presencial, netoDelDia] = await Promise.all(
    [0, 1, 2, 3, 4].map(async (i) => pesos(await celdas.nth(i).innerText())),
  )
  expect(devuelto).toBeLessThanOrEqual(-250_000)
  expect(await celdas.nth(1).innerText()).toMatch(/reembolsos?$/)
  expect(netoEnLinea).toBe(enLinea! + devuelto!)
  expect(netoDelDia).toBe(netoEnLinea! + presencial!)
  const movimientos = page.getByRole('table', { name: /^Pagos y reembolsos/ })
  const fila = movimientos
    .getByRole('row')
    .filter({ hasText: 'Reembolso (devuelto a la tarjeta)' })
    .filter({ hasText: ordenCompra })
  expect(await fila.innerText()).toMatch(/Rojas Soto, Camila Andrea[\s\S]*-\$250\.000/)
  // Amounts sit against the right edge of their cells.
  const alineado = await margenes(fila.getByRole('cell').last())
  expect(alineado.derecha).toBeLessThan(alineado.izquierda)
  expect(await hallazgosGraves(page)).toEqual([])

  // Its spreadsheet: the refund's row (negative) and today's totals netted.
  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar planilla Excel' }).click(),
  ])
  const libro = new ExcelJS.Workbook()
  await libro.xlsx.read(await descarga.createReadStream())
  const filas: unknown[][] = []
  libro.getWorksheet('Movimientos')!.eachRow((f) => filas.push((f.values as unknown[]).slice(1)))
  expect(filas).toContainEqual(
    expect.arrayContaining(['Reembolso (devuelto a la tarjeta)', ordenCompra, autorizacion, -250_000]),
  )
  const resumen = libro.getWorksheet('Totales por día')!
  const diaHoy = resumen.getRow(resumen.rowCount - 1)
  expect(diaHoy.getCell(1).value).toEqual(new Date(`${hoy}T00:00:00.000Z`))
  expect(diaHoy.getCell(5).value).toBe(devuelto)
  expect(diaHoy.getCell(6).value).toBe(netoEnLinea)
  expect(diaHoy.getCell(10).value).toBe(netoDelDia)

  // The list: the filter finds it, with its money right-aligned.
  await page.goto(`${portal.url}/admin/pagos`)
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Reembolsado en parte' })
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.waitForURL(/estado=reembolsado-en-parte/)
  const tabla = page.getByRole('table', { name: 'Pagos, del más reciente al más antiguo' })
  const suFila = tabla.getByRole('row').filter({ hasText: 'Solicitud INS-25-30145' })
  expect(await suFila.innerText()).toMatch(
    /Reembolsado en parte[\s\S]*\$1\.250\.000[\s\S]*\$250\.000[\s\S]*\$1\.000\.000/,
  )
  for (const celda of [suFila.getByRole('cell').last(), tabla.getByRole('columnheader', { name: 'Monto' })]) {
    const { derecha, izquierda } = await margenes(celda)
    expect(derecha).toBeLessThan(izquierda)
  }
  expect(await hallazgosGraves(page)).toEqual([])

  // The search: by RUT, name, buy order and authorization code.
  await page.getByRole('button', { name: 'Limpiar filtros' }).click()
  await page.waitForURL((url) => !url.search.includes('estado'))
  for (const [busqueda, cuantos] of [
    ['16.789.432-1', /^\d+ pagos para «16\.789\.432-1»\.$/],
    ['Rojas Soto', /^\d+ pagos para «Rojas Soto»\.$/],
    [ordenCompra, /^1 pago para «C[0-9A-Z]+»\.$/],
    [autorizacion, /^1 pago para «\d+»\.$/],
  ] as const) {
    await page.getByLabel('Buscar', { exact: true }).fill(busqueda)
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByRole('status').filter({ hasText: cuantos }).waitFor()
    await tabla
      .getByRole('row')
      .filter({ hasText: 'Solicitud INS-25-30145' })
      .filter({ hasText: 'Reembolsado en parte' })
      .waitFor()
  }
  await page.getByLabel('Buscar', { exact: true }).fill('García Pérez')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page
    .getByRole('status')
    .filter({ hasText: /pagos? para «García Pérez»\.$|No hay pagos/ })
    .waitFor()
  expect(await tabla.getByText('Solicitud INS-25-30145').count()).toBe(0)
  await context.close()

  // At a tablet's width: the same screens, whole on the page and accessible.
  const tableta = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.coordinacion })
  for (const [ruta, listo] of [
    [`/admin/pagos?estado=reembolsado-en-parte`, 'Solicitud INS-25-30145'],
    [`/admin/pagos/${id}`, 'Reembolso aplicado (devuelto a la tarjeta)'],
    ['/admin/pagos/conciliacion', 'Reembolso (devuelto a la tarjeta)'],
  ] as const) {
    await tableta.page.goto(`${portal.url}${ruta}`)
    await tableta.page.getByText(listo).first().waitFor()
    expect(await tableta.page.evaluate(() => document.documentElement.scrollWidth), ruta).toBeLessThanOrEqual(768)
    // Nor does any of its tables scroll sideways in its box: every column is in view.
    for (const tabla of await tableta.page.getByRole('table').all()) {
      const sobra = await tabla.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)
      expect(sobra, `${ruta}: ${await tabla.locator('caption').innerText()}`).toBeLessThanOrEqual(1)
    }
    expect(await hallazgosGraves(tableta.page), ruta).toEqual([])
  }
  // There the list shows what was given back and what remains under the amount.
  await tableta.page.goto(`${portal.url}/admin/pagos?estado=reembolsado-en-parte`)
  const enTableta = tableta.page.getByRole('row').filter({ hasText: 'Solicitud INS-25-30145' })
  expect(await enTableta.innerText()).toMatch(/\$1\.250\.000\s+reembolsado \$250\.000\s+queda \$1\.000\.000/)
  await tableta.context.close()
})
