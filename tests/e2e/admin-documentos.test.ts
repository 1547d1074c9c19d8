// Document review in the browser, both sides: a reviewer rejects one of INS-26-40018's documents
// as illegible, the student reads it on the enrolment and in its documents dialog and uploads a
// replacement, back in review (and reads the state offline too); the reviewer approves it and the student reads 'Aprobado'. Several
// documents decided together, a second reviewer told who decided first, an assistant's queue
// holding only their own students, and no serious accessibility finding at 1280 and 768 pixels.
// The review itself: the decision in view beside a large viewer at both widths, the document
// opened marked however it was reached, a rejection confirmed first and undone within its window
// (no e-mail), 'Siguiente documento' through the queue, and the student's page opening each file.
import type { Locator, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { esperarCacheCon } from '../support/almacen-local.ts'
import { ANCHO_ESCRITORIO, esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { consultarDb, esperarCorreo, leerCorreos } from '../support/servidor.ts'

// A shorter window to undo a rejection than the real one: the journey below waits for the e-mail.
const PLAZO_DESHACER_MS = 10_000
const portal = prepararPortal({ throttle: 'off', config: { plazoDeshacerRechazoMs: PLAZO_DESHACER_MS } })

const ESTUDIANTE = 'estudiante@demo.cl'
const HEPATITIS = 'Certificado de Inmunización Hepatitis B'

/** A staff member at a desk, signed in, on the review queue. */
async function abrirCola(email: string) {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: email })
  await page.goto(`${portal.url}/admin/home`)
  await page
    .getByRole('navigation', { name: 'Secciones de la escuela' })
    .getByRole('link', { name: 'Documentos' })
    .click()
  await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor()
  await page.getByRole('table').waitFor()
  return { page, context }
}

/** The queue's row of a document of a student, by their names. */
function fila(page: Page, documento: string, alumno: string) {
  return page.getByRole('row').filter({ hasText: documento }).filter({ hasText: alumno })
}

/** The student on their phone, on 'Solicitudes', with the enrolment's documents dialog open. */
async function abrirDocumentosDelEstudiante(codigo: string) {
  const { page, context } = await portal.newPage({ sesion: ESTUDIANTE })
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Solicitudes' }).click()
  const fila = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: codigo }) })
  await verDetalle(fila, codigo)
  return { page, context, fila, dialogo: page.getByRole('dialog', { name: `Documentos de la solicitud ${codigo}` }) }
}

/** On a phone an enrolment is a short card: its documents show once its detail is open. */
async function verDetalle(fila: Locator, codigo: string) {
  await fila.getByRole('button', { name: `Ver detalle de la solicitud ${codigo}` }).click()
}

/** The whole of `locator` is on screen, as the page is now (not scrolled to it). */
async function enPantalla(page: Page, locator: Locator): Promise<boolean> {
  const caja = await locator.boundingBox()
  const { width, height } = page.viewportSize()!
  return !!caja && caja.x >= 0 && caja.y >= 0 && caja.x + caja.width <= width && caja.y + caja.height <= height
}

const activo = (locator: Locator) => locator.evaluate((el) => el === document.activeElement)

/** The rejection e-mails the student received. */
const rechazosEnviados = () =>
  leerCorreos(portal.server.dataDir).filter(
    (c) => c.to.includes(ESTUDIANTE) && c.subject.startsWith('Documento rechazado'),
  )

function documentoDelDialogo(dialogo: ReturnType<Page['getByRole']>, nombre: string) {
  return dialogo.getByRole('listitem').filter({ has: dialogo.page().getByRole('heading', { name: nombre }) })
}

