import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { esperarAlmacenVacio, esperarBorrador } from '../support/almacen-local.ts'
import { abrirInformacionPersonal, adelantarRelojHasta, esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { consultarDb, iniciarSesion as sesionApi } from '../support/servidor.ts'

// The offline layer end to end: a save made offline survives a reload in
// the outbox, goes when the connection returns, and is applied exactly once on the server, also
// when the reply to the first attempt is lost.

const portal = prepararPortal({ throttle: 'off' })

const ALUMNO_ID = 'alumno-estudiante'

const carpeta = mkdtempSync(join(tmpdir(), 'portal-subidas-'))
afterAll(() => rmSync(carpeta, { recursive: true, force: true }))

/** The Idempotency-Key and status of every PUT /api/alumno/persona that got a reply. */
function registrarEnvios(page: Page) {
  const envios: Array<{ clave: string; status: number; repetida: boolean }> = []
  page.on('response', async (r) => {
    const req = r.request()
    if (req.method() !== 'PUT' || !req.url().endsWith('/api/alumno/persona')) return
    envios.push({
      clave: (await req.allHeaders())['idempotency-key'] ?? '',
      status: r.status(),
      repetida: (await r.allHeaders())['idempotency-replayed'] === 'true',
    })
  })
  return envios
}

function historial(): Promise<Array<{ clave_idempotencia: string | null; campos: string }>> {
  return consultarDb(
    portal.server.dataDir,
    'SELECT clave_idempotencia, campos FROM historial_persona WHERE alumno_id = ? ORDER BY cambiado_en',
    ALUMNO_ID,
  )
}

async function direccionEnServidor(): Promise<string> {
  const cliente = await sesionApi(portal.url, 'estudiante@demo.cl')
  const { data } = (await (await cliente.get('/api/alumno/persona')).json()) as { data: { direccion: string } }
  return data.direccion
}

test('offline: save goes to the outbox, survives a reload with the draft, and is applied exactly once when the connection returns', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  const envios = registrarEnvios(page)
  await abrirInformacionPersonal(page, portal.url)
  await esperarServiceWorker(page)
  const antes = (await historial()).length

  await context.setOffline(true)
  await page.getByRole('status').getByText('Sin conexión.').waitFor()
  await page.getByLabel(/^Dirección/).fill('Los Aromos 455, Temuco')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.getByText('Cambios guardados en este dispositivo: pendiente de envío').waitFor()
  const pendientes = page.getByRole('button', { name: /^1 cambio pendiente de envío/ })
  await pendientes.waitFor()

  // An edit not saved yet: it must come back as a draft.
  await page.getByLabel(/^Teléfono celular/).fill('+56 9 5555 0101')
  // The draft is written a moment after the last keystroke.
  await esperarBorrador(page, '+56 9 5555 0101')

  await page.reload()
  await page.getByLabel(/^Dirección/).waitFor()
  await page.getByText('Se recuperó un borrador sin enviar').waitFor()
  expect(await page.getByLabel(/^Dirección/).inputValue()).toBe('Los Aromos 455, Temuco')
  expect(await page.getByLabel(/^Teléfono celular/).inputValue()).toBe('+56 9 5555 0101')
  await pendientes.waitFor()
  await page.getByText('Cambios guardados en este dispositivo: pendiente de envío').waitFor()

  // The panel says what waits and in what state.
  await pendientes.click()
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes de envío' })
  const item = panel.getByRole('listitem')
  await item.getByText('Estado: pendiente de envío').waitFor()
  expect(await item.count()).toBe(1)
  await item.getByRole('button', { name: 'Reintentar Datos personales y profesionales' }).waitFor()
  await item.getByRole('button', { name: 'Descartar Datos personales y profesionales' }).waitFor()
  await panel.getByRole('button', { name: 'Cerrar', exact: true }).click()
  expect(envios).toEqual([])
  expect((await historial()).length).toBe(antes)

  await context.setOffline(false)
  await page
    .getByRole('button', { name: /cambios? pendientes? de envío/ })
    .waitFor({ state: 'detached', timeout: 20_000 })
  expect(await page.getByText('Sin conexión.').count()).toBe(0)

  expect(await direccionEnServidor()).toBe('Los Aromos 455, Temuco')
  // Each reply is recorded once its headers are read (registrarEnvios awaits them): polled, not read at once.
  await expect.poll(() => envios.length).toBe(1)
  const filas = await historial()
  expect(filas.length).toBe(antes + 1)
  expect(filas.at(-1)?.clave_idempotencia).toBe(envios[0]?.clave)
  expect(JSON.parse(filas.at(-1)?.campos ?? '[]')).toContain('direccion')
  // The unsaved mobile stayed a draft: it was not sent.
  expect(JSON.parse(filas.at(-1)?.campos ?? '[]')).not.toContain('celular')
  await context.close()
})

