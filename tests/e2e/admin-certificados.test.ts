// The school's certificates in a desk-sized browser: coordination issues a certificate of an
// enrolment that still lacks things (a confirmation that names them; cancelled once, then
// confirmed) and the public validator accepts its code, then revokes it (a confirmation that names
// it and its holder, and a reason) and the validator says it was revoked, with the date; the focus
// comes back to the row's button, or to the list's count when the row left the list; a whole
// program is issued one enrolment at a time with a progress bar, a failure listed with its reason
// (an enrolment that lacks something is not issued there) and then resumed; an assistant sees no
// certificate section, count or action; the screens and dialogs pass axe at 1280 and 768.
import type { Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { fechaEnChile, fechaLarga, sumarDias } from '../../src/domain/fechas.ts'
import { mensajeFaltantesSinConfirmar, mensajeProgramaNoTerminado } from '../../src/domain/gestion-certificados.ts'
import { fechaCorta } from '../../src/domain/solicitudes.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'
import { consultarDb } from '../support/servidor.ts'

const portal = prepararPortal({ throttle: 'off' })
const hoy = fechaEnChile(new Date())
const manana = sumarDias(hoy, 1)

/**
 * A program of this file's own, five enrolments of the foreign student, ended yesterday: derived
 * courses that ask nothing, but the last one, a course that still lacks its survey, regulations
 * and documents.
 */
const PROGRAMA = { curso: 'CTLE', nombre: 'Curso Taller de Lectura de Electrocardiogramas' }
const INSCRIPCIONES = ['INS-98-00001', 'INS-98-00002', 'INS-98-00003', 'INS-98-00004', 'INS-98-00005']
const CON_PENDIENTES = 'INS-98-00005'
/** Another, of three, to stop and continue. */
const OTRO_PROGRAMA = { curso: 'CTDE', nombre: 'Curso Taller de Dermatoscopía' }
const OTRAS_INSCRIPCIONES = ['INS-98-00011', 'INS-98-00012', 'INS-98-00013']

beforeAll(async () => {
  const inscripciones = [
    ...INSCRIPCIONES.map((codigo) => ({ codigo, programa: PROGRAMA })),
    ...OTRAS_INSCRIPCIONES.map((codigo) => ({ codigo, programa: OTRO_PROGRAMA })),
  ]
  await consultarDb(
    portal.server.dataDir,
    `insert into solicitudes (codigo_inscripcion, alumno_id, asistente_id, fecha_inicio, anio_curso, nombre_curso,
      curso, tipo_curso, cod_grupo, habilita_tb, cod_prospecto, horas, fecha_termino, arancel)
     values ${inscripciones.map(() => `(?, 'alumno-extranjera', 'asistente-herrera', ?, 2026, ?, ?, ?, ?, 0, ?, 12, ?, 0)`).join(', ')}`,
    ...inscripciones.flatMap(({ codigo, programa }) => [
      codigo,
      sumarDias(hoy, -20),
      programa.nombre,
      programa.curso,
      codigo === CON_PENDIENTES ? 'Curso' : 'Derivada',
      codigo === CON_PENDIENTES ? '5' : '85',
      codigo.replace('INS', 'PRO'),
      sumarDias(hoy, -1),
    ]),
  )
})

/** The element that has the focus, as a screen reader announces it: its role and accessible name. */
const enfocado = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return el ? `${el.tagName.toLowerCase()}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}` : ''
  })

const fila = (page: Page, codigoInscripcion: string) =>
  page
    .getByRole('table', { name: 'Solicitudes con programa terminado' })
    .getByRole('row')
    .filter({ hasText: codigoInscripcion })

const resultadoValidacion = (page: Page) => page.getByRole('status', { name: 'Resultado de la validación' })

