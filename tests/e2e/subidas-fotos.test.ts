import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import type { Locator, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { BYTES_POR_MB, TAMANO_MAXIMO_MB } from '../../src/domain/documentos.ts'
import { leerCabeceraJpeg } from '../../src/domain/fotos.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { abrirInformacionPersonal, prepararPortal } from '../support/e2e.ts'
import { conOrientacionExif, dibujarFotoDeDocumento } from '../support/fotos.ts'

// Photos of documents on a 360-pixel phone: a 12-megapixel photo over the upload limit is shrunk
// on the phone, shown with its size before and after, and what the server stores is the small
// JPEG, upright; several photos become one PDF with a page each, in the order the student chose;
// an iPhone's HEIC is converted. The files are made by the browser's canvas on the spot (a small
// HEIC made with libheif is the only one kept in the repository: tests/support/pagina.heic).

const portal = prepararPortal({ throttle: 'off' })

async function foto(page: Page, ancho: number, alto: number, marca: string): Promise<Buffer> {
  const b64 = await page.evaluate(dibujarFotoDeDocumento, { ancho, alto, calidad: 0.95, ruido: 36, marca })
  return Buffer.from(b64, 'base64')
}

function documento(page: Page, nombre: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nombre, level: 3 }) })
}

/** The file the server stored, through the student's own download link. */
async function archivoGuardado(page: Page, doc: Locator): Promise<Buffer> {
  const enlace = doc.getByRole('link', { name: /^Descargar/ })
  await enlace.waitFor({ timeout: 20_000 })
  const respuesta = await page.request.get(`${portal.url}${await enlace.getAttribute('href')}`)
  expect(respuesta.status()).toBe(200)
  return respuesta.body()
}

test('a 6 MB, 12-megapixel photo taken upright is shrunk on the phone, shown before and after, and stored as a small upright JPEG', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  const doc = documento(page, 'Certificado de Licenciatura o Título')
  await doc.getByText('Sin archivo', { exact: true }).waitFor()

  // On a phone, 'Tomar foto' opens the camera (the back one).
  expect(await page.getByLabel('Tomar foto de Certificado de Licenciatura o Título').getAttribute('capture')).toBe(
    'environment',
  )
  // Stored 4000 x 3000 with EXIF orientation 6, as a phone held upright writes it.
  const original = Buffer.from(conOrientacionExif(await foto(page, 4000, 3000, 'A'), 6))
  expect(original.length).toBeGreaterThan(TAMANO_MAXIMO_MB * BYTES_POR_MB)
  let subidas = 0
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/alumno/documentos')) subidas++
  })
  await page
    .getByLabel('Subir Certificado de Licenciatura o Título')
    .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: original })

  const tamano = doc.getByText(/^\d+,\d MB → [\d,]+ (KB|MB) \(1500 × 2000 px\)$/)
  await tamano.waitFor({ timeout: 20_000 })
  const [antes, despues] = ((await tamano.textContent()) ?? '').split(' → ')
  expect(antes).toBe(`${(original.length / BYTES_POR_MB).toFixed(1).replace('.', ',')} MB`)
  expect(despues).toBeDefined()
  await doc.getByRole('img', { name: 'Vista previa de la página 1 de Certificado de Licenciatura o Título' }).waitFor()
  await doc.getByText('Certificado de Licenciatura o Título: foto lista para enviar').waitFor()
  // Nothing leaves before the student sends it.
  expect(subidas).toBe(0)
  expect(await hallazgosGraves(page, '.documento:has(.foto-paginas)')).toEqual([])

  await doc.getByRole('button', { name: 'Enviar documento Certificado de Licenciatura o Título' }).click()
  await doc.getByRole('status').getByText('IMG_0001.jpg: subido correctamente.').waitFor({ timeout: 20_000 })
  const guardado = await archivoGuardado(page, doc)
  // The compressed file is what was stored: well under the limit, a JPEG, upright (portrait).
  expect(guardado.length).toBeLessThan(TAMANO_MAXIMO_MB * BYTES_POR_MB)
  expect(guardado.length).toBeLessThanOrEqual(1.5 * BYTES_POR_MB)
  expect(guardado.length).toBeLessThan(original.length / 4)
  expect(leerCabeceraJpeg(new Uint8Array(guardado))).toMatchObject({ ancho: 1500, alto: 2000, orientacion: 1 })
  await doc.getByText('IMG_0001.jpg', { exact: true }).waitFor()
  await context.close()
})