test('reply lost: the first attempt reaches the server but its reply does not; the replay gets the stored reply and nothing is applied twice', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  const envios = registrarEnvios(page)
  await abrirInformacionPersonal(page, portal.url)
  const antes = (await historial()).length

  let cortadas = 0
  await page.route('**/api/alumno/persona', async (route) => {
    if (route.request().method() === 'PUT' && cortadas === 0) {
      cortadas++
      // The request reaches the server and is applied; the page never gets the reply.
      await route.fetch()
      await route.abort('connectionreset')
      return
    }
    await route.continue()
  })

  await page.getByLabel(/^Dirección/).fill('Pasaje Las Lilas 12, Valdivia')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.getByText('Cambios guardados en este dispositivo: pendiente de envío').waitFor()
  expect(cortadas).toBe(1)
  expect((await historial()).length).toBe(antes + 1)

  await page.getByRole('button', { name: /^1 cambio pendiente de envío/ }).click()
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes de envío' })
  await panel.getByRole('button', { name: /^Reintentar/ }).click()
  await panel.getByText('No hay cambios pendientes: todo fue enviado.').waitFor({ timeout: 20_000 })
  await panel.getByRole('button', { name: 'Cerrar', exact: true }).click()

  // Only the replay got a reply, and it is the first response again, under the same key.
  await expect.poll(() => envios.length).toBe(1)
  expect(envios[0]).toMatchObject({ status: 200, repetida: true })
  const filas = await historial()
  expect(filas.length).toBe(antes + 1)
  expect(filas.at(-1)?.clave_idempotencia).toBe(envios[0]?.clave)
  expect(await direccionEnServidor()).toBe('Pasaje Las Lilas 12, Valdivia')
  await context.close()
})

test('an expired session pauses the replay with the spec alert; after signing in again the change is sent', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  await context.setOffline(true)
  await page.getByLabel(/^Dirección/).fill('Avenida Alemania 0671, Temuco')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.getByRole('button', { name: /^1 cambio pendiente de envío/ }).waitFor()

  // The session ends while the change waits: the replay meets a 401.
  await context.clearCookies({ name: 'portal_sesion' })
  await context.setOffline(false)
  await page
    .getByRole('alertdialog', { name: 'Sesión expirada' })
    .getByText('Sesión expirada, vuelva a ingresar')
    .waitFor()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click()
  await page.waitForURL(`${portal.url}/login`)
  expect(await direccionEnServidor()).not.toBe('Avenida Alemania 0671, Temuco')

  await page.getByLabel('Correo electrónico').fill('estudiante@demo.cl')
  await page.getByLabel(/^Contraseña/).fill('Demo2026')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL(`${portal.url}/info/personal`)
  await expect.poll(() => direccionEnServidor(), { timeout: 15_000 }).toBe('Avenida Alemania 0671, Temuco')
  await page.getByRole('button', { name: /cambios? pendientes? de envío/ }).waitFor({ state: 'detached' })
  await context.close()
})

