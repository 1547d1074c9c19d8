import { expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { abrirBaseDeDatos } from '../../server/db/connection.ts'
import { DEMO_CERTIFICADO_ACLS, DEMO_CERTIFICADO_VALIDO } from '../../server/db/seed/demo.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { notificarRevisionDocumento } from '../../server/notificaciones/revision-documento.ts'
import { fechaEnChile, fechaLarga } from '../../src/domain/fechas.ts'
import { esperarCacheGuardada, vigilarConsultas } from '../support/almacen-local.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { opcionesDeBaseDePrueba } from '../support/base-de-datos.ts'
import { esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { iniciarSesionPersonal } from '../support/personal.ts'
import { consultarDb, iniciarSesion } from '../support/servidor.ts'

// The student's next step, on a phone (360 px): a document the school rejected is the first of
// Pendientes' document actions, with its reason, and one tap opens its replacement (the enrolment's
// documents at that document, or Información Personal at it, its file input focused); the bell's
// 'Abrir' opens the same, and a certificate's notice opens the enrolment at its certificate's
// link. After the school revokes a certificate the student has the notice with the reason, the
// earlier 'Certificado disponible' reads as revoked (also offline, from the stored list), and a
// finished program asks nothing in the bell. Each screen passes axe.

const portal = prepararPortal({ throttle: 'off' })
const MOTIVO_RECHAZO = 'La carta no tiene firma.'

/** The school rejects the demo student's intent letter of INS-26-40018, as the review records it. */
async function rechazarCartaDeIntencion() {
  const db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(portal.server.dataDir))
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('archivos_solicitud')
        .set({ estado_revision: 'rechazado', motivo_rechazo: MOTIVO_RECHAZO, revisado_en: new Date().toISOString() })
        .where('id', '=', 'archivo-40018-41')
        .execute()
      await notificarRevisionDocumento(trx, {
        tabla: 'archivos_solicitud',
        archivoId: 'archivo-40018-41',
        decision: 'rechazado',
        motivo: MOTIVO_RECHAZO,
        ahora: new Date(),
      })
    })
  } finally {
    await db.destroy()
  }
}

const tieneElFoco = (locator: Locator) => locator.evaluate((el) => el === document.activeElement)

/** The documents dialog of INS-26-40018 opened at the intent letter: its replacement input has the focus. */
async function enLaCartaDeIntencion(page: Page) {
  const dialogo = page.getByRole('dialog', { name: 'Documentos de la solicitud INS-26-40018' })
  await dialogo.getByText(`Estado: Rechazado: ${MOTIVO_RECHAZO}`).waitFor()
  const reemplazo = dialogo.getByLabel('Reemplazar Carta de Intención')
  await expect.poll(() => tieneElFoco(reemplazo)).toBe(true)
  return dialogo
}

test('a rejected document is the first document action, with its reason, and one tap opens its replacement; the bell’s Abrir too', async () => {
  await rechazarCartaDeIntencion()
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/home`)
  const lista = page.getByRole('region', { name: 'Pendientes' }).getByRole('listitem')
  await lista.first().waitFor()
  const textos = await lista.allTextContents()
  const rechazado = textos.findIndex((t) => t.startsWith('Documento rechazado: Carta de Intención'))
  // Among the five shown first, right after the money, before every other document action.
  expect(rechazado).toBeGreaterThanOrEqual(0)
  expect(rechazado).toBeLessThan(5)
  expect(textos.slice(0, rechazado).every((t) => t.startsWith('Cuota'))).toBe(true)
  const item = lista.nth(rechazado)
  await item.getByText(`Motivo: ${MOTIVO_RECHAZO}`).waitFor()
  await item.getByText(/\(solicitud INS-26-40018\)/).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect(await hallazgosGraves(page), '/home').toEqual([])

  await item
    .getByRole('link', { name: 'Reemplazar: Documento rechazado: Carta de Intención, solicitud INS-26-40018' })
    .click()
  await page.waitForURL(`${portal.url}/info/solicitudes`)
  const dialogo = await enLaCartaDeIntencion(page)
  expect(await hallazgosGraves(page), 'documentos de la solicitud').toEqual([])
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).click()

  // The bell: the notice of the rejection opens the same place.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Avisos: \d+ sin leer$/ })
    .click()
  const avisos = page.getByRole('dialog', { name: 'Avisos' })
  await avisos.getByText(`por este motivo: «${MOTIVO_RECHAZO}»`, { exact: false }).waitFor()
  expect(await hallazgosGraves(page), 'avisos').toEqual([])
  await avisos.getByRole('link', { name: 'Abrir: Documento rechazado' }).click()
  await avisos.waitFor({ state: 'detached' })
  await enLaCartaDeIntencion(page)
  await context.close()
})

test('a rejected personal document: its action opens Información Personal at that document, its input focused', async () => {
  const alumna = await iniciarSesion(portal.url, 'extranjera@demo.cl')
  const form = new FormData()
  form.append('codTipoDocumento', '20')
  form.append('archivo', new File(['%PDF-1.4\n%%EOF\n'], 'titulo.pdf', { type: 'application/pdf' }))
  expect((await alumna.request('POST', '/api/alumno/documentos', form)).status).toBe(201)
  await consultarDb(
    portal.server.dataDir,
    `update archivos_personales set estado_revision = 'rechazado', motivo_rechazo = 'Documento ilegible'
     where alumno_id = 'alumno-extranjera' and cod_documento = '20'`,
  )
  const { page, context } = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  await page.goto(`${portal.url}/home`)
  const item = page
    .getByRole('region', { name: 'Pendientes' })
    .getByRole('listitem')
    .filter({ hasText: 'Documento rechazado: Certificado de Licenciatura o Título' })
  await item.getByText('Motivo: Documento ilegible.').waitFor()
  await item.getByRole('link', { name: /^Reemplazar: / }).click()
  await page.waitForURL(`${portal.url}/info/personal#documento-20`)
  const reemplazo = page.getByLabel('Reemplazar Certificado de Licenciatura o Título')
  await expect.poll(() => tieneElFoco(reemplazo)).toBe(true)
  expect(await hallazgosGraves(page), '/info/personal#documento-20').toEqual([])
  await context.close()
})

