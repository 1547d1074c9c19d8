import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { esperarServiceWorker, iniciarSesion, prepararPortal } from '../support/e2e.ts'
import { consultarDb, esperarCorreo } from '../support/servidor.ts'

// 'Solicitudes' in the browser, on a 360-pixel-wide phone: the list and its pages, the general
// survey answered with no signal and sent once when it returns, and the conditions decision.

const portal = prepararPortal({ throttle: 'off' })

async function abrirSolicitudes(page: Page, email: string) {
  await iniciarSesion(page, portal.url, email)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Solicitudes' }).click()
  await page.getByRole('heading', { name: 'Solicitudes', level: 1 }).waitFor()
  await page.getByRole('table').waitFor()
}

const filas = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })

/** Answers a select by its label (the first matching one: follow-ups appear as answers are given). */
async function elegir(page: Page, etiqueta: RegExp, opcion: string) {
  await page.getByRole('dialog').getByLabel(etiqueta).first().selectOption(opcion)
}

test('the list shows 7 enrolments a page, newest first, and fits a phone screen without scrolling sideways', async () => {
  const { page, context } = await portal.newPage()
  await abrirSolicitudes(page, 'estudiante@demo.cl')
  expect(await filas(page).count()).toBe(7)
  expect(await filas(page).first().getByRole('rowheader').textContent()).toBe('INS-26-40018')
  const paginas = page.getByRole('navigation', { name: 'Páginas de solicitudes' })
  await paginas.getByText('Página 1 de 2').waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  await paginas.getByRole('button', { name: 'Siguiente' }).click()
  await paginas.getByText('Página 2 de 2').waitFor()
  expect(await filas(page).count()).toBe(3)
  expect(await paginas.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true)
  // Where payment is enabled the row links to its payment list; elsewhere it says there is none.
  const conPagos = filas(page).filter({ hasText: 'INS-24-20117' })
  expect(await conPagos.getByRole('link', { name: /Lista de pagos/ }).getAttribute('href')).toBe(
    '/pagos/lista/INS-24-20117',
  )
  await context.close()
})

test('the survey answered with no signal survives a reload, goes when the signal returns, and is stored once', async () => {
  const { page, context } = await portal.newPage()
  const envios: string[] = []
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/encuesta')) envios.push(String(r.status()))
  })
  await abrirSolicitudes(page, 'extranjera@demo.cl')
  await esperarServiceWorker(page)

  await context.setOffline(true)
  await page.getByRole('status').getByText('Sin conexión.').waitFor()
  await page.getByRole('button', { name: /Realizar Encuesta/ }).click()
  const dialogo = page.getByRole('dialog', { name: /Encuesta general/ })
  await dialogo.getByText(/No se pudo consultar encuesta/).waitFor()
  await elegir(page, /¿Cursará el programa fuera/, 'No')
  await elegir(page, /¿Posee alguna discapacidad/, 'Si')
  await elegir(page, /^Tipo de discapacidad/, 'Sensorial visual')
  await page.waitForTimeout(1_500) // the draft is written a moment after the last answer

  await page.reload()
  await page.getByRole('table').waitFor()
  await page.getByRole('button', { name: /Realizar Encuesta/ }).click()
  await dialogo.getByText('Se recuperaron sus respuestas guardadas en este dispositivo', { exact: false }).waitFor()
  expect(await dialogo.getByLabel(/^Tipo de discapacidad/).inputValue()).toBe('Sensorial visual')

  // Sending with answers missing says so and sends nothing.
  await dialogo.getByRole('button', { name: 'Finalizar Encuesta' }).click()
  const incompleta = page.getByRole('alertdialog', { name: 'Encuesta incompleta' })
  await incompleta.getByText(/Faltan campos requeridos\. Complete toda la encuesta antes de enviar\./).waitFor()
  await incompleta.getByRole('button', { name: 'Aceptar' }).click()
  await dialogo.getByText('Debe completar todos los campos de la encuesta').waitFor()

  await elegir(page, /^Adecuación que necesita/, 'Tiempo adicional en evaluaciones')
  await elegir(page, /¿Está inscrito en el Registro Nacional/, 'No')
  await elegir(page, /¿Pertenece a algún pueblo originario/, 'Si')
  await elegir(page, /^Pueblo originario/, 'Otro')
  await dialogo.getByLabel(/^Indique pueblo originario/).fill('Chango')
  await elegir(page, /¿Ha cursado antes un programa/, 'No')
  await elegir(page, /¿Trabaja actualmente/, 'Si')
  await elegir(page, /^Tipo de organización/, 'Empresa Privada')
  await elegir(page, /¿Trabaja en el área del programa/, 'Si')
  await elegir(page, /^Primera prioridad/, 'Actualizar conocimientos')
  await dialogo
    .getByRole('group', { name: /Razones para elegir esta universidad/ })
    .getByLabel(/^Primera prioridad/)
    .selectOption('Acreditación')
  await elegir(page, /¿Cómo se enteró del programa/, 'Redes Sociales')
  await dialogo.getByRole('button', { name: 'Finalizar Encuesta' }).click()
  await page.getByText('Encuesta guardada en este dispositivo: se enviará cuando vuelva la conexión.').waitFor()
  // Waiting in the outbox: shown read-only, every input disabled, with 'Cerrar'.
  await dialogo.getByText('Encuesta pendiente de envío.').waitFor()
  expect(await dialogo.getByLabel(/^Tipo de discapacidad/).isDisabled()).toBe(true)
  await dialogo.getByRole('button', { name: 'Cerrar' }).click()
  await page.getByRole('button', { name: /Encuesta pendiente de envío/ }).waitFor()
  expect(envios).toEqual([])

  await context.setOffline(false)
  await page.getByRole('button', { name: /Ver detalle Encuesta/ }).waitFor({ timeout: 30_000 })
  const guardadas = await consultarDb<{ respuestas: string }>(
    portal.server.dataDir,
    'select respuestas from encuestas where codigo_inscripcion = ?',
    'INS-25-30688',
  )
  expect(guardadas).toHaveLength(1)
  expect(JSON.parse(guardadas[0]?.respuestas ?? '{}')).toMatchObject({
    tipoDiscapacidad: 'Sensorial visual',
    otroPuebloOriginario: 'Chango',
    razon_eligeuni_1: 'Acreditación',
  })
  expect(envios).toEqual(['201'])

  // Sent: read-only, every answer there.
  await page.getByRole('button', { name: /Ver detalle Encuesta/ }).click()
  await dialogo.getByText(/Encuesta enviada el/).waitFor()
  expect(await dialogo.getByLabel(/^Tipo de discapacidad/).isDisabled()).toBe(true)
  await context.close()
})

