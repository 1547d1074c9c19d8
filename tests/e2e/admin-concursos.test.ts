// Contests and job offers run by the school, in a desk-sized browser: coordination creates a
// contest (a refused period first), publishes it (focus then on the row's new 'Cerrar', the
// notice clear of the rows' buttons), a student finds it among the open contests, the school
// closes it and the student finds it closed; a contest whose period ended offers no 'Cerrar'; the
// contest's page lists its applications and gives the applicants' link, copied with a button.
// Job offers: the home tile shown from the screen reaches the student's home at once, and a new
// offer the student's list. Every new screen and dialog passes axe at 1280 and 768 pixels.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { CONCURSOS_DEMO } from '../../server/db/seed/concursos-ofertas.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { fechaEnChile, sumarDias } from '../../src/domain/fechas.ts'
import { MENSAJE_PERIODO_CONCURSO } from '../../src/domain/gestion-concursos.ts'
import { problemasDeRedaccion } from '../../src/domain/redaccion.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'

const portal = prepararPortal({ throttle: 'off' })
const hoy = fechaEnChile(new Date())

async function irA(page: Page, seccion: string, titulo: string) {
  await page.getByRole('navigation', { name: 'Secciones de la escuela' }).getByRole('link', { name: seccion }).click()
  await page.getByRole('heading', { name: titulo, level: 1 }).waitFor()
}

/** The titles of the contests in one of the student's list sections. */
/**
 * The contests' headings in one section of the student's list, as a student opening the app now
 * sees them: a new browser each time, since the list a page saw earlier is kept (persisted, fresh
 * for 30 s) and would be shown again instead of what the school has just changed.
 */
async function concursosDelEstudiante(seccion: string, despues?: (page: Page) => Promise<void>): Promise<string[]> {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  try {
    const titulos = await seccionDelListado(page, seccion)
    await despues?.(page)
    return titulos
  } finally {
    await context.close()
  }
}

async function seccionDelListado(page: Page, seccion: string): Promise<string[]> {
  await page.goto(`${portal.url}/concurso/listado`)
  await page.getByRole('heading', { name: 'Concursos', level: 1 }).waitFor()
  await page.getByRole('region', { name: 'Postulaciones abiertas' }).getByRole('article').first().waitFor()
  const region = page.getByRole('region', { name: seccion })
  if ((await region.count()) === 0) return []
  return region.getByRole('heading', { level: 3 }).allTextContents()
}