test('coordination issues a certificate and the validator accepts it; then revokes it with a reason and the validator says it was revoked, with the date', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  await page.goto(`${portal.url}/admin/home`)
  // The home counts what is due and links to it, filtered.
  await page.getByRole('link', { name: /Certificados por emitir/ }).click()
  await page.waitForURL(`${portal.url}/admin/certificados?estado=por-emitir`)
  expect(await page.getByLabel('Estado del certificado').inputValue()).toBe('por-emitir')

  await page
    .getByLabel('Programa', { exact: true })
    .selectOption({ label: 'Estadía Clínica en Cardiología Intervencional (1 por emitir de 1)' })
  await page.waitForURL(/programa=ECCI/)
  await fila(page, 'INS-25-30145').getByText('Sin emitir').waitFor()
  // The row says what the enrolment still lacks; issuing it asks first, naming all of it.
  const aunTiene = (
    await fila(page, 'INS-25-30145')
      .getByText(/^Aún tiene: /)
      .innerText()
  ).trim()
  expect(aunTiene).toMatch(/reglamento sin firmar/)
  const faltantes = aunTiene
    .replace(/^Aún tiene: /, '')
    .replace(/\.$/, '')
    .split(', ')
  const emitir = fila(page, 'INS-25-30145').getByRole('button', {
    name: 'Emitir certificado de Camila Andrea Rojas Soto (INS-25-30145)',
  })
  await emitir.click()
  const confirmacion = page.getByRole('dialog', { name: 'Emitir certificado con pendientes' })
  await confirmacion
    .getByText(`Esta inscripción aún tiene: ${faltantes.join(', ')}. ¿Emitir de todos modos?`, { exact: true })
    .waitFor()
  await confirmacion
    .getByText(/Camila Andrea Rojas Soto, programa «Estadía Clínica en Cardiología Intervencional»/)
    .waitFor()
  // Cancelled: nothing issued, the focus back on the row's button.
  await confirmacion.getByRole('button', { name: 'Cancelar' }).click()
  await confirmacion.waitFor({ state: 'detached' })
  expect(await enfocado(page)).toBe('button: Emitir certificado de Camila Andrea Rojas Soto (INS-25-30145)')
  expect(
    await consultarDb(
      portal.server.dataDir,
      "select codigo from documentos_emitidos where codigo_inscripcion = 'INS-25-30145' and cod_tipo_documento = '35'",
    ),
  ).toEqual([])
  await emitir.click()
  await confirmacion.getByRole('button', { name: 'Emitir de todos modos' }).click()
  await page.getByText(/^Certificado emitido para Camila Andrea Rojas Soto \(INS-25-30145\)/).waitFor()
  await confirmacion.waitFor({ state: 'detached' })
  // Still filtered on what is due, the row leaves the list: the focus goes to the list's count.
  await fila(page, 'INS-25-30145').waitFor({ state: 'detached' })
  await expect.poll(() => enfocado(page)).toMatch(/^p: /)
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status')
  // The audit row records what it lacked.
  const [auditoria] = await consultarDb<{ despues: string }>(
    portal.server.dataDir,
    "select despues from auditoria where accion = 'certificado.emitir' and alumno_id = 'alumno-estudiante' order by en desc",
  )
  expect(JSON.parse(auditoria!.despues)).toMatchObject({
    codigoInscripcion: 'INS-25-30145',
    faltantesConfirmados: faltantes,
  })

  // Still filtered on what is due, the row leaves the list; all states show it issued.
  await page.getByLabel('Estado del certificado').selectOption('')
  await fila(page, 'INS-25-30145')
    .getByText(`Emitido el ${fechaCorta(hoy)}`)
    .waitFor()
  const codigo = (
    (await fila(page, 'INS-25-30145')
      .getByText(/^Código /)
      .innerText()) ?? ''
  ).replace('Código ', '')
  expect(codigo).toMatch(/^[0-9A-Z]{28}$/)
  expect(
    await fila(page, 'INS-25-30145')
      .getByRole('link', { name: `PDF del certificado ${codigo}` })
      .getAttribute('href'),
  ).toBe(`/api/admin/certificados/${codigo}/pdf`)

  const validador = await context.newPage()
  await validador.goto(`${portal.url}/certificado/validador?codcertificado=${codigo}`)
  await resultadoValidacion(validador).getByText('Certificado Programa válido').first().waitFor()
  await resultadoValidacion(validador)
    .getByText(/Estadía Clínica en Cardiología Intervencional/)
    .first()
    .waitFor()

  await fila(page, 'INS-25-30145')
    .getByRole('button', { name: /^Revocar de Camila Andrea Rojas Soto/ })
    .click()
  const dialogo = page.getByRole('dialog', { name: 'Revocar certificado' })
  await dialogo.getByText(`Va a revocar el certificado ${codigo} de Camila Andrea Rojas Soto`).waitFor()
  // A reason is required.
  await dialogo.getByRole('button', { name: 'Revocar certificado' }).click()
  await dialogo
    .getByText(/Indique el motivo de la revocación/)
    .first()
    .waitFor()
  await dialogo.getByText(/El alumno recibirá un aviso y un correo con el motivo/).waitFor()
  await dialogo.getByLabel(/^Motivo de la revocación/).fill('Se emitió antes de recibir el informe académico.')
  await dialogo.getByRole('button', { name: 'Revocar certificado' }).click()
  await dialogo.waitFor({ state: 'detached' })
  await fila(page, 'INS-25-30145')
    .getByText(`Revocado el ${fechaCorta(hoy)}`)
    .waitFor()
  // The row stays (all states shown): the focus is back on its button, which now issues again.
  await expect.poll(() => enfocado(page)).toBe('button: Emitir certificado de Camila Andrea Rojas Soto (INS-25-30145)')
  await fila(page, 'INS-25-30145').getByText('Motivo: Se emitió antes de recibir el informe académico.').waitFor()
  // It can be issued again.
  await fila(page, 'INS-25-30145')
    .getByRole('button', { name: /^Emitir certificado de/ })
    .waitFor()

  await validador.reload()
  await resultadoValidacion(validador).getByText('Documento revocado: no es válido').waitFor()
  await resultadoValidacion(validador)
    .getByText(`Certificado Programa revocado por la escuela el ${fechaLarga(hoy)}: ya no es válido.`)
    .waitFor()

  // The student's history lists both, with the code and the reason.
  await page.goto(`${portal.url}/admin/alumnos/alumno-estudiante`)
  const historial = page.getByRole('table', { name: /^Acciones del personal sobre este alumno/ })
  await historial.getByRole('row').filter({ hasText: 'Certificado emitido' }).getByText(codigo).first().waitFor()
  await historial
    .getByRole('row')
    .filter({ hasText: 'Certificado revocado' })
    .getByText(/Se emitió antes de recibir el informe académico\./)
    .waitFor()
  await context.close()
})

