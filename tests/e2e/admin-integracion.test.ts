// The CRM's API keys in a desk-sized browser: the admin opens 'Integración', creates a key (an
// empty form says what is missing), sees it once and copies it; the CRM (this test, with fetch)
// reads with it; the list shows its last use; the admin revokes it after a confirmation that names
// it, and the same call is refused; the audit log names the key as the actor of its read. The screen and its dialogs pass axe at 1280 and 768.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import {
  ETIQUETA_ALCANCE,
  MENSAJE_ALCANCES_CLAVE,
  MENSAJE_CAMBIO_CORREO_SIN_CARGA,
  MENSAJE_CLAVE_INVALIDA,
  MENSAJE_NOMBRE_CLAVE,
} from '../../src/domain/integracion.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'

const portal = prepararPortal({ throttle: 'off' })

const fila = (page: Page, texto: string) =>
  page.getByRole('table', { name: 'Claves de integración' }).getByRole('row').filter({ hasText: texto })

test('the admin creates a key, sees it once and copies it; the CRM reads with it; the admin revokes it', async () => {
  const { context, page } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url })
  await page.goto(`${portal.url}/admin/home`)
  await page
    .getByRole('navigation', { name: 'Secciones de la escuela' })
    .getByRole('link', { name: 'Integración' })
    .click()
  await page.waitForURL(`${portal.url}/admin/integracion`)
  await page.getByRole('heading', { name: 'Integración', level: 1 }).waitFor()
  await page.getByText('Aún no hay claves de integración.').waitFor()
  expect(await hallazgosGraves(page)).toEqual([])

  // An empty form says what is missing, on each field.
  await page.getByRole('button', { name: 'Crear una clave' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Crear una clave de integración' })
  await dialogo.waitFor()
  await dialogo.getByRole('button', { name: 'Crear clave' }).click()
  await dialogo.getByText(MENSAJE_NOMBRE_CLAVE).waitFor()
  await dialogo.getByText(MENSAJE_ALCANCES_CLAVE).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByLabel(/^Nombre de la clave/).fill('CRM producción')
  // Changing a student's sign-in e-mail is a permission of its own, and only with the one that loads.
  const cambioCorreo = dialogo.getByRole('checkbox', { name: ETIQUETA_ALCANCE['alumnos.cambiar-correo'] })
  await cambioCorreo.check()
  await dialogo.getByRole('button', { name: 'Crear clave' }).click()
  await dialogo.getByText(MENSAJE_CAMBIO_CORREO_SIN_CARGA).waitFor()
  await cambioCorreo.uncheck()
  await dialogo.getByRole('checkbox', { name: /^Leer encuestas enviadas/ }).check()
  await dialogo.getByRole('button', { name: 'Crear clave' }).click()

  // Shown once, with a button to copy it.
  const creada = page.getByRole('dialog', { name: 'Clave creada' })
  await creada.getByText('Cópiela ahora: no se volverá a mostrar.').waitFor()
  const campo = creada.getByLabel('Clave de la API')
  const clave = await campo.inputValue()
  expect(clave).toMatch(/^portal_[A-Za-z0-9_-]{43}$/)
  await creada.getByRole('button', { name: 'Copiar clave' }).click()
  await creada.getByRole('status').getByText('Clave copiada al portapapeles.').waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clave)
  expect(await hallazgosGraves(page)).toEqual([])
  await creada.getByRole('button', { name: 'Listo, ya la guardé' }).click()
  await fila(page, 'CRM producción').getByText('Activa').waitFor()
  await fila(page, 'CRM producción').getByText('Nunca').waitFor()
  // The list never shows the key again: only its first characters.
  expect(await page.locator('body').innerText()).not.toContain(clave)
  expect(await page.locator('body').innerText()).toContain(`${clave.slice(0, 13)}…`)

  // The CRM calls with it, with no cookie.
  const api = `${portal.url}/api/integracion/v1/pagos`
  const lectura = await fetch(api, { headers: { authorization: `Bearer ${clave}` } })
  expect(lectura.status).toBe(200)
  expect((await lectura.json()).datos.length).toBeGreaterThan(0)
  await page.reload()
  await expect.poll(() => fila(page, 'CRM producción').getByText('Nunca').count()).toBe(0)

  // Revoked after a confirmation that names it; the same call is then refused.
  await fila(page, 'CRM producción').getByRole('button', { name: 'Revocar la clave CRM producción' }).click()
  const confirmacion = page.getByRole('dialog', { name: 'Revocar clave' })
  await confirmacion.getByText('CRM producción').waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await confirmacion.getByRole('button', { name: 'Revocar clave' }).click()
  await page.getByText('La clave «CRM producción» fue revocada.').waitFor()
  await fila(page, 'CRM producción').getByText('Revocada').waitFor()
  expect(await fila(page, 'CRM producción').getByRole('button').count()).toBe(0)
  const rechazada = await fetch(api, { headers: { authorization: `Bearer ${clave}` } })
  expect(rechazada.status).toBe(401)
  expect(await rechazada.json()).toEqual({ error: MENSAJE_CLAVE_INVALIDA })

  // The log shows the read under the key's name, as a key, not a staff member.
  await page.goto(`${portal.url}/admin/auditoria?accion=integracion.pagos`)
  const registro = page
    .getByRole('table', { name: /^Acciones del personal/ })
    .getByRole('row')
    .filter({ hasText: 'CRM producción' })
  await registro.getByText('Clave de integración (API)').waitFor()
  await registro.getByText('CRM: pagos leídos por la API').waitFor()
  await context.close()
})

test('on a tablet the screen passes axe; coordination has no such section', async () => {
  const admin = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.admin })
  await admin.page.goto(`${portal.url}/admin/integracion`)
  await admin.page.getByRole('heading', { name: 'Integración', level: 1 }).waitFor()
  await admin.page.getByRole('table', { name: 'Claves de integración' }).waitFor()
  expect(await hallazgosGraves(admin.page)).toEqual([])
  await admin.context.close()

  const coordinacion = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  await coordinacion.page.goto(`${portal.url}/admin/home`)
  const secciones = coordinacion.page.getByRole('navigation', { name: 'Secciones de la escuela' })
  await secciones.getByRole('link', { name: 'Certificados' }).waitFor()
  expect(await secciones.getByRole('link', { name: 'Integración' }).count()).toBe(0)
  await coordinacion.page.goto(`${portal.url}/admin/integracion`)
  await coordinacion.page.getByText('Su rol no permite administrar las claves de integración.').waitFor()
  await coordinacion.context.close()
})
