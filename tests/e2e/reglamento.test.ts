import { expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { firmaValida, qrDePdf, textoDePdf } from '../support/firma-pdf.ts'
import { consultarDb } from '../support/servidor.ts'

// The signed paper in the browser: a group-5 enrolment's regulations say first that they wait for
// the survey, and open it; once it is sent they are read, ticked, confirmed and accepted, the row
// links to the signed PDF, and the code that PDF carries (printed and in its QR) validates on the
// public validator.

const portal = prepararPortal({ throttle: 'off' })

const fila = (page: Page, codigo: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: codigo }) })

/** On a phone an enrolment is a short card: its actions show once it is opened. */
async function abrirTarjeta(page: Page, codigo: string) {
  await fila(page, codigo)
    .getByRole('button', { name: /^Ver detalle de la solicitud/ })
    .click()
  return fila(page, codigo)
}

/** Ticks 'He leído y acepto el reglamento', accepts, and confirms the signature it names. */
async function firmar(page: Page, dialogo: Locator, programa: string) {
  const aceptar = dialogo.getByRole('button', { name: 'Aceptar reglamento' })
  // Accepting is a signature: not one tap.
  expect(await aceptar.isDisabled()).toBe(true)
  await dialogo.getByRole('checkbox', { name: 'He leído y acepto el reglamento' }).check()
  await aceptar.click()
  const confirmacion = page.getByRole('alertdialog', { name: 'Firmar el reglamento' })
  await confirmacion.getByText(new RegExp(`^Va a firmar electrónicamente el .+ del programa ${programa}`)).waitFor()
  await confirmacion.getByRole('button', { name: 'Firmar reglamento' }).click()
}

async function elegir(page: Page, etiqueta: RegExp, opcion: string) {
  await page.getByRole('dialog').getByLabel(etiqueta).first().selectOption(opcion)
}

