import { expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { esperarBorrador } from '../support/almacen-local.ts'
import { esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { consultarDb, esperarCorreo } from '../support/servidor.ts'

// 'Solicitudes' in the browser, on a 360-pixel-wide phone: the list and its pages, the general
// survey answered with no signal and sent once when it returns, and the conditions decision.

const portal = prepararPortal({ throttle: 'off' })

/** From the home of a page signed in already, opens 'Solicitudes' from the top navigation. */
async function abrirSolicitudes(page: Page) {
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Solicitudes' }).click()
  await page.getByRole('heading', { name: 'Solicitudes', level: 1 }).waitFor()
  await page.getByRole('table').first().waitFor()
}

const activas = (page: Page) => page.getByRole('region', { name: /^Activas/ })
const finalizadas = (page: Page) => page.getByRole('region', { name: /^Finalizadas/ })

/** The enrolments' rows of a group (or of the whole page). */
const filas = (zona: Page | Locator) => {
  const page = 'page' in zona && typeof zona.page === 'function' ? zona.page() : (zona as Page)
  return zona
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
}

const fila = (page: Page, codigo: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: codigo }) })

/** On a phone an enrolment is a short card: its details and actions show once it is opened. */
async function abrirTarjeta(page: Page, codigo: string) {
  const boton = fila(page, codigo).getByRole('button', { name: /^(Ver|Ocultar) detalle de la solicitud/ })
  if ((await boton.getAttribute('aria-expanded')) !== 'true') await boton.click()
  return fila(page, codigo)
}

/** Answers a select by its label (the first matching one: follow-ups appear as answers are given). */
async function elegir(page: Page, etiqueta: RegExp, opcion: string) {
  await page.getByRole('dialog').getByLabel(etiqueta).first().selectOption(opcion)
}

test('on a phone: active and finished apart, 7 a page, each enrolment a short card that opens to its details, and Siguiente goes back to the top', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirSolicitudes(page)
  await page.waitForFunction((titulo) => document.title === titulo, 'Solicitudes · Portal del Estudiante')
  expect(await filas(activas(page)).count()).toBe(7)
  expect(await filas(activas(page)).first().getByRole('rowheader').textContent()).toBe('INS-26-40018')
  // The programs whose certificate was issued are apart, and ask for nothing more.
  expect(await filas(finalizadas(page)).getByRole('rowheader').allTextContents()).toEqual([
    'INS-24-20388',
    'INS-24-20117',
  ])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // A card: code, dates, program and what it still asks; well under a screen each.
  const tarjeta = fila(page, 'INS-26-40018')
  await tarjeta.getByText('09-03-2026 al 30-10-2026').waitFor()
  await tarjeta.getByText(/^\d+ pendientes$/).waitFor()
  expect(await tarjeta.getByRole('button', { name: /Leer y Aceptar/ }).count()).toBe(0)
  for (const alto of await filas(page).evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height)))
    expect(alto).toBeLessThan(740 / 2)
  // Opened: its details and actions, still within a screen.
  await abrirTarjeta(page, 'INS-26-40018')
  await tarjeta.getByRole('button', { name: /Leer y Aceptar/ }).waitFor()
  await tarjeta.getByRole('button', { name: /^2 \/ 4 documentos subidos/ }).waitFor()
  await tarjeta.getByText(/^\(3 cuotas por pagar, 1 vencida\)$/).waitFor()
  expect(await tarjeta.evaluate((tr) => tr.getBoundingClientRect().height)).toBeLessThan(740)

  const finalizada = await abrirTarjeta(page, 'INS-24-20388')
  await finalizada.getByText('Al día').waitFor()
  expect(await finalizada.getByRole('button', { name: /Leer y Aceptar/ }).count()).toBe(0)
  expect(await finalizada.getByRole('button', { name: /documentos subidos/ }).count()).toBe(0)
  // Paid online with nothing listed to pay: no way to a payment list.
  expect(await finalizada.getByRole('link', { name: /pagos/i }).count()).toBe(0)
  const pagada = await abrirTarjeta(page, 'INS-24-20117')
  expect(await pagada.getByRole('link', { name: /Ver pagos realizados/ }).getAttribute('href')).toBe(
    '/pagos/lista/INS-24-20117',
  )
  expect(await pagada.getByRole('link', { name: /Lista de pagos/ }).count()).toBe(0)

  // 'Siguiente', pressed at the bottom of the page, brings the reader back to the group's top.
  const paginas = page.getByRole('navigation', { name: 'Páginas de solicitudes activas' })
  await paginas.getByText('Página 1 de 2').waitFor()
  await paginas.getByRole('button', { name: 'Siguiente' }).click()
  await paginas.getByText('Página 2 de 2').waitFor()
  expect(await filas(activas(page)).count()).toBe(1)
  const titulo = activas(page).getByRole('heading', { name: /^Activas/ })
  await expect.poll(() => titulo.evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(120)
  expect(await titulo.evaluate((h) => h === document.activeElement)).toBe(true)
  expect(await paginas.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true)
  await context.close()
})

