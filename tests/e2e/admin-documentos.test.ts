// Document review in the browser, both sides: a reviewer rejects one of INS-26-40018's documents
// as illegible, the student reads it on the enrolment and in its documents dialog and uploads a
// replacement, back in review (and reads the state offline too); the reviewer approves it and the student reads 'Aprobado'. Several
// documents decided together, a second reviewer told who decided first, an assistant's queue
// holding only their own students, and no serious accessibility finding at 1280 and 768 pixels.
import type { Locator, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { esperarCorreo } from '../support/servidor.ts'

const portal = prepararPortal({ throttle: 'off' })

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

/** Waits until the query cache kept on the device (IndexedDB) holds every one of `textos`. */
async function cacheGuardada(page: Page, textos: string[]) {
  await page.waitForFunction(
    async (buscados) => {
      const db = await new Promise<IDBDatabase>((ok, mal) => {
        const apertura = indexedDB.open('portal-cache')
        apertura.onsuccess = () => ok(apertura.result)
        apertura.onerror = () => mal(apertura.error)
      })
      try {
        const guardado = await new Promise<unknown>((ok, mal) => {
          const lectura = db.transaction('consultas').objectStore('consultas').get('cliente')
          lectura.onsuccess = () => ok(lectura.result)
          lectura.onerror = () => mal(lectura.error)
        })
        const texto = JSON.stringify(guardado ?? null)
        return buscados.every((t) => texto.includes(t))
      } finally {
        db.close()
      }
    },
    textos,
    { polling: 250 },
  )
}

function documentoDelDialogo(dialogo: ReturnType<Page['getByRole']>, nombre: string) {
  return dialogo.getByRole('listitem').filter({ has: dialogo.page().getByRole('heading', { name: nombre }) })
}

test('the queue and the review view have no serious accessibility findings at 1280 and 768 pixels', async () => {
  const { page, context } = await abrirCola(DEMO_PERSONAL.admin)
  for (const ancho of [ANCHO_ESCRITORIO, 768]) {
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
    // Nothing scrolls sideways at the narrowest width the staff's screens support.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho)

    await page.goto(`${portal.url}/admin/documentos/personal/alumno-estudiante`)
    await page.getByText('Aún no hay archivos subidos.').waitFor()
    expect(await hallazgosGraves(page), `revisión sin archivos ${ancho}`).toEqual([])
  }
  await context.close()
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
  await page.getByRole('status').getByText(`Se rechazó «${HEPATITIS}».`).waitFor()
  await page.getByRole('listitem').filter({ hasText: HEPATITIS }).getByText('Rechazado: Documento ilegible').waitFor()
  expect((await esperarCorreo(portal.server.dataDir, ESTUDIANTE)).text).toContain(
    `«${HEPATITIS}» por este motivo: «Documento ilegible»`,
  )

  const alumno = await abrirDocumentosDelEstudiante('INS-26-40018')
  await alumno.fila.getByText('1 rechazado · 1 en revisión').waitFor()
  await alumno.fila.getByRole('button', { name: /documentos subidos de la solicitud INS-26-40018/ }).click()
  const hepatitis = documentoDelDialogo(alumno.dialogo, HEPATITIS)
  await hepatitis.getByText('Estado: Rechazado: Documento ilegible').waitFor()
  await documentoDelDialogo(alumno.dialogo, 'Carta de Intención').getByText('Estado: En revisión').waitFor()

  // Offline, from what the phone kept: the same state on the row and in the dialog.
  await esperarServiceWorker(alumno.page)
  await cacheGuardada(alumno.page, ['Documento ilegible', '"rechazados":1'])
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
