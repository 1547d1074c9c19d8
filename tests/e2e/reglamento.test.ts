import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { esperarServiceWorker, iniciarSesion, prepararPortal } from '../support/e2e.ts'
import { firmaValida, qrDePdf, textoDePdf } from '../support/firma-pdf.ts'
import { consultarDb } from '../support/servidor.ts'

// The signed paper in the browser: a group-5 enrolment's regulations wait for the survey; once it
// is sent they are read and accepted, the row links to the signed PDF, and the code that PDF
// carries (printed and in its QR) validates on the public validator.

const portal = prepararPortal({ throttle: 'off' })

const fila = (page: Page, codigo: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: codigo }) })

async function elegir(page: Page, etiqueta: RegExp, opcion: string) {
  await page.getByRole('dialog').getByLabel(etiqueta).first().selectOption(opcion)
}

async function responderEncuesta(page: Page) {
  const dialogo = page.getByRole('dialog', { name: /Encuesta general/ })
  await dialogo.getByLabel(/¿Cursará el programa fuera/).waitFor()
  await elegir(page, /¿Cursará el programa fuera/, 'No')
  await elegir(page, /¿Posee alguna discapacidad/, 'No')
  await elegir(page, /¿Pertenece a algún pueblo originario/, 'No')
  await elegir(page, /¿Ha cursado antes un programa/, 'No')
  await elegir(page, /¿Trabaja actualmente/, 'Si')
  await elegir(page, /^Tipo de organización/, 'Servicio Público')
  await elegir(page, /¿Trabaja en el área del programa/, 'Si')
  await elegir(page, /^Primera prioridad/, 'Actualizar conocimientos')
  await dialogo
    .getByRole('group', { name: /Razones para elegir esta universidad/ })
    .getByLabel(/^Primera prioridad/)
    .selectOption('Acreditación')
  await elegir(page, /¿Cómo se enteró del programa/, 'Redes Sociales')
  await dialogo.getByRole('button', { name: 'Finalizar Encuesta' }).click()
  await page.getByRole('alertdialog', { name: 'Encuesta' }).getByRole('button', { name: 'Aceptar' }).click()
}

test('survey, then regulations read and accepted; the signed PDF opens and its code and QR validate', async () => {
  const { page, context } = await portal.newPage()
  await iniciarSesion(page, portal.url, 'estudiante@demo.cl')
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.goto(`${portal.url}/info/solicitudes`)
  const row = fila(page, 'INS-25-30477')
  await row.waitFor()

  // Group 5: the survey comes first.
  await row.getByRole('button', { name: /Leer y Aceptar/ }).click()
  const dialogo = page.getByRole('dialog', { name: 'Reglamento del Programa' })
  await dialogo.getByRole('heading', { name: 'Artículo 2. Asistencia' }).waitFor()
  // Centred and modal: a click on the backdrop leaves it open, and the focus stays inside.
  await page.mouse.click(3, 3)
  expect(await dialogo.isVisible()).toBe(true)
  expect(await dialogo.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  await dialogo.getByRole('link', { name: 'tomas.munoz@postgrado-demo.cl' }).waitFor()
  await dialogo.getByRole('button', { name: 'Aceptar reglamento' }).click()
  const aviso = page.getByRole('alertdialog', { name: 'Reglamento' })
  await aviso.getByText('Antes de aceptar el reglamento debe completar la Encuesta General.').waitFor()
  await aviso.getByRole('button', { name: 'Aceptar' }).click()
  await dialogo.getByRole('button', { name: 'Cerrar' }).click()

  await row.getByRole('button', { name: /Realizar Encuesta/ }).click()
  await responderEncuesta(page)
  await page
    .getByRole('dialog', { name: /Encuesta general/ })
    .getByRole('button', { name: 'Cerrar' })
    .click()
  await row.getByRole('button', { name: /Ver detalle Encuesta/ }).waitFor()

  await row.getByRole('button', { name: /Leer y Aceptar/ }).click()
  await dialogo.getByRole('button', { name: 'Aceptar reglamento' }).click()
  await page.getByText('Reglamento aceptado. El documento firmado quedó disponible en su solicitud.').waitFor()
  const enlace = row.getByRole('link', { name: /Reglamento Firmado de la solicitud INS-25-30477/ })
  await enlace.waitFor()
  expect(await row.getByRole('button', { name: /Leer y Aceptar/ }).count()).toBe(0)

  // The link downloads the signed PDF with the student's session.
  const [descarga] = await Promise.all([page.waitForEvent('download'), enlace.click()])
  expect(descarga.suggestedFilename()).toBe('Reglamento-Firmado-INS-25-30477.pdf')
  const bytes = new Uint8Array(
    await (await page.request.get(`${portal.url}${await enlace.getAttribute('href')}`)).body(),
  )
  expect(firmaValida(bytes)).toBe(true)
  const texto = textoDePdf(bytes)
  expect(texto).toContain('Camila Andrea Rojas Soto')
  expect(texto).toContain('Diplomado en Geriatría y Gerontología Clínica')
  const [registro] = await consultarDb<{ codigo: string }>(
    portal.server.dataDir,
    "select codigo from documentos_emitidos where codigo_inscripcion = 'INS-25-30477' and cod_tipo_documento = '6'",
  )
  const urlValidador = `${portal.url}/certificado/validador?codcertificado=${registro?.codigo}`
  expect(texto.replaceAll('\n', '')).toContain(urlValidador)
  expect(await qrDePdf(bytes)).toBe(urlValidador)

  // Anyone can check it: a fresh browser with no session opens the QR's address.
  const publico = await context.browser()!.newContext()
  const visitante = await publico.newPage()
  await visitante.goto(urlValidador)
  const resultado = visitante.getByRole('status', { name: 'Resultado de la validación' })
  await resultado.getByText('Reglamento Firmado válido', { exact: false }).first().waitFor()
  expect(await resultado.textContent()).not.toMatch(/no es válid|no válid/)
  expect(await resultado.textContent()).toContain('Camila Andrea Rojas Soto')
  await publico.close()
  await context.close()
})

test('accepted with no signal, the acceptance waits on the device and is signed once when the signal returns', async () => {
  const { page, context } = await portal.newPage()
  const envios: number[] = []
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/reglamento')) envios.push(r.status())
  })
  await iniciarSesion(page, portal.url, 'estudiante@demo.cl')
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.goto(`${portal.url}/info/solicitudes`)
  await esperarServiceWorker(page)
  const paginas = page.getByRole('navigation', { name: 'Páginas de solicitudes' })
  await paginas.getByRole('button', { name: 'Siguiente' }).click()
  const row = fila(page, 'INS-24-20388')
  await row.waitFor()

  await context.setOffline(true)
  await row.getByRole('button', { name: /Leer y Aceptar/ }).click()
  await page
    .getByRole('dialog', { name: 'Reglamento de Cursos' })
    .getByRole('button', { name: 'Aceptar reglamento' })
    .click()
  await page
    .getByText('Su aceptación quedó guardada en este dispositivo: se firmará cuando vuelva la conexión.')
    .waitFor()
  await row.getByText('Aceptación pendiente de envío').waitFor()
  expect(envios).toEqual([])

  await context.setOffline(false)
  await row.getByRole('link', { name: /Reglamento Firmado de la solicitud INS-24-20388/ }).waitFor({ timeout: 30_000 })
  expect(envios).toEqual([201])
  const filas = await consultarDb(
    portal.server.dataDir,
    "select codigo from documentos_emitidos where codigo_inscripcion = 'INS-24-20388' and cod_tipo_documento = '6'",
  )
  expect(filas).toHaveLength(1)
  await context.close()
})