// One test per width: each checks seven states of the screens.
test.each([ANCHO_ESCRITORIO, 768])(
  'the queue and the review view have no serious accessibility findings at %i pixels',
  async (ancho) => {
    const { page, context } = await abrirCola(DEMO_PERSONAL.admin)
    await page.setViewportSize({ width: ancho, height: 900 })
    await page.goto(`${portal.url}/admin/documentos`)
    await page.getByRole('table').waitFor()
    expect(await hallazgosGraves(page), `cola ${ancho}`).toEqual([])
    await page.getByLabel('Estado').selectOption('Rechazados')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByText('No hay documentos que coincidan con estos filtros.').waitFor()
    expect(await hallazgosGraves(page), `cola vacía ${ancho}`).toEqual([])

    await page.goto(`${portal.url}/admin/documentos/solicitud/INS-26-40018?documento=archivo-40018-42`)
    await page.getByRole('checkbox', { name: HEPATITIS }).waitFor()
    expect(await hallazgosGraves(page), `revisión ${ancho}`).toEqual([])
    // The reject form with its message: a reason is needed.
    await page.getByRole('button', { name: 'Rechazar' }).click()
    await page.getByText('Elija el motivo del rechazo.').waitFor()
    expect(await hallazgosGraves(page), `revisión con error ${ancho}`).toEqual([])
    // The confirmation of a rejection, then cancelled.
    await page.getByLabel('Motivo del rechazo').selectOption('Documento ilegible')
    await page.getByRole('button', { name: 'Rechazar' }).click()
    await page.getByRole('dialog', { name: 'Rechazar documento' }).waitFor()
    expect(await hallazgosGraves(page), `confirmación del rechazo ${ancho}`).toEqual([])
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    // Nothing scrolls sideways at the narrowest width the staff's screens support.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho)

    await page.goto(`${portal.url}/admin/documentos/personal/alumno-estudiante`)
    await page.getByText('Aún no hay archivos subidos.').waitFor()
    expect(await hallazgosGraves(page), `revisión sin archivos ${ancho}`).toEqual([])
    await context.close()
  },
)

test('the decision stays in view beside a large viewer at 1280 pixels, and above the file at 768, without scrolling', async () => {
  for (const ancho of [ANCHO_ESCRITORIO, 768]) {
    const { page, context } = await portal.newPage({ ancho, personal: DEMO_PERSONAL.coordinacion })
    await page.goto(`${portal.url}/admin/documentos/solicitud/INS-26-40018?documento=archivo-40018-42`)
    const decision = page.getByRole('region', { name: 'Decisión' })
    await decision.getByRole('button', { name: 'Aprobar' }).waitFor()
    for (const parte of [decision, decision.getByRole('button', { name: 'Rechazar' })])
      expect(await enPantalla(page, parte), `${ancho}: ${parte}`).toBe(true)
    const visor = page.locator(`iframe[title="${HEPATITIS} de Camila Andrea Rojas Soto (PDF)"]`)
    // The PDF opens fitted to the frame's width, and the frame takes most of the screen.
    expect(await visor.getAttribute('src')).toBe(
      '/api/admin/documentos/solicitud/INS-26-40018/archivos/archivo-40018-42#view=FitH',
    )
    const caja = (await visor.boundingBox())!
    expect(caja.width, `${ancho}`).toBeGreaterThan(ancho * 0.6)
    expect(caja.height, `${ancho}`).toBeGreaterThan(700)
    if (ancho === ANCHO_ESCRITORIO) {
      // Beside the file: it stays in view while the page scrolls down the file.
      expect(caja.x + caja.width).toBeLessThan((await decision.boundingBox())!.x)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
      expect(await enPantalla(page, decision)).toBe(true)
    } else {
      // Above the file, never after it.
      expect((await decision.boundingBox())!.y).toBeLessThan(caja.y)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho)
    await context.close()
  }
})

