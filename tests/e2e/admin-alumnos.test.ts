// Students and the audit log from the school's side, in a desk-sized browser: a staff member finds
// the demo student by her RUT typed with dots and opens her page (history included); an assistant
// does not find a student outside their scope; an admin searches the whole log by staff member,
// action and date; and the three screens have no serious accessibility findings at 1280 and 768
// pixels.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'
import { consultarDb } from '../support/servidor.ts'

const portal = prepararPortal({ throttle: 'off' })

async function buscar(page: Page, texto: string) {
  await page.getByLabel('Buscar alumno').fill(texto)
  await page.getByRole('button', { name: 'Buscar' }).click()
}

test('a staff member finds the demo student by her RUT typed with dots and opens her page, history included', async () => {
  await consultarDb(
    portal.server.dataDir,
    `insert into auditoria (id, en, actor_tipo, actor_id, actor_nombre, actor_rol, accion, entidad, entidad_id, alumno_id, antes, despues, ip)
     values ('e2e-1', '2026-03-20T14:00:00.000Z', 'personal', 'personal-herrera', 'Francisca Herrera Méndez', 'asistente',
             'documento.rechazar', 'archivo_solicitud', 'archivo-40018-42', 'alumno-estudiante', ?, ?, '127.0.0.1')`,
    JSON.stringify({ estado: 'en-revision' }),
    JSON.stringify({ estado: 'rechazado', motivo: 'Documento ilegible' }),
  )
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  await page.goto(`${portal.url}/admin/home`)
  await page.getByRole('navigation', { name: 'Secciones de la escuela' }).getByRole('link', { name: 'Alumnos' }).click()
  await page.getByRole('heading', { name: 'Alumnos', level: 1 }).waitFor()
  // With nothing searched, every student, by surname.
  await page.getByRole('table', { name: 'Todos los alumnos' }).waitFor()

  await buscar(page, '16.789.432-1')
  await page.waitForURL(/\/admin\/alumnos\?q=16\.789\.432-1$/)
  const resultados = page.getByRole('table', { name: 'Alumnos que coinciden con «16.789.432-1»' })
  await resultados.waitFor()
  await page.getByRole('status').getByText('1 alumno para «16.789.432-1».').waitFor()
  expect(await resultados.getByRole('row').count()).toBe(2)
  await resultados.getByRole('cell', { name: 'RUT 16.789.432-1' }).waitFor()
  await resultados.getByRole('link', { name: 'Rojas Soto, Camila Andrea' }).click()

  await page.waitForURL(`${portal.url}/admin/alumnos/alumno-estudiante`)
  await page.getByRole('heading', { name: 'Camila Andrea Rojas Soto', level: 1 }).waitFor()
  await page.getByText('RUT 16.789.432-1 · estudiante@demo.cl · Código AL20180457').waitFor()
  await page.getByRole('heading', { name: 'Datos personales' }).waitFor()
  await page.getByRole('heading', { name: 'Solicitudes (10)' }).waitFor()
  const resumen = page.getByRole('table', { name: 'Resumen de las solicitudes' })
  expect(await resumen.getByRole('row').count()).toBe(11)
  // One enrolment in detail: its documents under review, its paper, its installments.
  const actual = page.getByRole('region', { name: /^Solicitud INS-26-40018/ })
  const documentos = actual.getByRole('table', { name: 'Documentos de la solicitud INS-26-40018' })
  await documentos.getByRole('row', { name: /Carta de Intención.*En revisión/ }).waitFor()
  await documentos.getByRole('row', { name: /Seguro de Salud.*Sin subir/ }).waitFor()
  const cuotas = actual.getByRole('table', { name: 'Cuotas de la solicitud INS-26-40018' })
  await cuotas.getByRole('row', { name: /1 \$450\.000 .* Pagada/ }).waitFor()
  await cuotas.getByRole('row', { name: /Vencida/ }).waitFor()
  // The most recent enrolment is open; the others open from their button, or from the summary.
  const abrir = page.getByRole('button', { name: /^Solicitud INS-24-20117/ })
  expect(await abrir.getAttribute('aria-expanded')).toBe('false')
  await resumen.getByRole('link', { name: 'INS-24-20117' }).click()
  expect(await abrir.getAttribute('aria-expanded')).toBe('true')
  const terminada = page.getByRole('region', { name: /^Solicitud INS-24-20117/ })
  await terminada
    .getByRole('table', { name: 'Documentos emitidos de la solicitud INS-24-20117' })
    .getByRole('row', { name: /Certificado Programa.*Vigente/ })
    .waitFor()
  // The history, at the end.
  const historial = page.getByRole('table', { name: /^Acciones del personal sobre este alumno/ })
  await historial.getByRole('row', { name: /20-03-2026 11:00 Francisca Herrera Méndez/ }).waitFor()
  await historial.getByText(/estado: en-revision\s+→\s+pasó a\s+rechazado/).waitFor()
  await historial.getByText(/motivo: —\s+→\s+pasó a\s+Documento ilegible/).waitFor()

  // Back (past the summary's jump to the enrolment) to the search, which kept what was asked.
  await page.goBack()
  await page.waitForURL(`${portal.url}/admin/alumnos/alumno-estudiante`)
  await page.goBack()
  await page.waitForURL(/\?q=16\.789\.432-1$/)
  expect(await page.getByLabel('Buscar alumno').inputValue()).toBe('16.789.432-1')
  await context.close()
})