test('at 1280 px every column of the list fits: no sideways scroll, the certificate column in sight', async () => {
  const { page, context } = await portal.newPage({ ancho: 1280, sesion: 'estudiante@demo.cl' })
  await abrirSolicitudes(page)
  const tabla = activas(page).getByRole('table')
  await tabla.getByRole('columnheader', { name: 'Certificado' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  for (const contenedor of await page.locator('.tabla-solicitudes').all())
    expect(await contenedor.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0)
  const certificado = finalizadas(page).getByRole('link', { name: /Certificado Programa de la solicitud INS-24-20117/ })
  const caja = await certificado.boundingBox()
  expect(caja && caja.x + caja.width).toBeLessThanOrEqual(1280)
  // Every action is in its row at once: no card to open on a desktop.
  await fila(page, 'INS-26-40018')
    .getByRole('button', { name: /Leer y Aceptar/ })
    .waitFor()
  expect(await page.getByRole('button', { name: /^Ver detalle de la solicitud/ }).count()).toBe(0)
  await context.close()
})

test('the survey answered with no signal survives a reload, goes when the signal returns, and is stored once', async () => {
  const { page, context } = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  const envios: string[] = []
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/encuesta')) envios.push(String(r.status()))
  })
  await abrirSolicitudes(page)
  await esperarServiceWorker(page)

  await context.setOffline(true)
  await page.getByRole('status').getByText('Sin conexión.').waitFor()
  await (await abrirTarjeta(page, 'INS-25-30688')).getByRole('button', { name: /Realizar Encuesta/ }).click()
  const dialogo = page.getByRole('dialog', { name: /Encuesta general/ })
  await dialogo.getByText(/No se pudo consultar encuesta/).waitFor()
  await elegir(page, /¿Cursará el programa fuera/, 'No')
  // The disability questions come only after their express consent, asked apart.
  await page
    .getByRole('dialog')
    .getByRole('checkbox', { name: /^Autorizo a la escuela a tratar mis respuestas sobre discapacidad/ })
    .check()
  await elegir(page, /¿Posee alguna discapacidad/, 'Si')
  await elegir(page, /^Tipo de discapacidad/, 'Sensorial visual')
  // The draft is written a moment after the last answer.
  await esperarBorrador(page, 'Sensorial visual')

  await page.reload()
  await page.getByRole('table').first().waitFor()
  await (await abrirTarjeta(page, 'INS-25-30688')).getByRole('button', { name: /Realizar Encuesta/ }).click()
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
  // The indigenous question, too, comes only after its own consent.
  expect(await dialogo.getByLabel(/¿Pertenece a algún pueblo originario/).count()).toBe(0)
  await dialogo
    .getByRole('checkbox', {
      name: /^Autorizo a la escuela a tratar mi respuesta sobre pertenencia a un pueblo originario/,
    })
    .check()
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
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).click()
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

test('conditions: accepted, then rejected after confirming (the assistant gets an e-mail), confirmed in neutral words, shown on the card', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirSolicitudes(page)
  const tarjeta = await abrirTarjeta(page, 'INS-26-40018')
  await tarjeta.getByText(/^Sin responder/).waitFor()

  await tarjeta.getByRole('button', { name: /condiciones de la solicitud INS-26-40018/ }).click()
  const dialogo = page.getByRole('dialog', { name: /Condiciones de la solicitud INS-26-40018/ })
  await dialogo.getByText(/se le devolverá el 100% de lo pagado/).waitFor()
  await dialogo.getByRole('button', { name: 'Aceptar condiciones' }).click()
  await page.getByText('Condiciones aceptadas').first().waitFor()
  await tarjeta.getByText(/^Aceptadas el/).waitFor()

  await tarjeta.getByRole('button', { name: /condiciones de la solicitud INS-26-40018/ }).click()
  await dialogo.getByText(/Usted aceptó estas condiciones/).waitFor()
  await dialogo.getByRole('button', { name: 'Rechazar condiciones' }).click()
  const confirmar = page.getByRole('alertdialog', { name: 'Rechazar condiciones' })
  // Cancelling keeps the acceptance.
  await confirmar.getByRole('button', { name: 'Cancelar' }).click()
  await dialogo.getByRole('button', { name: 'Rechazar condiciones' }).click()
  await confirmar.getByRole('button', { name: 'Rechazar condiciones' }).click()
  await tarjeta.getByText(/^Rechazadas el/).waitFor()
  // Recorded, not celebrated.
  const aviso = page
    .getByRole('region', { name: 'Notificaciones' })
    .getByRole('status')
    .filter({ hasText: 'Decisión registrada' })
  await aviso.waitFor()
  expect(await aviso.textContent()).not.toContain('Éxito')
  const correo = await esperarCorreo(portal.server.dataDir, 'tomas.munoz@postgrado-demo.cl')
  expect(correo.subject).toBe('Condiciones rechazadas: solicitud INS-26-40018')
  await context.close()
})

test("an enrolment's documents: the dialog lists what the program requires, an upload lands and the row's count goes up", async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirSolicitudes(page)
  const tarjeta = await abrirTarjeta(page, 'INS-25-30145')
  await tarjeta.getByRole('button', { name: /^0 \/ 6 documentos subidos de la solicitud INS-25-30145/ }).click()
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
  // Its ✓ shows in the dialog that started it.
  await dialogo.getByRole('status').getByText('eunacom.pdf: subido correctamente.').waitFor()
  await dialogo.getByRole('link', { name: 'Descargar Certificado EUNACOM' }).waitFor()
  expect(await dialogo.getByText('Pro-INS-25-30145-eunacom.pdf').count()).toBe(1)
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).click()
  await tarjeta.getByRole('button', { name: /^1 \/ 6 documentos subidos/ }).waitFor()
  const guardados = await consultarDb(
    portal.server.dataDir,
    'select nombre_archivo from archivos_solicitud where codigo_inscripcion = ?',
    'INS-25-30145',
  )
  expect(guardados).toEqual([{ nombre_archivo: 'Pro-INS-25-30145-eunacom.pdf' }])
  await context.close()
})

test('no enrolments reads as such; without a RUT or passport the student is told to contact the assistant and goes home', async () => {
  const { page, context } = await portal.newPage({ sesion: 'sinsolicitudes@demo.cl' })
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Solicitudes' }).click()
  await page.getByText('No posee solicitudes; en caso de error, comuníquese con su Asistente Comercial.').waitFor()

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