test('three photos made into one PDF: pages added, reordered with the keyboard and removed; the stored PDF has three pages in that order', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  const doc = documento(page, 'Certificado de Trabajo')
  await doc.getByText('Sin archivo', { exact: true }).waitFor()
  const vertical1 = await foto(page, 1800, 2400, '1')
  const horizontal = await foto(page, 2400, 1800, '2')
  const vertical3 = await foto(page, 1800, 2400, '3')

  await page
    .getByLabel('Subir Certificado de Trabajo')
    .setInputFiles({ name: 'p1.jpg', mimeType: 'image/jpeg', buffer: vertical1 })
  await doc.getByText('Página 1: p1.jpg').waitFor({ timeout: 20_000 })
  const agregar = doc.getByLabel('Agregar página a Certificado de Trabajo')
  for (const [nombre, buffer] of [
    ['p2.jpg', horizontal],
    ['p3.jpg', vertical3],
    ['p4.jpg', vertical1],
  ] as const) {
    await agregar.setInputFiles({ name: nombre, mimeType: 'image/jpeg', buffer })
    await doc.getByText(`: ${nombre}`).waitFor({ timeout: 20_000 })
  }
  await doc.getByText('Certificado de Trabajo: 4 páginas, se enviarán como un solo PDF').waitFor()

  // Removed: the fourth page; the focus goes to the page now last.
  await doc.getByRole('button', { name: 'Quitar la página 4' }).click()
  await doc.getByText('Certificado de Trabajo: 3 páginas, se enviarán como un solo PDF').waitFor()
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Quitar la página 3')

  // The landscape page 2 moved to the top with the keyboard: the focus stays on that page.
  await doc.getByRole('button', { name: 'Mover arriba la página 2' }).focus()
  await page.keyboard.press('Enter')
  await doc.getByText('Página 1: p2.jpg').waitFor()
  await doc.getByText('Página 2: p1.jpg').waitFor()
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Mover abajo la página 1')
  expect(await doc.getByRole('button', { name: 'Mover arriba la página 1' }).isDisabled()).toBe(true)
  expect(await hallazgosGraves(page, '.documento:has(.foto-paginas)')).toEqual([])

  await doc.getByRole('button', { name: 'Enviar documento Certificado de Trabajo' }).click()
  await doc
    .getByRole('status')
    .getByText('certificado-de-trabajo.pdf: subido correctamente.')
    .waitFor({ timeout: 30_000 })
  const pdf = await PDFDocument.load(await archivoGuardado(page, doc))
  expect(pdf.getPageCount()).toBe(3)
  const orientaciones = pdf.getPages().map((p) => (p.getWidth() > p.getHeight() ? 'horizontal' : 'vertical'))
  expect(orientaciones).toEqual(['horizontal', 'vertical', 'vertical'])
  expect(pdf.getTitle()).toBe('Certificado de Trabajo')
  await context.close()
})

test("an iPhone's HEIC photo is converted on the phone and stored as a JPEG", async () => {
  const { page, context } = await portal.newPage({ sesion: 'sinsolicitudes@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  const doc = documento(page, 'Certificado de Trabajo')
  await doc.getByText('Sin archivo', { exact: true }).waitFor()
  const heic = readFileSync(join(import.meta.dirname, '../support/pagina.heic'))
  await page
    .getByLabel('Subir Certificado de Trabajo')
    .setInputFiles({ name: 'IMG_0002.HEIC', mimeType: 'image/heic', buffer: heic })
  await doc.getByText(/^[\d,]+ KB → [\d,]+ KB \(480 × 640 px\)$/).waitFor({ timeout: 30_000 })
  await doc.getByRole('button', { name: 'Enviar documento Certificado de Trabajo' }).click()
  await doc.getByRole('status').getByText('IMG_0002.jpg: subido correctamente.').waitFor({ timeout: 20_000 })
  expect(leerCabeceraJpeg(new Uint8Array(await archivoGuardado(page, doc)))).toMatchObject({ ancho: 480, alto: 640 })
  await context.close()
})

test("in an enrolment's documents dialog: a photo is prepared, sent and stored with the enrolment's name", async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Solicitudes' }).click()
  const fila = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'INS-25-30145' }) })
  await fila.getByRole('button', { name: /^Ver detalle de la solicitud/ }).click()
  await fila.getByRole('button', { name: /documentos subidos de la solicitud INS-25-30145/ }).click()
  const dialogo = page.getByRole('dialog', { name: 'Documentos de la solicitud INS-25-30145' })
  const doc = dialogo.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Certificado EUNACOM' }) })
  await doc.getByText('Sin archivo', { exact: true }).waitFor()
  const imagen = await foto(page, 2400, 1800, 'E')
  await dialogo
    .getByLabel('Subir Certificado EUNACOM')
    .setInputFiles({ name: 'eunacom.jpg', mimeType: 'image/jpeg', buffer: imagen })
  await doc.getByText(/→ [\d,]+ (KB|MB) \(2000 × 1500 px\)$/).waitFor({ timeout: 20_000 })
  expect(await hallazgosGraves(page, '.documento:has(.foto-paginas)')).toEqual([])
  await doc.getByRole('button', { name: 'Enviar documento Certificado EUNACOM' }).click()
  await doc.getByRole('status').getByText('eunacom.jpg: subido correctamente.').waitFor({ timeout: 20_000 })
  await doc.getByText('Pro-INS-25-30145-eunacom.jpg').waitFor()
  expect(leerCabeceraJpeg(new Uint8Array(await archivoGuardado(page, doc)))).toMatchObject({ ancho: 2000, alto: 1500 })
  await context.close()
})

test('a file that is neither a PDF nor a photo it says it is is refused with a Spanish message, and nothing is kept', async () => {
  const { page, context } = await portal.newPage({ sesion: 'sinsolicitudes@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  const doc = documento(page, 'Certificado de Licenciatura o Título')
  let subidas = 0
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/alumno/documentos')) subidas++
  })
  await page
    .getByLabel('Subir Certificado de Licenciatura o Título')
    .setInputFiles({ name: 'foto.webp', mimeType: 'image/webp', buffer: Buffer.from('no soy una foto') })
  await doc
    .getByRole('alert')
    .getByText(
      'El archivo debe ser un PDF o una foto JPG, PNG, WebP o HEIC, y su contenido debe corresponder a su extensión.',
    )
    .waitFor()
  // A real photo header with nothing decodable behind it.
  await page.getByLabel('Subir Certificado de Licenciatura o Título').setInputFiles({
    name: 'rota.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 1)]),
  })
  await doc.getByRole('alert').getByText('No fue posible abrir la foto. Elija otra foto o un PDF.').waitFor()
  expect(await doc.getByRole('button', { name: /^Enviar documento/ }).count()).toBe(0)
  await doc.getByText('Sin archivo', { exact: true }).waitFor()
  expect(subidas).toBe(0)
  await context.close()
})