test('an assistant does not find a student outside their scope, nor open her page, nor see the log', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.munoz })
  await page.goto(`${portal.url}/admin/home`)
  const nav = page.getByRole('navigation', { name: 'Secciones de la escuela' })
  expect(await nav.getByRole('link', { name: 'Auditoría' }).count()).toBe(0)
  await nav.getByRole('link', { name: 'Alumnos' }).click()
  // His only student is the one who holds his enrolment.
  const todos = page.getByRole('table', { name: 'Todos los alumnos' })
  await todos.getByRole('link', { name: 'Rojas Soto, Camila Andrea' }).waitFor()
  expect(await todos.getByRole('row').count()).toBe(2)

  for (const texto of ['AAF482913', 'García']) {
    await buscar(page, texto)
    await page.getByRole('status').getByText(`No encontramos alumnos que coincidan con «${texto}»`).waitFor()
    await page
      .getByRole('table', { name: `Alumnos que coinciden con «${texto}»` })
      .getByRole('cell', { name: `No encontramos alumnos que coincidan con «${texto}»` })
      .waitFor()
  }
  await page.goto(`${portal.url}/admin/alumnos/alumno-extranjera`)
  await page.getByRole('heading', { name: 'Alumno no encontrado' }).waitFor()
  await page.goto(`${portal.url}/admin/auditoria`)
  await page.getByRole('alert').getByText('Su rol no permite esta acción.').waitFor()
  await context.close()
})

test('an admin searches the whole log by staff member, action and date', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/home`)
  await page
    .getByRole('navigation', { name: 'Secciones de la escuela' })
    .getByRole('link', { name: 'Auditoría' })
    .click()
  await page.getByRole('heading', { name: 'Auditoría', level: 1 }).waitFor()
  const tabla = page.getByRole('table', { name: /^Acciones del personal/ })
  await tabla
    .getByRole('row', { name: /Carolina Vidal Rojas .*Ingreso al área de la escuela/ })
    .first()
    .waitFor()

  const hoy = fechaEnChile(new Date())
  await page.getByLabel('Miembro del personal').selectOption({ label: 'Rodrigo Fuentes Lagos' })
  await page.getByLabel('Acción').selectOption({ label: 'Ingreso al área de la escuela' })
  await page.getByLabel('Desde').fill(hoy)
  await page.getByLabel('Hasta').fill(hoy)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.waitForURL(/personal=personal-coordinacion/)
  await page.getByRole('status').getByText('1 acción registrada.').waitFor()
  await tabla
    .getByRole('row', { name: /Rodrigo Fuentes Lagos.*Coordinación académica.*Ingreso al área de la escuela/ })
    .waitFor()
  expect(await tabla.getByRole('row').count()).toBe(2)

  // A day with nothing in it.
  await page.getByLabel('Desde').fill('2020-01-01')
  await page.getByLabel('Hasta').fill('2020-01-01')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.getByRole('status').getByText('No hay acciones registradas que coincidan con los filtros.').waitFor()
  // A range that ends before it starts is not sent.
  await page.getByLabel('Desde').fill('2020-01-02')
  await page.getByText('La fecha inicial no puede ser posterior a la fecha final.').waitFor()

  await page.getByRole('button', { name: 'Limpiar filtros' }).click()
  await page.waitForURL(`${portal.url}/admin/auditoria`)
  expect(await page.getByLabel('Miembro del personal').inputValue()).toBe('')
  await context.close()
})

test('the students’ search, a student’s page and the log have no serious accessibility findings, at 1280 and 768 pixels', async () => {
  for (const ancho of [ANCHO_ESCRITORIO, 768]) {
    const { page, context } = await portal.newPage({ ancho, personal: DEMO_PERSONAL.admin })
    await page.goto(`${portal.url}/admin/alumnos?q=rojas`)
    await page.getByRole('table', { name: 'Alumnos que coinciden con «rojas»' }).getByRole('link').first().waitFor()
    expect(await hallazgosGraves(page), `búsqueda, ${ancho} px`).toEqual([])
    await page.goto(`${portal.url}/admin/alumnos?q=zzzz`)
    await page.getByRole('status').getByText('No encontramos alumnos que coincidan con «zzzz»').waitFor()
    expect(await hallazgosGraves(page), `búsqueda sin resultados, ${ancho} px`).toEqual([])
    await page.goto(`${portal.url}/admin/alumnos/alumno-estudiante`)
    await page.getByRole('table', { name: /^Acciones del personal sobre este alumno/ }).waitFor()
    expect(await hallazgosGraves(page), `ficha, ${ancho} px`).toEqual([])
    await page.goto(`${portal.url}/admin/auditoria`)
    await page
      .getByRole('table', { name: /^Acciones del personal/ })
      .getByRole('row')
      .nth(1)
      .waitFor()
    expect(await hallazgosGraves(page), `auditoría, ${ancho} px`).toEqual([])
    // Usable at 768: nothing wider than the window but the tables, which scroll in their box.
    const desbordan = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter(
          (el) =>
            !el.closest('.admin-tabla') && el.getBoundingClientRect().right > document.documentElement.clientWidth,
        )
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    )
    expect(desbordan, `auditoría, ${ancho} px`).toEqual([])
    await context.close()
  }
})