test('a whole program, one enrolment at a time with a progress bar: a failure is listed with its reason; a lost connection stops it and it resumes', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/certificados?programa=${PROGRAMA.curso}`)
  const emision = page.getByRole('region', { name: 'Emitir todos los de este programa' })
  await emision.getByText(`${PROGRAMA.nombre}: 5 de 5 solicitudes están sin certificado vigente.`).waitFor()

  // Between the list and its turn, the school moves one enrolment's end to tomorrow: the server
  // refuses that one, in Spanish, and the run goes on; at the next one the connection is lost.
  const tercera = '**/api/admin/certificados/solicitudes/INS-98-00003/emitir'
  const cuarta = '**/api/admin/certificados/solicitudes/INS-98-00004/emitir'
  await page.route(tercera, async (ruta) => {
    await consultarDb(
      portal.server.dataDir,
      'update solicitudes set fecha_termino = ? where codigo_inscripcion = ?',
      manana,
      'INS-98-00003',
    )
    await ruta.continue()
  })
  await page.route(cuarta, (ruta) => ruta.abort('internetdisconnected'))
  await emision.getByRole('button', { name: 'Emitir todos los de este programa' }).click()
  const confirmacion = page.getByRole('alertdialog', { name: 'Emitir certificados del programa' })
  await confirmacion.getByText(/de cada solicitud de «Curso Taller de Lectura de Electrocardiogramas»/).waitFor()
  await confirmacion
    .getByText(/Las que aún tengan cuotas, reglamento, documentos o encuesta pendientes no se emitirán/)
    .waitFor()
  await confirmacion.getByRole('button', { name: 'Emitir certificados' }).click()

  await emision.getByText('Emisión detenida: se emitieron 2 de 5. 1 no se pudo emitir.').waitFor()
  const progreso = emision.getByRole('progressbar', { name: 'Certificados del programa: 3 de 5' })
  expect(await progreso.getAttribute('max')).toBe('5')
  expect(await progreso.getAttribute('value')).toBe('3')
  await emision
    .getByRole('alert')
    .getByText('No hay conexión con el servidor. Revise su red e intente nuevamente.')
    .waitFor()
  await emision
    .getByRole('listitem')
    .getByText(`Valentina García Pérez (INS-98-00003): ${mensajeProgramaNoTerminado(manana)}`)
    .waitFor()
  // The refused one no longer ended, so it left the list; two are still to issue.
  await emision.getByText(`${PROGRAMA.nombre}: 2 de 4 solicitudes están sin certificado vigente.`).waitFor()

  await page.unroute(tercera)
  await page.unroute(cuarta)
  await emision.getByRole('button', { name: 'Continuar la emisión' }).click()
  // The enrolment that still lacks things is not issued here: listed with what it lacks.
  await emision.getByText('Listo: se emitió 1 de 2. 1 no se pudo emitir.').waitFor()
  await emision.getByLabel('Certificados del programa: 2 de 2').waitFor()
  const faltantes = ['reglamento sin firmar', '2 documentos pendientes', 'encuesta sin enviar']
  await emision
    .getByRole('listitem')
    .getByText(`Valentina García Pérez (${CON_PENDIENTES}): ${mensajeFaltantesSinConfirmar(faltantes)}`)
    .waitFor()
  await emision.getByText(`${PROGRAMA.nombre}: 1 de 4 solicitudes están sin certificado vigente.`).waitFor()
  const certificados = async () =>
    (
      await consultarDb<{ codigo_inscripcion: string }>(
        portal.server.dataDir,
        `select codigo_inscripcion from documentos_emitidos where cod_tipo_documento = '35' and revocado_en is null
         and codigo_inscripcion like 'INS-98-%' order by codigo_inscripcion`,
      )
    ).map((c) => c.codigo_inscripcion)
  expect(await certificados()).toEqual(['INS-98-00001', 'INS-98-00002', 'INS-98-00004'])

  // From its row, confirmed, it is issued.
  await fila(page, CON_PENDIENTES)
    .getByText(`Aún tiene: ${faltantes.join(', ')}.`)
    .waitFor()
  await fila(page, CON_PENDIENTES)
    .getByRole('button', { name: `Emitir certificado de Valentina García Pérez (${CON_PENDIENTES})` })
    .click()
  const conPendientes = page.getByRole('dialog', { name: 'Emitir certificado con pendientes' })
  await conPendientes
    .getByText(`Esta inscripción aún tiene: ${faltantes.join(', ')}. ¿Emitir de todos modos?`)
    .waitFor()
  await conPendientes.getByRole('button', { name: 'Emitir de todos modos' }).click()
  await conPendientes.waitFor({ state: 'detached' })
  await emision.getByText(`${PROGRAMA.nombre}: 0 de 4 solicitudes están sin certificado vigente.`).waitFor()
  expect(await emision.getByRole('button').count()).toBe(0)
  // The row's new button has the focus.
  await expect.poll(() => enfocado(page)).toBe(`button: Revocar de Valentina García Pérez (${CON_PENDIENTES})`)
  expect(await certificados()).toEqual(['INS-98-00001', 'INS-98-00002', 'INS-98-00004', CON_PENDIENTES])
  await context.close()
})

test('a program’s issue can be stopped: the one under way finishes, and it continues with the rest', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  await page.goto(`${portal.url}/admin/certificados?programa=${OTRO_PROGRAMA.curso}`)
  const emision = page.getByRole('region', { name: 'Emitir todos los de este programa' })
  // The second enrolment's request waits until 'Detener' has been pressed.
  let soltar = () => {}
  const detenida = new Promise<void>((resolver) => (soltar = resolver))
  const segunda = '**/api/admin/certificados/solicitudes/INS-98-00012/emitir'
  await page.route(segunda, async (ruta) => {
    await detenida
    await ruta.continue()
  })
  await emision.getByRole('button', { name: 'Emitir todos los de este programa' }).click()
  await page
    .getByRole('alertdialog', { name: 'Emitir certificados del programa' })
    .getByRole('button', { name: 'Emitir certificados' })
    .click()
  await emision.getByLabel('Certificados del programa: 1 de 3').waitFor()
  await emision.getByRole('button', { name: 'Detener' }).click()
  soltar()
  await emision.getByText('Emisión detenida: se emitieron 2 de 3.').waitFor()
  await emision.getByText(`${OTRO_PROGRAMA.nombre}: 1 de 3 solicitudes están sin certificado vigente.`).waitFor()
  await page.unroute(segunda)

  await emision.getByRole('button', { name: 'Continuar la emisión' }).click()
  await emision.getByText('Listo: se emitió 1 de 1.').waitFor()
  await emision.getByText(`${OTRO_PROGRAMA.nombre}: 0 de 3 solicitudes están sin certificado vigente.`).waitFor()
  await context.close()
})

test('an assistant sees no certificate section, count or action', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.herrera })
  await page.goto(`${portal.url}/admin/home`)
  await page.getByRole('heading', { name: 'Para hoy' }).waitFor()
  await page.getByText('Documentos por revisar').waitFor()
  expect(await page.getByText('Certificados por emitir').count()).toBe(0)
  const nav = page.getByRole('navigation', { name: 'Secciones de la escuela' })
  expect(await nav.getByRole('link', { name: 'Certificados' }).count()).toBe(0)
  expect(await page.getByRole('link', { name: 'Certificados' }).count()).toBe(0)

  await page.goto(`${portal.url}/admin/certificados`)
  await page.getByRole('alert').getByText('Su rol no permite emitir ni revocar certificados.').waitFor()
  expect(await page.getByRole('button', { name: /Emitir|Revocar/ }).count()).toBe(0)
  expect(await page.getByRole('table').count()).toBe(0)
  await context.close()
})

test('the certificates screen, the issue and revoke dialogs and the home have no serious accessibility findings, at 1280 and 768 pixels', async () => {
  for (const [ancho, cuenta] of [
    [ANCHO_ESCRITORIO, DEMO_PERSONAL.admin],
    [768, DEMO_PERSONAL.coordinacion],
  ] as const) {
    const { page, context } = await portal.newPage({ ancho, personal: cuenta })
    await page.goto(`${portal.url}/admin/home`)
    await page.getByRole('heading', { name: 'Para hoy' }).waitFor()
    await page.getByText(/Certificados por emitir/).waitFor()
    expect(await hallazgosGraves(page), `/admin/home (${ancho})`).toEqual([])

    await page.goto(`${portal.url}/admin/certificados?programa=${PROGRAMA.curso}`)
    await page.getByRole('table', { name: 'Solicitudes con programa terminado' }).waitFor()
    await page.getByRole('region', { name: 'Emitir todos los de este programa' }).waitFor()
    expect(await hallazgosGraves(page), `/admin/certificados (${ancho})`).toEqual([])

    // The confirmation of an issue that names what the enrolment lacks; cancelled, the focus is back.
    await page.goto(`${portal.url}/admin/certificados?programa=MVMI&estado=por-emitir`)
    const boton = fila(page, 'INS-25-30311').getByRole('button', { name: /^Emitir certificado de / })
    await boton.click()
    const confirmacion = page.getByRole('dialog', { name: 'Emitir certificado con pendientes' })
    await confirmacion.getByText(/^Esta inscripción aún tiene: .*¿Emitir de todos modos\?$/).waitFor()
    expect(await hallazgosGraves(page), `emitir con pendientes (${ancho})`).toEqual([])
    await page.keyboard.press('Escape')
    await confirmacion.waitFor({ state: 'detached' })
    await expect.poll(() => boton.evaluate((el) => el === document.activeElement)).toBe(true)

    await page.goto(`${portal.url}/admin/certificados?estado=emitido`)
    await fila(page, 'INS-24-20117')
      .getByRole('button', { name: /^Revocar de / })
      .click()
    const dialogo = page.getByRole('dialog', { name: 'Revocar certificado' })
    await dialogo.getByLabel(/^Motivo de la revocación/).waitFor()
    expect(await hallazgosGraves(page), `revocar (${ancho})`).toEqual([])
    await dialogo.getByRole('button', { name: 'Cancelar' }).click()
    await dialogo.waitFor({ state: 'detached' })

    await page.goto(`${portal.url}/admin/certificados?estado=revocado`)
    await page.getByRole('table', { name: 'Solicitudes con programa terminado' }).waitFor()
    expect(await hallazgosGraves(page), `/admin/certificados revocados (${ancho})`).toEqual([])
    await context.close()
  }
})
