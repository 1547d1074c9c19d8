import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { esperarBorrador } from '../support/almacen-local.ts'
import { abrirInformacionPersonal, prepararPortal } from '../support/e2e.ts'
import { iniciarSesion as sesionApi } from '../support/servidor.ts'

// 'Información Personal' in the browser: the real server, the built app.

const portal = prepararPortal({ throttle: 'off' })
const carpeta = mkdtempSync(join(tmpdir(), 'portal-subidas-'))
afterAll(() => rmSync(carpeta, { recursive: true, force: true }))

const MENSAJE_EDAD = 'La fecha de Nacimiento no corresponde (Debe tener más de 18 años)'

async function opciones(select: Locator): Promise<string[]> {
  return select
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o.textContent ?? '').trim()).filter((t) => t !== 'Seleccione…'))
}

async function textoElegido(select: Locator): Promise<string> {
  return select.evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? '')
}

/** Every PUT /api/alumno/persona the page sends. */
function contarGuardados(page: Page): () => number {
  let n = 0
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/alumno/persona')) n++
  })
  return () => n
}

test('a student changes the address and the mobile, sees Datos Actualizados, and finds them after a reload', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  const direccion = page.getByLabel(/^Dirección/)
  expect(await direccion.inputValue()).toBe('Av. Providencia 1234, depto. 56')
  expect(await page.getByLabel('RUT').inputValue()).toBe('16.789.432-1')
  await page.waitForFunction((titulo) => document.title === titulo, 'Información Personal · Portal del Estudiante')
  expect(await page.getByLabel('Correo electrónico').isEditable()).toBe(false)
  expect(await page.getByRole('group', { name: 'Datos Personales' }).count()).toBe(1)
  expect(await page.getByRole('group', { name: 'Datos Profesionales' }).count()).toBe(1)

  await direccion.fill('Av. Italia 1550, depto. 302')
  // A 9-digit mobile, as people type it, is written back with Chile's code.
  await page.getByLabel(/^Teléfono celular/).fill('977771234')
  await direccion.click()
  expect(await page.getByLabel(/^Teléfono celular/).inputValue()).toBe('+56 9 7777 1234')
  // 'Guardar' is in reach at the bottom of the screen, however far down the form has scrolled.
  await page.evaluate(() => window.scrollTo(0, 0))
  const guardar = page.getByRole('button', { name: 'Guardar' })
  const caja = await guardar.boundingBox()
  expect(caja && caja.y + caja.height).toBeLessThanOrEqual(740)
  await guardar.click()
  // Confirmed beside the button, with nothing to dismiss.
  await page.locator('#personal-estado-envio').getByText('Datos Actualizados: sus datos fueron guardados.').waitFor()
  expect(await page.getByRole('alertdialog').count()).toBe(0)

  const servidor = await sesionApi(portal.url, 'estudiante@demo.cl')
  const { data } = (await (await servidor.get('/api/alumno/persona')).json()) as {
    data: { direccion: string; celular: string }
  }
  expect(data).toMatchObject({ direccion: 'Av. Italia 1550, depto. 302', celular: '+56 9 7777 1234' })

  // After a reload the persisted cache may paint the previous values for a moment (it is written
  // at most once a second); the refetch after restoring brings the saved ones into the form.
  await page.reload()
  await expect
    .poll(() => page.getByLabel(/^Dirección/).inputValue(), { timeout: 10_000 })
    .toBe('Av. Italia 1550, depto. 302')
  await expect
    .poll(() => page.getByLabel(/^Teléfono celular/).inputValue(), { timeout: 10_000 })
    .toBe('+56 9 7777 1234')
  await context.close()
})