async function responderEncuesta(page: Page) {
  const dialogo = page.getByRole('dialog', { name: /Encuesta general/ })
  await dialogo.getByLabel(/¿Cursará el programa fuera/).waitFor()
  await elegir(page, /¿Cursará el programa fuera/, 'No')
  // The disability questions come only after their express consent, asked apart.
  await dialogo
    .getByRole('checkbox', { name: /^Autorizo a la escuela a tratar mis respuestas sobre discapacidad/ })
    .check()
  await elegir(page, /¿Posee alguna discapacidad/, 'No')
  // The indigenous question's consent is left unticked, as a student may: it is not asked.
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

test('the survey first, from the regulations themselves; then read, ticked, confirmed and signed; the signed PDF opens and its code and QR validate', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/info/solicitudes`)
  const row = await abrirTarjeta(page, 'INS-25-30477')

  // Group 5: what blocks the acceptance is said first, before the text, with its way out.
  await row.getByRole('button', { name: /Leer y Aceptar/ }).click()
  const dialogo = page.getByRole('dialog', { name: 'Reglamento del Programa' })
  await dialogo.getByRole('heading', { name: 'Artículo 2. Asistencia' }).waitFor()
  const bloqueo = dialogo.getByRole('status').filter({ hasText: 'Aún no puede aceptar este reglamento' })
  await bloqueo.getByText('Antes de aceptar el reglamento debe completar la Encuesta General.').waitFor()
  const [arribaBloqueo, arribaTexto] = await Promise.all([
    bloqueo.evaluate((e) => e.getBoundingClientRect().top),
    dialogo.getByRole('heading', { name: 'Artículo 1. Ámbito' }).evaluate((e) => e.getBoundingClientRect().top),
  ])
  expect(arribaBloqueo).toBeLessThan(arribaTexto)
  expect(await dialogo.getByRole('checkbox', { name: 'He leído y acepto el reglamento' }).isDisabled()).toBe(true)
  expect(await dialogo.getByRole('button', { name: 'Aceptar reglamento' }).isDisabled()).toBe(true)
  // Centred and modal: a click on the backdrop leaves it open, and the focus stays inside.
  await page.mouse.click(3, 3)
  expect(await dialogo.isVisible()).toBe(true)
  expect(await dialogo.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  await dialogo.getByRole('link', { name: 'tomas.munoz@postgrado-demo.cl' }).waitFor()

  // 'Responder encuesta' opens the survey; closing it comes back to the regulations.
  await bloqueo.getByRole('button', { name: 'Responder encuesta' }).click()
  await responderEncuesta(page)
  await page
    .getByRole('dialog', { name: /Encuesta general/ })
    .getByRole('button', { name: 'Cerrar', exact: true })
    .click()
  await dialogo.getByRole('heading', { name: 'Artículo 2. Asistencia' }).waitFor()
  await bloqueo.waitFor({ state: 'detached' })

  await firmar(page, dialogo, 'Diplomado en Geriatría y Gerontología Clínica')
  await page.getByText('Reglamento aceptado. El documento firmado quedó disponible en su solicitud.').waitFor()
  const enlace = row.getByRole('link', { name: /Reglamento Firmado de la solicitud INS-25-30477/ })
  await enlace.waitFor()
  expect(await row.getByRole('button', { name: /Leer y Aceptar/ }).count()).toBe(0)
  await row.getByRole('button', { name: /Ver detalle Encuesta/ }).waitFor()

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
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  const envios: number[] = []
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/reglamento')) envios.push(r.status())
  })
  await page.goto(`${portal.url}/info/solicitudes`)
  await esperarServiceWorker(page)
  const row = await abrirTarjeta(page, 'INS-26-40018')

  await context.setOffline(true)
  await row.getByRole('button', { name: /Leer y Aceptar/ }).click()
  const dialogo = page.getByRole('dialog', { name: 'Reglamento de Diplomados' })
  await firmar(page, dialogo, 'Diplomado en Cuidados Paliativos y Manejo del Dolor')
  await page
    .getByText('Su aceptación quedó guardada en este dispositivo: se firmará cuando vuelva la conexión.')
    .waitFor()
  await row.getByText('Aceptación pendiente de envío').waitFor()
  expect(envios).toEqual([])

  await context.setOffline(false)
  await row.getByRole('link', { name: /Reglamento Firmado de la solicitud INS-26-40018/ }).waitFor({ timeout: 30_000 })
  expect(envios).toEqual([201])
  const filas = await consultarDb(
    portal.server.dataDir,
    "select codigo from documentos_emitidos where codigo_inscripcion = 'INS-26-40018' and cod_tipo_documento = '6'",
  )
  expect(filas).toHaveLength(1)
  await context.close()
})

test('cancelling the confirmation signs nothing', async () => {
  const antes = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  await antes.page.goto(`${portal.url}/info/solicitudes?solicitud=INS-25-30688&abrir=reglamento`)
  const dialogoAntes = antes.page.getByRole('dialog', { name: 'Reglamento de Diplomados' })
  // Her survey is not sent: the way to it is offered at the top.
  await dialogoAntes.getByRole('button', { name: 'Responder encuesta' }).waitFor()
  expect(await dialogoAntes.getByRole('button', { name: 'Aceptar reglamento' }).isDisabled()).toBe(true)
  await antes.context.close()
  // The survey sent behind the app's back; a new browser, so the list is not the stored copy of
  // the one above (fresh for 30 s, which a reload may or may not have stored yet).
  await consultarDb(
    portal.server.dataDir,
    "insert into encuestas (codigo_inscripcion, alumno_id, respuestas, enviada_en) values ('INS-25-30688', 'alumno-extranjera', '{}', '2026-01-01T00:00:00.000Z')",
  )
  const { page, context } = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  await page.goto(`${portal.url}/info/solicitudes`)
  const dialogo = page.getByRole('dialog', { name: 'Reglamento de Diplomados' })
  const row = await abrirTarjeta(page, 'INS-25-30688')
  await row.getByRole('button', { name: /Leer y Aceptar/ }).click()
  await dialogo.getByRole('checkbox', { name: 'He leído y acepto el reglamento' }).check()
  await dialogo.getByRole('button', { name: 'Aceptar reglamento' }).click()
  await page
    .getByRole('alertdialog', { name: 'Firmar el reglamento' })
    .getByRole('button', { name: 'Cancelar' })
    .click()
  expect(await dialogo.isVisible()).toBe(true)
  const emitidos = await consultarDb(
    portal.server.dataDir,
    "select codigo from documentos_emitidos where codigo_inscripcion = 'INS-25-30688' and cod_tipo_documento = '6'",
  )
  expect(emitidos).toEqual([])
  await context.close()
})