test('the document opened is marked for the decision however it was reached; ‘Siguiente documento’ follows the queue and its filters, and says when nothing else waits', async () => {
  const { page, context } = await abrirCola(DEMO_PERSONAL.coordinacion)
  const marcado = (nombre: string) => page.getByRole('checkbox', { name: nombre }).isChecked()
  await page
    .getByLabel('Programa o concurso')
    .selectOption({ label: 'Diplomado en Cuidados Paliativos y Manejo del Dolor' })
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.getByRole('status').getByText('2 documentos en revisión con estos filtros.').waitFor()
  // From the queue.
  await fila(page, 'Carta de Intención', 'Camila Andrea Rojas Soto')
    .getByRole('link', { name: /^Revisar/ })
    .click()
  await page.getByText('Documento seleccionado: «Carta de Intención».').waitFor()
  expect(await marcado('Carta de Intención')).toBe(true)
  expect(await marcado(HEPATITIS)).toBe(false)
  // The next one of the queue, with its filters kept.
  await page.getByRole('button', { name: 'Siguiente documento' }).click()
  await page.waitForURL(/documento=archivo-40018-42/)
  expect(page.url()).toMatch(/programa=DCPD/)
  await page.getByText(`Documento seleccionado: «${HEPATITIS}».`).waitFor()
  expect(await marcado('Carta de Intención')).toBe(false)
  // 'Ver' another one: the mark follows what is shown.
  await page.getByRole('button', { name: 'Ver Carta de Intención' }).click()
  await page.getByText('Documento seleccionado: «Carta de Intención».').waitFor()
  expect(await marcado(HEPATITIS)).toBe(false)
  // What the reviewer marked by hand stays marked.
  await page.getByRole('checkbox', { name: HEPATITIS }).check()
  await page.getByRole('button', { name: `Ver ${HEPATITIS}` }).click()
  await page.getByText(`2 documentos seleccionados: «Carta de Intención», «${HEPATITIS}».`).waitFor()
  // Back to the queue as it was left.
  await page.getByRole('link', { name: 'Volver a los documentos' }).click()
  await page.getByRole('status').getByText('2 documentos en revisión con estos filtros.').waitFor()
  expect(await page.getByLabel('Programa o concurso').inputValue()).toBe('DCPD')

  // A link with no document named (from the student's page, the staff's home): the first in review.
  await page.goto(`${portal.url}/admin/documentos/solicitud/INS-25-30688`)
  await page.getByText('Documento seleccionado: «Carta de Intención».').waitFor()
  // Without filters, the next one is another student's; with a filter nothing else matches, it says so.
  await page.getByRole('button', { name: 'Ver Seguro de Salud' }).click()
  await page.getByText('Documento seleccionado: «Seguro de Salud».').waitFor()
  await page.getByRole('button', { name: 'Siguiente documento' }).click()
  await page.getByRole('heading', { name: /^Solicitud INS-26-40018/ }).waitFor()
  await page.getByText('Documento seleccionado: «Carta de Intención».').waitFor()
  await page.goto(
    `${portal.url}/admin/documentos/solicitud/INS-25-30688?documento=archivo-30688-43&programa=DMUR&tipo=43`,
  )
  await page.getByText('Documento seleccionado: «Seguro de Salud».').waitFor()
  await page.getByRole('button', { name: 'Siguiente documento' }).click()
  await page.getByRole('status').getByText('No quedan otros documentos esperando revisión con estos filtros.').waitFor()
  expect(page.url()).toMatch(/documento=archivo-30688-43/)
  await context.close()
})