test('a birth date under 18 years is said once, by its field, where the focus goes; nothing is saved', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  const guardados = contarGuardados(page)
  await abrirInformacionPersonal(page, portal.url)
  const hoy = new Date()
  const fecha = `${hoy.getFullYear() - 17}-01-15`
  await page.getByLabel(/^Fecha de nacimiento/).fill(fecha)
  await page.getByRole('button', { name: 'Guardar' }).click()
  const campo = page.getByLabel(/^Fecha de nacimiento/)
  await page.getByText(MENSAJE_EDAD).waitFor()
  // One message: no dialog repeats it, and the field's hint about the age gives way to it.
  expect(await page.getByRole('alertdialog').count()).toBe(0)
  expect(await page.getByText(/18 años/).count()).toBe(1)
  expect(await campo.getAttribute('aria-invalid')).toBe('true')
  // The message is tied to the field, not only shown in colour.
  const descrito = (await campo.getAttribute('aria-describedby')) ?? ''
  expect(await page.locator(`[id="${descrito.split(' ').at(-1)}"]`).textContent()).toBe(MENSAJE_EDAD)
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(await campo.getAttribute('id'))
  expect(guardados()).toBe(0)
  await context.close()
})

test('an empty required field opens Faltan datos requeridos and marks the field with text and aria-invalid', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  const guardados = contarGuardados(page)
  await abrirInformacionPersonal(page, portal.url)
  await page.getByLabel(/^Teléfono particular/).fill('')
  await page.getByRole('button', { name: 'Guardar' }).click()
  const dialogo = page.getByRole('alertdialog', { name: 'Faltan datos requeridos' })
  await dialogo.getByText(/marcados en rojo/).waitFor()
  await dialogo.getByRole('button', { name: 'Aceptar' }).click()
  const telefono = page.getByLabel(/^Teléfono particular/)
  expect(await telefono.getAttribute('aria-invalid')).toBe('true')
  await page.getByText('Campo obligatorio y debe ser válido').first().waitFor()
  expect(guardados()).toBe(0)
  await context.close()
})

test('a foreign student sees the passport, not the RUT, and the residence fields; Chilean nationality removes them', async () => {
  const { page, context } = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  expect(await page.getByLabel('Pasaporte').inputValue()).toBe('AAF482913')
  expect(await page.getByLabel('RUT').count()).toBe(0)
  expect(await textoElegido(page.getByLabel(/^Tipo de residencia/))).toBe('Con residencia previa en Chile')
  expect(await textoElegido(page.getByLabel(/^País de origen/))).toBe('Argentina')

  await page.getByLabel(/^Nacionalidad/).selectOption({ label: 'Chilena' })
  expect(await page.getByLabel(/^Tipo de residencia/).count()).toBe(0)
  expect(await page.getByLabel(/^País de origen/).count()).toBe(0)
  // Back to a foreign nationality: the fields return, empty (Chile cleared them).
  await page.getByLabel(/^Nacionalidad/).selectOption({ label: 'Peruana' })
  expect(await page.getByLabel(/^Tipo de residencia/).inputValue()).toBe('')
  await context.close()
})

test('a country other than Chile limits region to INTERNACIONAL and comuna to OTRA; a region loads its comunas and a comuna sets the city', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  const region = page.getByLabel(/^Región/)
  const comuna = page.getByLabel(/^Comuna/)
  const ciudad = page.getByLabel('Ciudad')
  expect(await opciones(region)).not.toContain('INTERNACIONAL')

  await page.getByLabel(/^País de residencia/).selectOption({ label: 'Argentina' })
  expect(await opciones(region)).toEqual(['INTERNACIONAL'])
  expect(await textoElegido(region)).toBe('INTERNACIONAL')
  await expect.poll(() => opciones(comuna)).toEqual(['OTRA'])
  expect(await textoElegido(comuna)).toBe('OTRA')

  await page.getByLabel(/^País de residencia/).selectOption({ label: 'Chile' })
  expect(await region.inputValue()).toBe('')
  expect(await opciones(region)).toContain('Región de Valparaíso')
  await region.selectOption({ label: 'Región de Valparaíso' })
  await expect.poll(() => opciones(comuna)).toContain('Viña del Mar')
  expect(await opciones(comuna)).not.toContain('Providencia')
  await comuna.selectOption({ label: 'Viña del Mar' })
  expect(await ciudad.inputValue()).toBe('Viña del Mar')

  await region.selectOption({ label: 'Región Metropolitana de Santiago' })
  expect(await ciudad.inputValue()).toBe('')
  await expect.poll(() => opciones(comuna)).toContain('Puente Alto')
  await comuna.selectOption({ label: 'Puente Alto' })
  // The city comes from the comuna-city map, not from the comuna's own name.
  expect(await ciudad.inputValue()).toBe('Santiago')
  await context.close()
})

