// Students and the audit log from the school's side, in a desk-sized browser: a staff member finds
// the demo student by her RUT typed with dots and opens her page (history included); an assistant
// does not find a student outside their scope; an admin searches the whole log by staff member,
// action and date; and the three screens have no serious accessibility findings at 1280 and 768
// pixels.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import { problemasDeRedaccion } from '../../src/domain/redaccion.ts'
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
             'documento.rechazar', 'solicitud', 'INS-26-40018', 'alumno-estudiante', ?, ?, '127.0.0.1')`,
    JSON.stringify({
      documentos: [{ id: 'archivo-40018-42', documento: 'Carta de Intención', estado: 'en-revision' }],
    }),
    JSON.stringify({
      documentos: [
        { id: 'archivo-40018-42', documento: 'Carta de Intención', estado: 'rechazado', motivo: 'Documento ilegible' },
      ],
    }),
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
  // In words: the action, its record, each document's change with its reason, in Chile's time.
  const fila = historial.getByRole('row', { name: /20-03-2026 11:00 .*Francisca Herrera Méndez/ })
  await fila.getByText('Documento rechazado').waitFor()
  await fila.getByText('Solicitud INS-26-40018').waitFor()
  await fila.getByText('Carta de Intención: de En revisión a Rechazado (motivo: Documento ilegible)').waitFor()
  expect(await fila.innerText()).not.toMatch(/archivo-40018-42|en-revision|documento\.rechazar/)

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

/** What reads like a database: an action's code, a camelCase field, an internal id, a UTC moment, an arrow. */
const PARECE_BASE_DE_DATOS =
  /\b(?:sesion|personal|documento|certificado|encuestas|concurso|oferta|integracion|alumnos|pagos?)\.[a-z]|[a-z][A-Z][a-z]|personal-|asistente-|reembolso-9|\d{4}-\d{2}-\d{2}T|→/

/** Audit rows as the server records them: a refund, a revocation, a role change, a file import. */
async function registrarAccionesDePrueba() {
  const fila = (
    id: string,
    en: string,
    accion: string,
    entidad: string,
    entidadId: string,
    antes: unknown,
    despues: unknown,
  ) =>
    consultarDb(
      portal.server.dataDir,
      `insert into auditoria (id, en, actor_tipo, actor_id, actor_nombre, actor_rol, accion, entidad, entidad_id, alumno_id, antes, despues, ip)
       values (?, ?, 'personal', 'personal-admin', 'Carolina Vidal Rojas', 'admin', ?, ?, ?, ?, ?, ?, '10.20.30.40')`,
      id,
      en,
      accion,
      entidad,
      entidadId,
      entidad === 'personal' || entidad === 'importacion' ? null : 'alumno-estudiante',
      antes === null ? null : JSON.stringify(antes),
      despues === null ? null : JSON.stringify(despues),
    )
  await fila(
    'palabras-1',
    '2026-07-15T03:30:00.000Z',
    'pago.reembolsar',
    'pago',
    'pago-demo-INS-26-40018-1',
    { estado: 'aprobado', reembolsado: 0 },
    { reembolso: 'reembolso-9', monto: 250000, motivo: 'Retiro del programa', tipo: 'NULLIFIED', saldo: 200000 },
  )
  await fila(
    'palabras-2',
    '2026-07-15T03:31:00.000Z',
    'certificado.revocar',
    'certificado',
    'JVGTYV9DY5ZPQDNZYNA45HPHYP89',
    { revocadoEn: null, motivoRevocacion: null, revocadoPor: null },
    {
      revocadoEn: '2026-07-15T03:31:00.000Z',
      motivoRevocacion: 'Emitido con el nombre del programa mal escrito, a pedido de la coordinación académica',
      revocadoPor: 'personal-admin',
    },
  )
  await fila(
    'palabras-3',
    '2026-07-15T03:32:00.000Z',
    'personal.cambiar-rol',
    'personal',
    'personal-munoz',
    { rol: 'asistente', asistente: 'asistente-munoz' },
    { rol: 'coordinacion', asistente: null },
  )
  await fila('palabras-4', '2026-07-15T03:33:00.000Z', 'alumnos.importar', 'importacion', 'importacion-1', null, {
    parte: 1,
    partes: 1,
    filas: 1,
    creadas: 1,
    actualizadas: 0,
    sinCambios: 0,
    conErrores: 0,
    alumnosNuevos: 1,
    filasDelArchivo: 1,
    erroresDelArchivo: 0,
    archivo: 'inscripciones-segundo-semestre-2026-exportadas-desde-el-crm-version-final-corregida.csv',
    huella: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  })
}

test('the log and a student’s history read in words and Chile’s time, and at 768 pixels nothing scrolls sideways', async () => {
  await registrarAccionesDePrueba()
  for (const ancho of [ANCHO_ESCRITORIO, 768]) {
    const { page, context } = await portal.newPage({ ancho, personal: DEMO_PERSONAL.admin })
    await page.goto(`${portal.url}/admin/auditoria?desde=2026-07-14&hasta=2026-07-14`)
    const tabla = page.getByRole('table', { name: /^Acciones del personal/ })
    // 03:30 UTC on 15 July is 23:30 on the 14th in Chile (winter time).
    const reembolso = tabla.getByRole('row', { name: /^14-07-2026 23:30 .*Pago reembolsado/ })
    await reembolso.getByText('Pago: Cuota 1 de').waitFor()
    await reembolso.getByText('Estado: Aprobado (sin cambio)').waitFor()
    await reembolso.getByText('Monto reembolsado: $250.000').waitFor()
    await reembolso.getByText('Tipo de reembolso: Devuelto a la tarjeta').waitFor()
    await reembolso.getByRole('link', { name: 'Camila Andrea Rojas Soto' }).waitFor()
    const revocacion = tabla.getByRole('row', { name: /Certificado revocado/ })
    await revocacion.getByText('Revocado el: 14-07-2026 23:31').waitFor()
    await revocacion.getByText('Revocado por: Carolina Vidal Rojas').waitFor()
    const rol = tabla.getByRole('row', { name: /Rol de una cuenta del personal cambiado/ })
    await rol.getByText('Cuenta de Tomás Muñoz Araya').waitFor()
    await rol.getByText('Rol: de Asistente comercial a Coordinación académica').waitFor()
    await rol.getByText('Asistente comercial: de Tomás Muñoz Araya a ninguno').waitFor()
    await tabla.getByText(/^Archivo: inscripciones-segundo-semestre/).waitFor()
    // Nothing reads like a database: no codes, camelCase fields, ids, UTC moments or bare dashes.
    const texto = await tabla.innerText()
    expect(texto).not.toMatch(PARECE_BASE_DE_DATOS)
    expect(problemasDeRedaccion(await page.locator('main').innerText()), `auditoría, ${ancho} px`).toEqual([])
    // No sideways scroll, of the page nor of the table in its box.
    const anchos = await page.evaluate(() => {
      const caja = document.querySelector('.admin-auditoria .admin-tabla')!
      return {
        pagina: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        tabla: caja.scrollWidth - caja.clientWidth,
      }
    })
    expect(anchos, `auditoría, ${ancho} px`).toEqual({ pagina: 0, tabla: 0 })
    expect(await hallazgosGraves(page), `auditoría en palabras, ${ancho} px`).toEqual([])

    // The same words on the student's page, in her history.
    await page.goto(`${portal.url}/admin/alumnos/alumno-estudiante`)
    const historial = page.getByRole('table', { name: /^Acciones del personal sobre este alumno/ })
    await historial.getByRole('row', { name: /^14-07-2026 23:31 .*Certificado revocado/ }).waitFor()
    await historial
      .getByText('Motivo de la revocación: Emitido con el nombre del programa mal escrito', { exact: false })
      .waitFor()
    expect(await historial.innerText()).not.toMatch(PARECE_BASE_DE_DATOS)
    const historialAncho = await page.evaluate(() => {
      const caja = document.querySelector('.admin-auditoria .admin-tabla')!
      return {
        pagina: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        tabla: caja.scrollWidth - caja.clientWidth,
      }
    })
    expect(historialAncho, `historial, ${ancho} px`).toEqual({ pagina: 0, tabla: 0 })
    await context.close()
  }
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