test('a rejection asks for confirmation (cancelling sends nothing) and can be undone before the student is told: no e-mail', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/documentos/solicitud/INS-26-40018?documento=archivo-40018-41`)
  await page.getByText('Documento seleccionado: «Carta de Intención».').waitFor()
  const antes = rechazosEnviados().length
  await page.getByLabel('Motivo del rechazo').selectOption('Documento vencido')
  await page.getByLabel('Detalle para el estudiante (opcional)').fill('Vence en marzo.')
  const rechazar = page.getByRole('button', { name: 'Rechazar', exact: true })
  await rechazar.click()
  const dialogo = page.getByRole('dialog', { name: 'Rechazar documento' })
  await dialogo.getByText('Camila Andrea Rojas Soto').waitFor()
  await dialogo.getByText('«Carta de Intención»').waitFor()
  await dialogo.getByText('«Documento vencido. Vence en marzo.»').waitFor()
  await dialogo.getByText(/^Se enviará al estudiante un aviso con este motivo/).waitFor()
  // Focus is in the dialog, and the page behind cannot take it (past the dialog's last button it
  // goes to the browser's own controls, as a native modal dialog does).
  expect(await dialogo.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab')
    expect(
      await dialogo.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body),
    ).toBe(true)
  }
  // Cancelled: nothing sent, nothing changed, and focus back on 'Rechazar'.
  await dialogo.getByRole('button', { name: 'Cancelar' }).click()
  await dialogo.waitFor({ state: 'detached' })
  expect(await activo(rechazar)).toBe(true)
  const carta = page.getByRole('listitem').filter({ hasText: 'Carta de Intención' })
  expect(await carta.getByText('En revisión').count()).toBe(1)
  const [auditadas] = await consultarDb<{ n: number }>(
    portal.server.dataDir,
    "select count(*) as n from auditoria where accion like 'documento.%' and actor_id = 'personal-admin'",
  )
  expect(Number(auditadas?.n)).toBe(0)

  // Confirmed, then undone within the window: back in review, and the student is never told.
  await rechazar.click()
  await dialogo.getByRole('button', { name: 'Rechazar el documento' }).click()
  await page.getByRole('status').getByText('Se rechazó «Carta de Intención».').waitFor()
  await carta.getByText('Rechazado: Documento vencido. Vence en marzo.').waitFor()
  const deshacer = page.getByRole('button', { name: /^Deshacer el rechazo/ })
  await page
    .getByText(/^El estudiante recibirá el aviso en \d+ segundos?; hasta entonces puede deshacer el rechazo\.$/)
    .waitFor()
  expect(await activo(deshacer)).toBe(true)
  await deshacer.click()
  await page
    .getByRole('status')
    .getByText(
      'Se deshizo el rechazo de «Carta de Intención»: vuelve a estar en revisión y el estudiante no recibirá ningún aviso.',
    )
    .waitFor()
  await carta.getByText('En revisión').waitFor()
  await page.getByText('Documento seleccionado: «Carta de Intención».').waitFor()
  expect(await deshacer.count()).toBe(0)
  expect(await hallazgosGraves(page), 'rechazo deshecho').toEqual([])
  // Nothing left to send: the notice and its e-mail are gone, none went out.
  expect(
    await consultarDb(
      portal.server.dataDir,
      "select id from notificaciones where ocasion = 'archivos_solicitud:archivo-40018-41'",
    ),
  ).toEqual([])
  expect(rechazosEnviados().length).toBe(antes)
  await context.close()
})

test('the student’s page opens each listed file from there, at 1280 and 768 pixels, with no serious accessibility finding', async () => {
  for (const ancho of [ANCHO_ESCRITORIO, 768]) {
    const { page, context } = await portal.newPage({ ancho, personal: DEMO_PERSONAL.coordinacion })
    await page.goto(`${portal.url}/admin/alumnos/alumno-estudiante`)
    const tabla = page.getByRole('table', { name: 'Documentos de la solicitud INS-26-40018' })
    const enlace = tabla.getByRole('link', {
      name: /^Pro-INS-26-40018-carta-intencion\.pdf \(abrir Carta de Intención/,
    })
    await enlace.waitFor()
    expect(await hallazgosGraves(page), `ficha ${ancho}`).toEqual([])
    expect(await enlace.getAttribute('target')).toBe('_blank')
    const res = await page.request.get(new URL((await enlace.getAttribute('href'))!, portal.url).href)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('application/pdf')
    expect(res.headers()['content-disposition']).toMatch(/^inline; filename="Pro-INS-26-40018-carta-intencion\.pdf"/)
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-')
    await context.close()
  }
})

test('a rejection as «Documento ilegible» reaches the student, whose replacement goes back to review and is then approved', async () => {
  const revisor = await abrirCola(DEMO_PERSONAL.coordinacion)
  const { page } = revisor
  await fila(page, HEPATITIS, 'Camila Andrea Rojas Soto')
    .getByRole('link', { name: `Revisar ${HEPATITIS} de Camila Andrea Rojas Soto` })
    .click()
  await page
    .getByRole('heading', { name: 'Solicitud INS-26-40018 · Diplomado en Cuidados Paliativos y Manejo del Dolor' })
    .waitFor()
  // The file inline beside the checklist, the one opened already marked for the decision.
  expect(await page.locator(`iframe[title="${HEPATITIS} de Camila Andrea Rojas Soto (PDF)"]`).count()).toBe(1)
  expect(await page.getByRole('checkbox', { name: HEPATITIS }).isChecked()).toBe(true)
  expect(await page.getByRole('checkbox', { name: 'Carta de Intención' }).isChecked()).toBe(false)
  await page.getByText('Documento seleccionado: «Certificado de Inmunización Hepatitis B».').waitFor()
  await page.getByLabel('Motivo del rechazo').selectOption('Documento ilegible')
  await page.getByRole('button', { name: 'Rechazar' }).click()
  await page
    .getByRole('dialog', { name: 'Rechazar documento' })
    .getByRole('button', { name: 'Rechazar el documento' })
    .click()
  await page.getByRole('status').getByText(`Se rechazó «${HEPATITIS}».`).waitFor()
  await page.getByRole('listitem').filter({ hasText: HEPATITIS }).getByText('Rechazado: Documento ilegible').waitFor()
  // Not undone: the e-mail goes once the window closes (checked below, after the student's part).
  await page.getByRole('button', { name: /^Deshacer el rechazo/ }).waitFor()

  const alumno = await abrirDocumentosDelEstudiante('INS-26-40018')
  await alumno.fila.getByText('1 rechazado · 1 en revisión').waitFor()
  await alumno.fila.getByRole('button', { name: /documentos subidos de la solicitud INS-26-40018/ }).click()
  const hepatitis = documentoDelDialogo(alumno.dialogo, HEPATITIS)
  await hepatitis.getByText('Estado: Rechazado: Documento ilegible').waitFor()
  await documentoDelDialogo(alumno.dialogo, 'Carta de Intención').getByText('Estado: En revisión').waitFor()

  // Offline, from what the phone kept: the same state on the row and in the dialog.
  await esperarServiceWorker(alumno.page)
  await esperarCacheCon(alumno.page, ['Documento ilegible', '"rechazados":1'])
  await alumno.context.setOffline(true)
  await alumno.page.reload()
  await verDetalle(alumno.fila, 'INS-26-40018')
  await alumno.fila.getByText('1 rechazado · 1 en revisión').waitFor()
  await alumno.fila.getByRole('button', { name: /documentos subidos de la solicitud INS-26-40018/ }).click()
  await hepatitis.getByText('Estado: Rechazado: Documento ilegible').waitFor()
  await alumno.context.setOffline(false)
  await hepatitis.getByLabel(`Reemplazar ${HEPATITIS}`).setInputFiles({
    name: 'hepatitis-b-legible.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% legible\n%%EOF\n'),
  })
  await hepatitis.getByText('Estado: En revisión').waitFor()
  await hepatitis.getByText('Pro-INS-26-40018-hepatitis-b-legible.pdf').waitFor()
  await alumno.context.close()
  expect((await esperarCorreo(portal.server.dataDir, ESTUDIANTE, 1, PLAZO_DESHACER_MS + 20_000)).text).toContain(
    `«${HEPATITIS}» por este motivo: «Documento ilegible»`,
  )

  // The replacement is in the queue again; the reviewer approves it.
  await page.getByRole('link', { name: 'Volver a los documentos' }).click()
  await fila(page, 'hepatitis-b-legible.pdf', 'Camila Andrea Rojas Soto')
    .getByRole('link', { name: /^Revisar/ })
    .click()
  await page.getByText('Pro-INS-26-40018-hepatitis-b-legible.pdf', { exact: false }).first().waitFor()
  await page.getByRole('button', { name: 'Aprobar' }).click()
  await page.getByRole('status').getByText(`Se aprobó «${HEPATITIS}».`).waitFor()

  // The student's history, found by her RUT typed with dots, holds both decisions, in words.
  await page.getByRole('navigation', { name: 'Secciones de la escuela' }).getByRole('link', { name: 'Alumnos' }).click()
  await page.getByLabel('Buscar alumno').fill('16.789.432-1')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await page.getByRole('link', { name: 'Rojas Soto, Camila Andrea' }).click()
  const historial = page.getByRole('table', { name: /^Acciones del personal sobre este alumno/ })
  const rechazo = historial.getByRole('row').filter({ hasText: 'Documento rechazado' })
  await rechazo.getByText('Rodrigo Fuentes Lagos').waitFor()
  await rechazo.getByText(`${HEPATITIS}: de En revisión a Rechazado (motivo: Documento ilegible)`).waitFor()
  await historial
    .getByRole('row')
    .filter({ hasText: 'Documento aprobado' })
    .getByText(/: de En revisión a Aprobado$/)
    .waitFor()
  await revisor.context.close()

  const despues = await abrirDocumentosDelEstudiante('INS-26-40018')
  await despues.fila.getByText('1 en revisión · 1 aprobado').waitFor()
  await despues.fila.getByRole('button', { name: /documentos subidos de la solicitud INS-26-40018/ }).click()
  await documentoDelDialogo(despues.dialogo, HEPATITIS).getByText('Estado: Aprobado').waitFor()
  await despues.context.close()
})

test('an assistant’s queue holds only their students’ documents; another student’s page reads as not found', async () => {
  const munoz = await abrirCola(DEMO_PERSONAL.munoz)
  await fila(munoz.page, 'Carta de Intención', 'Camila Andrea Rojas Soto').waitFor()
  expect(await munoz.page.getByRole('table').getByText('Valentina García Pérez').count()).toBe(0)
  await munoz.page.goto(`${portal.url}/admin/documentos/solicitud/INS-25-30688`)
  await munoz.page.getByRole('alert').getByText('No encontramos esos documentos.').waitFor()
  await munoz.context.close()

  const herrera = await abrirCola(DEMO_PERSONAL.herrera)
  await fila(herrera.page, 'Carta de Intención', 'Valentina García Pérez').waitFor()
  await fila(herrera.page, 'Carta de Intención', 'Camila Andrea Rojas Soto').waitFor()
  await herrera.context.close()
})

test('the queue filters by program and type, kept in the address', async () => {
  const { page, context } = await abrirCola(DEMO_PERSONAL.admin)
  await page.getByLabel('Programa o concurso').selectOption({ label: 'Diplomado en Medicina de Urgencia' })
  await page.getByLabel('Tipo de documento').selectOption({ label: 'Seguro de Salud' })
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.waitForURL(/programa=DMUR/)
  expect(page.url()).toMatch(/tipo=43/)
  await page.getByRole('status').getByText('1 documento en revisión con estos filtros.').waitFor()
  await fila(page, 'Seguro de Salud', 'Valentina García Pérez').waitFor()
  await page.reload()
  await page.getByRole('status').getByText('1 documento en revisión con estos filtros.').waitFor()
  expect(await page.getByLabel('Programa o concurso').inputValue()).toBe('DMUR')
  await page.getByLabel('Tipo de documento').selectOption({ label: 'Certificado RNPI' })
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.getByText('No hay documentos que coincidan con estos filtros.').waitFor()
  await page.getByRole('link', { name: 'Quitar los filtros' }).click()
  await page
    .getByRole('status')
    .getByText(/^\d+ documentos en revisión\.$/)
    .waitFor()
  await context.close()
})

test('two documents rejected together with a reason of its own; a second reviewer is told who decided first', async () => {
  const herrera = await abrirCola(DEMO_PERSONAL.herrera)
  await fila(herrera.page, 'Carta de Intención', 'Valentina García Pérez')
    .getByRole('link', { name: /^Revisar/ })
    .click()
  const { page } = herrera
  await page.getByRole('heading', { name: 'Solicitud INS-25-30688 · Diplomado en Medicina de Urgencia' }).waitFor()
  await page.getByRole('checkbox', { name: 'Seguro de Salud' }).check()
  await page.getByText('2 documentos seleccionados: «Carta de Intención», «Seguro de Salud».').waitFor()
  await page.getByLabel('Motivo del rechazo').selectOption('Otro motivo')
  await page.getByRole('button', { name: 'Rechazar' }).click()
  await page.getByText('Escriba el motivo del rechazo.').waitFor()
  expect(await page.getByLabel('Motivo (lo leerá el estudiante)').evaluate((el) => el === document.activeElement)).toBe(
    true,
  )
  await page.getByLabel('Motivo (lo leerá el estudiante)').fill('Deben venir firmados por el director del servicio.')
  await page.getByRole('button', { name: 'Rechazar' }).click()
  const confirmacion = page.getByRole('dialog', { name: 'Rechazar 2 documentos' })
  await confirmacion.getByText('«Carta de Intención», «Seguro de Salud»').waitFor()
  await confirmacion.getByText('«Deben venir firmados por el director del servicio.»').waitFor()
  await confirmacion.getByRole('button', { name: 'Rechazar los documentos' }).click()
  await page
    .getByRole('status')
    .getByText('Se rechazaron 2 documentos: «Carta de Intención», «Seguro de Salud».')
    .waitFor()
  const rechazados = page
    .getByRole('listitem')
    .filter({ hasText: 'Rechazado: Deben venir firmados por el director del servicio.' })
  await rechazados.first().waitFor()
  expect(await rechazados.count()).toBe(2)
  await herrera.context.close()

  // Both have the intent letter of INS-26-40018 open; the admin decides first.
  const abrir = async (email: string) => {
    const r = await abrirCola(email)
    await fila(r.page, 'Carta de Intención', 'Camila Andrea Rojas Soto')
      .getByRole('link', { name: /^Revisar/ })
      .click()
    await r.page.getByRole('checkbox', { name: 'Carta de Intención' }).waitFor()
    return r
  }
  const primera = await abrir(DEMO_PERSONAL.admin)
  const segunda = await abrir(DEMO_PERSONAL.coordinacion)
  await primera.page.getByRole('button', { name: 'Aprobar' }).click()
  await primera.page.getByRole('status').getByText('Se aprobó «Carta de Intención».').waitFor()
  await segunda.page.getByLabel('Motivo del rechazo').selectOption('Documento vencido')
  await segunda.page.getByRole('button', { name: 'Rechazar' }).click()
  await segunda.page.getByRole('button', { name: 'Rechazar el documento' }).click()
  await segunda.page
    .getByRole('alert')
    .getByText('«Carta de Intención» ya fue revisado por Carolina Vidal Rojas: Aprobado. No se guardó su decisión.')
    .waitFor()
  // The checklist shows the state as it is now: approved, no longer to decide.
  await segunda.page.getByRole('listitem').filter({ hasText: 'Carta de Intención' }).getByText('Aprobado').waitFor()
  expect(await segunda.page.getByRole('checkbox', { name: 'Carta de Intención' }).count()).toBe(0)
  await primera.context.close()
  await segunda.context.close()
})