test('an upload chosen offline waits in the outbox with its state, and the list shows the file once it is sent', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  // The page's clock runs as usual; offline it is moved past the upload's retries (see below).
  await context.clock.install()
  await abrirInformacionPersonal(page, portal.url)
  const documento = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Certificado de Trabajo/ }) })
  await documento.getByText('Sin archivo', { exact: true }).waitFor()
  // A PDF: it is queued as it is (a photo would first be shown, to be sent with 'Enviar documento').
  const ruta = join(carpeta, 'trabajo.pdf')
  writeFileSync(ruta, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]))

  await context.setOffline(true)
  await page.getByLabel('Subir Certificado de Trabajo').setInputFiles(ruta)
  // Pending once the upload has given up its retries (1 and 3 seconds apart), which the clock skips.
  await adelantarRelojHasta(page, documento.getByText('trabajo.pdf: pendiente de envío'))
  await page.getByRole('button', { name: /^1 cambio pendiente de envío/ }).waitFor()

  await context.setOffline(false)
  await documento.getByRole('link', { name: /^Descargar/ }).waitFor({ timeout: 20_000 })
  await documento.getByText('trabajo.pdf', { exact: true }).waitFor()
  const filas = await consultarDb<{ n: number }>(
    portal.server.dataDir,
    "SELECT count(*) AS n FROM archivos_personales WHERE alumno_id = ? AND cod_documento = '21'",
    ALUMNO_ID,
  )
  expect(filas[0]?.n).toBe(1)
  await context.close()
})

test('Salir with an unsent change warns first: Cancelar keeps the session and the item, confirming wipes it and nothing is sent', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  // Offline, the way to /login is the service worker's copy of the app: this page never showed the
  // login screen (it started signed in), so its code is not in memory.
  await esperarServiceWorker(page)
  await context.setOffline(true)
  await page.getByLabel(/^Dirección/).fill('Camino Real 1, Osorno')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.getByRole('button', { name: /^1 cambio pendiente de envío/ }).waitFor()

  await page.getByRole('button', { name: 'Salir' }).click()
  const aviso = page.getByRole('alertdialog', { name: 'Cambios sin enviar' })
  await aviso.getByText('Hay 1 cambio sin enviar. Si sale ahora se perderá. ¿Desea salir de todos modos?').waitFor()
  await aviso.getByRole('button', { name: 'Cancelar' }).click()
  expect(page.url()).toBe(`${portal.url}/info/personal`)
  await page.getByRole('button', { name: /^1 cambio pendiente de envío/ }).waitFor()

  await page.getByRole('button', { name: 'Salir' }).click()
  const consultasTrasSalir: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/') && !r.url().endsWith('/api/auth/logout')) consultasTrasSalir.push(r.url())
  })
  await page
    .getByRole('alertdialog', { name: 'Cambios sin enviar' })
    .getByRole('button', { name: 'Salir de todos modos' })
    .click()
  await page.waitForURL(`${portal.url}/login`)
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
  // The discarded change never reaches the server, even with the connection back: once the page
  // has handled its 'online' event (what sends an outbox and refreshes screens), its outbox is
  // wiped and nothing was asked of the server.
  await page.evaluate(() => {
    const ventana = window as unknown as { enLinea: Promise<void> }
    ventana.enLinea = new Promise((listo) => window.addEventListener('online', () => listo(), { once: true }))
  })
  await context.setOffline(false)
  await page.evaluate(async () => {
    await (window as unknown as { enLinea: Promise<void> }).enLinea
    // Past the handlers' own promises too.
    await new Promise((listo) => setTimeout(listo, 0))
  })
  await esperarAlmacenVacio(page, 'portal-outbox', 'items')
  expect(await direccionEnServidor()).not.toBe('Camino Real 1, Osorno')
  // The screens left behind ask the server nothing more: no 'Sesión expirada' after a Salir.
  expect(consultasTrasSalir).toEqual([])
  expect(await page.getByRole('alertdialog').count()).toBe(0)
  await context.close()
})

test('Salir with edits typed but not saved warns too, and Cancelar keeps them in the form', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  await page.getByLabel(/^Dirección/).fill('Pasaje Los Olmos 12, Chillán')
  // The draft is written a moment after the last keystroke.
  await esperarBorrador(page, 'Pasaje Los Olmos 12, Chillán')

  await page.getByRole('button', { name: 'Salir' }).click()
  const aviso = page.getByRole('alertdialog', { name: 'Cambios sin enviar' })
  await aviso
    .getByText('Hay 1 formulario con cambios sin guardar. Si sale ahora se perderá. ¿Desea salir de todos modos?')
    .waitFor()
  await aviso.getByRole('button', { name: 'Cancelar' }).click()
  expect(page.url()).toBe(`${portal.url}/info/personal`)
  expect(await page.getByLabel(/^Dirección/).inputValue()).toBe('Pasaje Los Olmos 12, Chillán')
  await context.close()
})
