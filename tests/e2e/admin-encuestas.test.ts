// The survey results in a desk-sized browser: coordination chooses a program and a year, reads
// how many answered, each question's chart (its counts in its name and in its table, a small
// sensitive count as '< 5') and downloads the spreadsheet, read back here row by row; an
// assistant sees no sensitive question.
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { beforeAll, expect, test } from 'vitest'
import { DEMO_CUENTAS } from '../../server/db/seed/demo.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { encuestaCompleta } from '../support/encuesta.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'
import { consultarDb, iniciarSesion } from '../support/servidor.ts'

const portal = prepararPortal({ throttle: 'off' })

/** A program of this file's own: six enrolments of the foreign student in 2026, all answered. */
const PROGRAMA = { curso: 'CTEN', nombre: 'Curso Taller de Encuestas Clínicas' }
const INSCRIPCIONES = Array.from({ length: 6 }, (_, i) => `INS-96-0000${i + 1}`)

beforeAll(async () => {
  await consultarDb(
    portal.server.dataDir,
    `insert into solicitudes (codigo_inscripcion, alumno_id, asistente_id, fecha_inicio, anio_curso, nombre_curso,
      curso, tipo_curso, cod_grupo, habilita_tb, cod_prospecto, horas, fecha_termino, arancel)
     values ${INSCRIPCIONES.map(() => `(?, 'alumno-extranjera', 'asistente-herrera', '2026-04-06', 2026, ?, ?, 'Curso', '1', 0, ?, 20, null, 0)`).join(', ')}`,
    ...INSCRIPCIONES.flatMap((codigo) => [codigo, PROGRAMA.nombre, PROGRAMA.curso, codigo.replace('INS', 'PRO')]),
  )
  // Sent through the student's own endpoint: five heard of the program in the press, one on social
  // networks; one has a disability.
  const alumna = await iniciarSesion(portal.url, DEMO_CUENTAS.extranjera)
  for (const [i, codigo] of INSCRIPCIONES.entries()) {
    const encuesta =
      i === 0
        ? encuestaCompleta({
            como_seentera: 'Redes Sociales',
            poseeDiscapacidad: 'Si',
            tipoDiscapacidad: 'Física o motora',
            adecuacion: 'Ascensores o rampas para silla de ruedas',
            inscritoRND: 'Si',
          })
        : encuestaCompleta({ como_seentera: 'Prensa' })
    const res = await alumna.post(`/api/solicitudes/${codigo}/encuesta`, encuesta)
    expect(res.status, await res.clone().text()).toBe(201)
  }
})