test('a revoked certificate: the notice with the reason, the earlier one marked revoked (offline too), and a finished program asks nothing', async () => {
  const motivo = 'Se emitió antes de recibir el informe académico.'
  const escuela = await iniciarSesionPersonal(portal.server, DEMO_PERSONAL.coordinacion)
  const revocacion = await escuela.post(`/api/admin/certificados/${DEMO_CERTIFICADO_VALIDO}/revocar`, { motivo })
  expect(revocacion.status).toBe(200)

  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await vigilarConsultas(context)
  await page.goto(`${portal.url}/home`)
  await esperarServiceWorker(page)
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Avisos: \d+ sin leer$/ })
    .click()
  const avisos = page.getByRole('dialog', { name: 'Avisos' })
  const aviso = (texto: string | RegExp) => avisos.getByRole('listitem').filter({ hasText: texto })
  const nuevo = aviso('Certificado revocado')
  await nuevo.getByText(`por este motivo: «${motivo}»`, { exact: false }).waitFor()
  await nuevo.getByText('Nuevo').waitFor()
  // The notice that offered it reads as revoked, with the reason, and offers nothing to open.
  const retirado = avisos.getByRole('listitem').filter({ has: page.getByText('Revocado', { exact: true }) })
  await retirado
    .getByText(`La escuela lo revocó el ${fechaLarga(fechaEnChile(new Date()))} por este motivo: «${motivo}».`, {
      exact: false,
    })
    .waitFor()
  await retirado.getByText('Certificado disponible').waitFor()
  expect(await retirado.getByRole('link').count()).toBe(0)
  expect(await retirado.getByText('Nuevo').count()).toBe(0)
  // A finished program (INS-24-20388, its certificate issued) is asked for no regulations.
  expect(await aviso(/Falta aceptar el reglamento de .*INS-24-20388/).count()).toBe(0)
  expect(await hallazgosGraves(page), 'avisos con uno revocado').toEqual([])

  // Offline, after a reload: the stored list still says it was revoked.
  await esperarCacheGuardada(page)
  await context.setOffline(true)
  await page.reload()
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Avisos/ })
    .click()
  await avisos.getByText('Sin conexión: se muestran los avisos guardados en este dispositivo.').waitFor()
  await retirado.getByText(`por este motivo: «${motivo}»`, { exact: false }).waitFor()
  expect(await retirado.getByRole('link').count()).toBe(0)
  await context.setOffline(false)

  // The revocation's notice opens the enrolment, its card open.
  await avisos.getByRole('link', { name: 'Abrir: Certificado revocado' }).click()
  await page.waitForURL(`${portal.url}/info/solicitudes`)
  const fila = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'INS-24-20117' }) })
  expect(
    await fila.getByRole('button', { name: /^Ocultar detalle de la solicitud/ }).getAttribute('aria-expanded'),
  ).toBe('true')

  // The other certificate's notice opens its very link, focused: one more tap downloads it.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Avisos/ })
    .click()
  await avisos.getByRole('link', { name: 'Abrir: Certificado disponible' }).click()
  await avisos.waitFor({ state: 'detached' })
  await expect
    .poll(() => page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href')))
    .toBe(`/api/documentos-emitidos/${DEMO_CERTIFICADO_ACLS}`)

  await context.close()
})