test('conditions: accepted, then rejected after confirming (the assistant gets an e-mail), shown on the row', async () => {
  const { page, context } = await portal.newPage()
  await abrirSolicitudes(page, 'estudiante@demo.cl')
  const fila = filas(page).filter({ hasText: 'INS-26-40018' })
  await fila.getByText('Sin responder').waitFor()

  await fila.getByRole('button', { name: /Condiciones/ }).click()
  const dialogo = page.getByRole('dialog', { name: /Condiciones de la solicitud INS-26-40018/ })
  await dialogo.getByText(/se le devolverá el 100% de lo pagado/).waitFor()
  await dialogo.getByRole('button', { name: 'Aceptar condiciones' }).click()
  await page.getByText('Condiciones aceptadas').first().waitFor()
  await fila.getByText(/^Aceptadas el/).waitFor()

  await fila.getByRole('button', { name: /Condiciones/ }).click()
  await dialogo.getByText(/Usted aceptó estas condiciones/).waitFor()
  await dialogo.getByRole('button', { name: 'Rechazar condiciones' }).click()
  const confirmar = page.getByRole('alertdialog', { name: 'Rechazar condiciones' })
  // Cancelling keeps the acceptance.
  await confirmar.getByRole('button', { name: 'Cancelar' }).click()
  await dialogo.getByRole('button', { name: 'Rechazar condiciones' }).click()
  await confirmar.getByRole('button', { name: 'Rechazar condiciones' }).click()
  await fila.getByText(/^Rechazadas el/).waitFor()
  const correo = await esperarCorreo(portal.server.dataDir, 'tomas.munoz@postgrado-demo.cl')
  expect(correo.subject).toBe('Condiciones rechazadas: solicitud INS-26-40018')
  await context.close()
})

test("an enrolment's documents: the dialog lists what the program requires, an upload lands and the row's count goes up", async () => {
  const { page, context } = await portal.newPage()
  await abrirSolicitudes(page, 'estudiante@demo.cl')
  const fila = filas(page).filter({ hasText: 'INS-25-30145' })
  await fila.getByRole('button', { name: /^0 \/ 6 documentos subidos de la solicitud INS-25-30145/ }).click()
  const dialogo = page.getByRole('dialog', { name: 'Documentos de la solicitud INS-25-30145' })
  await dialogo.getByRole('heading', { name: 'Certificado EUNACOM', level: 3 }).waitFor()
  await dialogo.getByText(/tres dosis/).waitFor()
  // A file that is not what its name says is refused before anything is sent.
  await dialogo
    .getByLabel('Subir Certificado EUNACOM')
    .setInputFiles({ name: 'eunacom.pdf', mimeType: 'application/pdf', buffer: Buffer.from('no soy un pdf') })
  await dialogo
    .getByRole('alert')
    .getByText(/PDF, JPG o PNG/)
    .waitFor()
  await dialogo.getByLabel('Subir Certificado EUNACOM').setInputFiles({
    name: 'eunacom.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% resultado\n%%EOF\n'),
  })
  await page.getByText('Certificado EUNACOM: eunacom.pdf').first().waitFor()
  await dialogo.getByRole('link', { name: 'Descargar Certificado EUNACOM' }).waitFor()
  expect(await dialogo.getByText('Pro-INS-25-30145-eunacom.pdf').count()).toBe(1)
  await dialogo.getByRole('button', { name: 'Cerrar' }).click()
  await fila.getByRole('button', { name: /^1 \/ 6 documentos subidos/ }).waitFor()
  const guardados = await consultarDb(
    portal.server.dataDir,
    'select nombre_archivo from archivos_solicitud where codigo_inscripcion = ?',
    'INS-25-30145',
  )
  expect(guardados).toEqual([{ nombre_archivo: 'Pro-INS-25-30145-eunacom.pdf' }])
  await context.close()
})

test('no enrolments reads as such; without a RUT or passport the student is told to contact the assistant and goes home', async () => {
  const { page, context } = await portal.newPage()
  await iniciarSesion(page, portal.url, 'sinsolicitudes@demo.cl')
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Solicitudes' }).click()
  await page.getByText('No posee solicitudes, en caso de error comunicate con tu Asistente Comercial').waitFor()

  await consultarDb(
    portal.server.dataDir,
    'update alumnos set rut = ?, numero_documento = null where email = ?',
    '0-0',
    'sinsolicitudes@demo.cl',
  )
  await page.reload()
  const aviso = page.getByRole('alertdialog', { name: 'Solicitudes' })
  await aviso.getByText(/No encontramos su RUT o pasaporte/).waitFor()
  await aviso.getByRole('button', { name: 'Aceptar' }).click()
  await page.waitForURL(`${portal.url}/home`)
  await context.close()
})