test('uploading a PDF shows a labelled progress bar, then the file with Descargar', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  const documento = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Certificado de Licenciatura o Título/ }) })
  await documento.getByText('Obligatorio', { exact: true }).waitFor()
  await documento.getByText('Sin archivo', { exact: true }).waitFor()

  // About 1.5 MB, with the upload throttled, so the bar is on screen long enough to be seen.
  const ruta = join(carpeta, 'titulo.pdf')
  writeFileSync(
    ruta,
    Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_500_000, 0x20), Buffer.from('\n%%EOF\n')]),
  )
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1_000_000,
  })

  await page.getByLabel('Subir Certificado de Licenciatura o Título').setInputFiles(ruta)
  const barra = page.getByRole('progressbar', { name: /^Subiendo titulo\.pdf: \d+ %( \(.+ de .+\))?$/ })
  await barra.waitFor()
  await expect.poll(async () => Number(await barra.getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(0)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })

  await documento.getByText('titulo.pdf').waitFor({ timeout: 20_000 })
  const descargar = documento.getByRole('link', { name: /^Descargar/ })
  expect(await descargar.getAttribute('href')).toMatch(/^\/api\/alumno\/documentos\/[\w-]+$/)
  await page.getByLabel('Reemplazar Certificado de Licenciatura o Título').waitFor()
  expect(await barra.count()).toBe(0)
  await context.close()
})

test('a file whose content is not what its name says is refused before any upload', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  let subidas = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/alumno/documentos')) subidas++
  })
  await abrirInformacionPersonal(page, portal.url)
  const ruta = join(carpeta, 'falso.pdf')
  writeFileSync(ruta, '<html>no soy un PDF</html>')
  await page.getByLabel('Subir Certificado de Trabajo').setInputFiles(ruta)
  await page.getByText('El archivo debe ser PDF, JPG o PNG, y su contenido debe corresponder a su extensión.').waitFor()
  expect(await page.getByLabel('Subir Certificado de Trabajo').getAttribute('aria-invalid')).toBe('true')
  expect(subidas).toBe(0)
  await context.close()
})

test('leaving with unsaved edits asks first; a reload brings the draft back and Descartar borrador restores the saved data', async () => {
  const { page, context } = await portal.newPage({ sesion: 'sinsolicitudes@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  const nombres = page.getByLabel(/^Nombres/)
  const original = await nombres.inputValue()
  await nombres.fill('Joaquín Andrés')

  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' }).click()
  const aviso = page.getByRole('alertdialog', { name: 'Cambios sin guardar' })
  await aviso.getByText('Tiene cambios sin guardar. ¿Desea salir de todos modos?').waitFor()
  await aviso.getByRole('button', { name: 'Seguir editando' }).click()
  expect(page.url()).toBe(`${portal.url}/info/personal`)

  // The draft is written a moment after the last keystroke.
  await esperarBorrador(page, 'Joaquín Andrés')
  page.once('dialog', (d) => void d.accept())
  await page.reload()
  await page.getByText('Se recuperó un borrador sin enviar').waitFor()
  expect(await page.getByLabel(/^Nombres/).inputValue()).toBe('Joaquín Andrés')
  await page.getByRole('button', { name: 'Descartar borrador' }).click()
  await expect.poll(() => page.getByLabel(/^Nombres/).inputValue(), { timeout: 10_000 }).toBe(original)
  expect(await page.getByText('Se recuperó un borrador sin enviar').count()).toBe(0)

  // Nothing unsaved any more: the navigation goes without asking.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' }).click()
  await page.waitForURL(`${portal.url}/home`)
  await context.close()
})