test('coordination creates a contest and publishes it (focus on the row’s new «Cerrar», the notice clear of the buttons), a student sees it open, the school closes it and the student sees it closed', async () => {
  const escuela = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  const page = escuela.page
  await page.goto(`${portal.url}/admin/home`)
  await irA(page, 'Concursos', 'Concursos')
  await page
    .getByRole('table', { name: 'Concursos' })
    .getByRole('link', { name: 'Medicina Interna', exact: true })
    .waitFor()

  await page.getByRole('button', { name: 'Nuevo concurso' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Nuevo concurso' })
  await dialogo.getByLabel('Especialidad').fill('Neurología')
  await dialogo.getByLabel('Sede u hospital').fill('Instituto de Neurocirugía Asenjo')
  await dialogo.getByLabel('Ciudad').fill('Santiago')
  await dialogo.getByLabel('Vacantes').fill('2')
  await dialogo.getByLabel('Derecho de postulación (pesos)').fill('90.000')
  await dialogo.getByLabel('Inicio de la postulación').fill(sumarDias(hoy, -1))
  // A period that ends before it starts is refused under its field, and nothing is created.
  await dialogo.getByLabel('Cierre de la postulación').fill(sumarDias(hoy, -3))
  await dialogo.getByLabel('Descripción del programa').fill('Programa de formación de especialistas en Neurología.')
  await dialogo.getByLabel('Requisitos').fill('Título de Médico Cirujano.\nEUNACOM aprobado.')
  await dialogo.getByLabel('Calendario').fill(`${sumarDias(hoy, 40).split('-').reverse().join('-')} Entrevistas`)
  await dialogo.getByRole('checkbox', { name: 'Carta de Intención' }).check()
  await dialogo.getByRole('button', { name: 'Crear concurso' }).click()
  await dialogo.getByText(MENSAJE_PERIODO_CONCURSO).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByLabel('Cierre de la postulación').fill(sumarDias(hoy, 30))
  await dialogo.getByRole('button', { name: 'Crear concurso' }).click()
  await dialogo.waitFor({ state: 'detached' })

  const fila = page.getByRole('table', { name: 'Concursos' }).getByRole('row').filter({ hasText: 'Neurología' })
  await fila.getByText('Borrador (no visible para los estudiantes)').waitFor()
  expect(await hallazgosGraves(page)).toEqual([])

  // A draft is not on the student's list.
  expect(await concursosDelEstudiante('Postulaciones abiertas')).not.toContain('Neurología')

  await fila.getByRole('button', { name: 'Publicar el concurso de Neurología' }).click()
  const publicar = page.getByRole('dialog', { name: 'Publicar el concurso' })
  expect(await hallazgosGraves(page)).toEqual([])
  await publicar.getByRole('button', { name: 'Publicar el concurso' }).click()
  await publicar.waitFor({ state: 'detached' })
  await fila.getByText('Publicado: postulación abierta').waitFor()
  // Focus is where 'Publicar' stood: on the row's new 'Cerrar', not lost on the page.
  const cerrarFila = fila.getByRole('button', { name: 'Cerrar el concurso de Neurología' })
  await expect.poll(() => cerrarFila.evaluate((b) => b === document.activeElement)).toBe(true)
  // The notice that it is published covers none of the list's buttons.
  const aviso = page
    .getByRole('region', { name: 'Notificaciones' })
    .getByText('El concurso de Neurología está publicado.')
  const caja = (await aviso.boundingBox())!
  for (const boton of await page.getByRole('table', { name: 'Concursos' }).getByRole('button').all()) {
    const b = (await boton.boundingBox())!
    const cruza =
      b.x < caja.x + caja.width && caja.x < b.x + b.width && b.y < caja.y + caja.height && caja.y < b.y + b.height
    expect(cruza, await boton.innerText()).toBe(false)
  }

  const abiertos = await concursosDelEstudiante('Postulaciones abiertas', (alumno) =>
    alumno.getByRole('article', { name: 'Neurología' }).getByText('$90.000').waitFor(),
  )
  expect(abiertos).toContain('Neurología')

  await cerrarFila.click()
  const cerrar = page.getByRole('dialog', { name: 'Cerrar el concurso' })
  await cerrar.getByRole('button', { name: 'Cerrar el concurso' }).click()
  await cerrar.waitFor({ state: 'detached' })
  await fila.getByText('Cerrado por la escuela').waitFor()
  // Closed by the school: it can be published again, and offers no 'Cerrar'.
  await fila.getByRole('button', { name: 'Volver a publicar el concurso de Neurología' }).waitFor()
  expect(await fila.getByRole('button', { name: /^Cerrar/ }).count()).toBe(0)

  expect(await concursosDelEstudiante('Postulaciones abiertas')).not.toContain('Neurología')
  expect(await concursosDelEstudiante('Concursos cerrados')).toContain('Neurología')
  await escuela.context.close()
})

test('a contest whose application period ended offers no «Cerrar»; one published and open does', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  await page.goto(`${portal.url}/admin/concursos`)
  const tabla = page.getByRole('table', { name: 'Concursos' })
  const terminado = tabla
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Cirugía General', exact: true }) })
  await terminado.getByText('Publicado: postulación cerrada').waitFor()
  expect(await terminado.getByRole('button', { name: /^Cerrar/ }).count()).toBe(0)
  expect(await terminado.getByRole('button', { name: /^Publicar|^Abrir/ }).count()).toBe(0)
  const abierto = tabla
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Medicina Interna', exact: true }) })
  await abierto.getByRole('button', { name: 'Cerrar el concurso de Medicina Interna' }).waitFor()
  await page.goto(`${portal.url}/admin/concursos/${CONCURSOS_DEMO.cerrado}`)
  await page.getByRole('heading', { name: 'Concurso de Cirugía General', level: 1 }).waitFor()
  expect(await page.getByRole('button', { name: /^Cerrar/ }).count()).toBe(0)
  await context.close()
})

test('a contest’s page lists its applications with their payment and documents, and offers the spreadsheet', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  await page.goto(`${portal.url}/admin/concursos/${CONCURSOS_DEMO.pagado}`)
  await page.getByRole('heading', { name: 'Concurso de Anestesiología', level: 1 }).waitFor()
  const tabla = page.getByRole('table', { name: 'Postulaciones al concurso de Anestesiología' })
  await tabla.getByText(/^Pagado el \d\d-\d\d-\d{4} \d\d:\d\d$/).waitFor()
  const planilla = page.getByRole('link', { name: 'Descargar planilla de postulantes' })
  const descarga = await page.request.get(`${portal.url}${await planilla.getAttribute('href')}`)
  expect(descarga.status()).toBe(200)
  expect(descarga.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  expect(await hallazgosGraves(page)).toEqual([])
  // The link to share with applicants, and its copy button.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url })
  const enlace = `${portal.url}/?concurso=${CONCURSOS_DEMO.pagado}`
  expect(await page.getByLabel('Enlace del concurso').inputValue()).toBe(enlace)
  await page.getByRole('button', { name: 'Copiar enlace' }).click()
  await page.getByRole('status').getByText('Enlace copiado al portapapeles.').waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(enlace)
  expect(problemasDeRedaccion(await page.locator('main').innerText())).toEqual([])
  await page.getByRole('button', { name: 'Editar concurso' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Editar concurso de Anestesiología' })
  expect(await dialogo.getByLabel('Vacantes').inputValue()).not.toBe('')
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByRole('button', { name: 'Cancelar' }).click()
  // Closed, the dialog gives focus back to the button that opened it.
  await expect
    .poll(() => page.getByRole('button', { name: 'Editar concurso' }).evaluate((b) => b === document.activeElement))
    .toBe(true)
  await context.close()
})

test('job offers: the home tile shown from the screen reaches the student at once, and a new offer their list', async () => {
  const escuela = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  const page = escuela.page
  await page.goto(`${portal.url}/admin/home`)

  // The student's home before: no tile (the environment's default).
  const alumno = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await alumno.page.goto(`${portal.url}/home`)
  await alumno.page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  const accesos = alumno.page.getByRole('navigation', { name: 'Accesos directos' })
  await accesos.getByRole('link', { name: 'Concursos' }).waitFor()
  expect(await accesos.getByRole('link', { name: 'Ofertas Laborales' }).count()).toBe(0)

  await irA(page, 'Ofertas laborales', 'Ofertas laborales')
  await page.getByText(/Valor por omisión del servidor/).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await page.getByRole('button', { name: 'Mostrar el mosaico' }).click()
  await page.getByRole('button', { name: 'Ocultar el mosaico' }).waitFor()
  await page.getByText(/^Cambiado aquí el /).waitFor()

  await page.getByRole('button', { name: 'Nueva oferta' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Nueva oferta laboral' })
  await dialogo.getByLabel('Cargo').fill('Neurólogo(a) de turno')
  await dialogo.getByLabel('Institución').fill('Hospital de Puerto Montt')
  await dialogo.getByLabel('Ciudad').fill('Puerto Montt')
  await dialogo.getByLabel('Descripción').fill('Turnos de 24 horas en la unidad de urgencia.')
  await dialogo.getByLabel('Se publica el').fill(hoy)
  await dialogo.getByLabel('Se muestra hasta el').fill(sumarDias(hoy, 15))
  await dialogo.getByLabel('Nombre del contacto').fill('Oficina de Personal')
  await dialogo.getByLabel('Correo del contacto').fill('personal@hpm-demo.cl')
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByRole('button', { name: 'Publicar oferta' }).click()
  await dialogo.waitFor({ state: 'detached' })
  await page
    .getByRole('table', { name: 'Ofertas laborales' })
    .getByRole('cell', { name: /^Neurólogo\(a\) de turno/ })
    .waitFor()

  // The student's home shows the tile on the next visit, and the list the new offer.
  await alumno.page.goto(`${portal.url}/home`)
  await accesos.getByRole('link', { name: 'Ofertas Laborales' }).click()
  await alumno.page.getByText('Neurólogo(a) de turno').waitFor()
  await alumno.context.close()
  await escuela.context.close()
})

test('the contests and job offers screens have no serious accessibility findings on a tablet (768 pixels)', async () => {
  const { page, context } = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.admin })
  const sinDesborde = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  await page.goto(`${portal.url}/admin/home`)
  await irA(page, 'Concursos', 'Concursos')
  await page
    .getByRole('table', { name: 'Concursos' })
    .getByRole('link', { name: 'Medicina Interna', exact: true })
    .waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await page.goto(`${portal.url}/admin/concursos/${CONCURSOS_DEMO.pagado}`)
  await page.getByRole('heading', { name: 'Concurso de Anestesiología', level: 1 }).waitFor()
  await page.getByRole('button', { name: 'Copiar enlace' }).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  expect(await sinDesborde()).toBe(0)
  expect(problemasDeRedaccion(await page.locator('main').innerText())).toEqual([])
  await irA(page, 'Ofertas laborales', 'Ofertas laborales')
  await page.getByRole('table', { name: 'Ofertas laborales' }).getByRole('row').nth(1).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await context.close()
})