test('coordination reads the charts of a program and a year, and downloads the spreadsheet', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  await page.goto(`${portal.url}/admin/home`)
  await page
    .getByRole('navigation', { name: 'Secciones de la escuela' })
    .getByRole('link', { name: 'Encuestas' })
    .click()
  await page.getByRole('heading', { name: 'Resultados de la encuesta general', level: 1 }).waitFor()

  await page.getByLabel('Programa', { exact: true }).selectOption({ label: `${PROGRAMA.nombre} (${PROGRAMA.curso})` })
  await page.waitForURL(/programa=CTEN/)
  await page.getByLabel('Año de la solicitud').selectOption('2026')
  await page.waitForURL(/anio=2026/)
  await page.getByRole('status').filter({ hasText: 'Respondieron 6 de 6 solicitudes (100 %)' }).waitFor()

  // A question's chart says its counts, and its table says the same.
  const como = page.getByRole('article', { name: '¿Cómo se enteró del programa?' })
  await como.getByRole('img', { name: /Prensa: 5; Redes Sociales: 1/ }).waitFor()
  // The chart itself is drawn once its library has loaded.
  await como.locator('svg').first().waitFor()
  await como.getByText('Ver los datos en una tabla').click()
  const filaPrensa = como.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Prensa' }) })
  expect(await filaPrensa.getByRole('cell').textContent()).toBe('5')

  // A sensitive answer given by fewer than 5 is '< 5', in the chart and in its table.
  const discapacidad = page.getByRole('article', { name: '¿Posee alguna discapacidad?' })
  await discapacidad.getByRole('img', { name: /Sí: < 5; No: ≥ 5/ }).waitFor()
  await discapacidad.getByText('Ver los datos en una tabla').click()
  const filaSi = discapacidad.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Sí' }) })
  expect(await filaSi.getByRole('cell').textContent()).toBe('< 5')

  // The ranked reasons: each priority's bar.
  await page
    .getByRole('article', { name: /^Razones para cursar el programa/ })
    .getByRole('img', { name: /Actualizar conocimientos: 1ª prioridad 6, 2ª prioridad 0, 3ª prioridad 0/ })
    .waitFor()

  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar planilla Excel' }).click(),
  ])
  expect(descarga.suggestedFilename()).toBe('encuestas-CTEN-2026.xlsx')
  const libro = new ExcelJS.Workbook()
  // Read as a stream: the browser is reached remotely, so its download has no local path.
  await libro.xlsx.read(await descarga.createReadStream())
  const hoja = libro.getWorksheet('Encuestas')!
  expect(hoja.rowCount).toBe(1 + INSCRIPCIONES.length)
  const titulos = (hoja.getRow(1).values as unknown[]).map(String)
  const celda = (fila: number, titulo: string) => hoja.getRow(fila).getCell(titulos.indexOf(titulo))
  const fila = [...Array(hoja.rowCount).keys()]
    .map((i) => i + 1)
    .find((n) => celda(n, 'Código de inscripción').value === INSCRIPCIONES[0])!
  expect(celda(fila, 'Apellidos').value).toBe('García Pérez')
  expect(celda(fila, 'Programa').value).toBe(PROGRAMA.nombre)
  expect(celda(fila, 'Año').value).toBe(2026)
  expect(celda(fila, 'Fecha de envío').value).toBeInstanceOf(Date)
  expect(celda(fila, '¿Cómo se enteró del programa?').value).toBe('Redes Sociales')
  expect(celda(fila, 'Tipo de discapacidad').value).toBe('Física o motora')
  await context.close()

  const [exportacion] = await consultarDb<{ actor_id: string }>(
    portal.server.dataDir,
    "select actor_id from auditoria where accion = 'encuestas.exportar'",
  )
  expect(exportacion?.actor_id).toBe('personal-coordinacion')
})

test('an assistant reads the results on a tablet without any sensitive question', async () => {
  const { page, context } = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.herrera })
  await page.goto(`${portal.url}/admin/encuestas?programa=${PROGRAMA.curso}&anio=2026`)
  await page
    .getByRole('article', { name: '¿Cómo se enteró del programa?' })
    .getByRole('img', { name: /Prensa: 5/ })
    .waitFor()
  expect(await page.getByRole('heading', { name: 'Discapacidad' }).count()).toBe(0)
  expect(await page.getByRole('article', { name: '¿Posee alguna discapacidad?' }).count()).toBe(0)
  await page.getByText(/datos sensibles que su rol no muestra/).waitFor()
  // Nothing wider than the tablet's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768)
  await context.close()
})

test('the chart library is downloaded by the survey results screen only: not by the student’s first screen, the staff’s home, nor the precache', async () => {
  // Signed in as staff already: the student's first screen is /login whoever holds the browser.
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  const scripts: string[] = []
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url())
  })
  const graficos = () => scripts.filter((u) => u.includes('/assets/graficos-'))
  await page.goto(`${portal.url}/login`)
  await page.getByRole('button', { name: 'Ingresar' }).waitFor()
  expect(graficos()).toEqual([])
  await page.goto(`${portal.url}/admin/home`)
  await page.getByRole('heading', { name: /^Hola/ }).waitFor()
  expect(graficos()).toEqual([])
  await page
    .getByRole('navigation', { name: 'Secciones de la escuela' })
    .getByRole('link', { name: 'Encuestas' })
    .click()
  await page.getByRole('article', { name: '¿Cómo se enteró del programa?' }).locator('svg').first().waitFor()
  expect(graficos()).toHaveLength(1)
  expect(readFileSync('dist/sw.js', 'utf8')).not.toContain('graficos-')
  await context.close()
})
