import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { urlValidador } from '../../src/domain/urls.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from '../../server/db/seed/demo.ts'
import { escribirVideoConQr } from '../support/camara-falsa.ts'
import { prepararPortal } from '../support/e2e.ts'
import { lanzarNavegador } from '../support/navegador.ts'
import { iniciarSesion as sesionDeApi } from '../support/servidor.ts'

const portal = prepararPortal()

const resultado = (page: Page) => page.getByRole('status', { name: 'Resultado de la validación' })

/** The description the result shows of the demo certificate: term and value, in order. */
async function descripcion(page: Page): Promise<string[]> {
  return resultado(page)
    .locator('dt')
    .evaluateAll((dts) => dts.map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`))
}

const DESCRIPCION_DEMO = [
  'Documento: Certificado Programa',
  'Titular: Camila Andrea Rojas Soto',
  'Programa: Diplomado en Medicina Intensiva del Adulto',
  'Fecha de emisión: 17 de enero de 2025',
  `Código: ${DEMO_CERTIFICADO_VALIDO}`,
]

/** The demo certificate's signed PDF, downloaded by its holder as the list offers it. */
async function pdfDelCertificado(): Promise<Buffer> {
  const alumna = await sesionDeApi(portal.url, DEMO_CUENTAS.estudiante)
  const res = await alumna.get(`/api/documentos-emitidos/${DEMO_CERTIFICADO_VALIDO}`)
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

test('opening a validator URL with a valid code validates it at once and says what it certifies', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador?codcertificado=${DEMO_CERTIFICADO_VALIDO}`)
  expect(await page.getByLabel('Código del certificado').inputValue()).toBe(DEMO_CERTIFICADO_VALIDO)
  await resultado(page).getByText('Certificado Programa válido').first().waitFor()
  expect(await descripcion(page)).toEqual(DESCRIPCION_DEMO)
  expect(await resultado(page).locator('.mensaje--exito').count()).toBe(1)
  // It fits a 360-pixel phone: nothing to scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await context.close()
})

test('an unknown code is reported as not valid, in words', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador?codcertificado=NOEXISTE123`)
  await resultado(page).getByText('Documento no válido').waitFor()
  await resultado(page).getByText('no corresponde a ningún documento emitido por la escuela').waitFor()
  expect(await resultado(page).locator('.mensaje--error').count()).toBe(1)
  await context.close()
})

test('Validar is disabled while empty and a code over 64 characters does not correspond', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador`)
  const validar = page.getByRole('button', { name: 'Validar' })
  expect(await validar.isDisabled()).toBe(true)
  await page.getByLabel('Código del certificado').fill('A'.repeat(65))
  await validar.click()
  await page.getByText('El código ingresado no corresponde').first().waitFor()
  await page.getByRole('link', { name: 'Volver al inicio de sesión' }).waitFor()
  await context.close()
})

test('a network failure shows the validator internal-error message', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador`)
  await page.route('**/api/certificados/validar', (route) => route.abort('failed'))
  await page.getByLabel('Código del certificado').fill('CUALQUIERA')
  await page.getByRole('button', { name: 'Validar' }).click()
  await page.getByText('Ocurrió un error interno al realizar la validación, espere e intente nuevamente').waitFor()
  await context.close()
})

test('with no network the validator says it needs a connection, not an internal error', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador`)
  await page.getByRole('button', { name: 'Validar' }).waitFor()
  await context.setOffline(true)
  await page.getByLabel('Código del certificado').fill('CUALQUIERA')
  await page.getByRole('button', { name: 'Validar' }).click()
  await page.getByText(/^Sin conexión: validar un documento requiere internet/).waitFor()
  expect(await page.getByText(/error interno/).count()).toBe(0)
  await context.close()
})

test("the certificate's own signed PDF, chosen as a file, is recognised; a copy with one byte changed is not", async () => {
  const pdf = await pdfDelCertificado()
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/certificado/validador`)
  const archivo = page.getByLabel('Verificar un archivo PDF')
  await archivo.setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: pdf })
  await resultado(page).getByText('Certificado Programa válido').first().waitFor()
  expect(await descripcion(page)).toEqual(DESCRIPCION_DEMO)

  const cambiado = Buffer.from(pdf)
  const medio = cambiado.length >> 1
  cambiado[medio] = (cambiado[medio] ?? 0) ^ 0x01
  await archivo.setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: cambiado })
  await resultado(page)
    .getByText('El archivo no corresponde a ningún documento emitido por la escuela, o fue modificado.')
    .waitFor()
  expect(await resultado(page).getByText('Documento no válido').count()).toBe(1)
  expect(await resultado(page).locator('dl').count()).toBe(0)

  await archivo.setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a') })
  await resultado(page).getByText('El archivo elegido no es un PDF.').waitFor()
  await context.close()
})

// The QR path with a camera stream: Chromium's fake capture device plays a video of the demo
// certificate's QR (the address its PDF prints), its fake permission prompt answers, and the page
// reads the frames with the decoder a phone without BarcodeDetector uses (this Chromium has none).
let carpetaVideo: string
let video: string
beforeAll(() => {
  carpetaVideo = mkdtempSync(join(tmpdir(), 'camara-falsa-'))
  video = join(carpetaVideo, 'qr.y4m')
  escribirVideoConQr(video, urlValidador(portal.url, DEMO_CERTIFICADO_VALIDO))
})
afterAll(() => rmSync(carpetaVideo, { recursive: true, force: true }))

/** A browser of its own, whose camera prompt is answered as `respuesta` says. */
async function conCamara<T>(respuesta: 'permitir' | 'denegar', prueba: (page: Page) => Promise<T>): Promise<T> {
  const navegador = await lanzarNavegador([
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
    respuesta === 'permitir' ? '--use-fake-ui-for-media-stream' : '--use-fake-ui-for-media-stream=deny',
  ])
  try {
    const page = await (await navegador.newContext()).newPage()
    return await prueba(page)
  } finally {
    await navegador.close()
  }
}

test("'Escanear código QR' reads the certificate's QR from the camera, validates it and lets the camera go", async () => {
  await conCamara('permitir', async (page) => {
    await page.goto(`${portal.url}/certificado/validador`)
    await page.getByRole('button', { name: 'Escanear código QR' }).click()
    // The code may be read before a test could see the dialog: what shows it was the camera is
    // the code in the field, which nobody typed.
    const dialogo = page.getByRole('dialog', { name: 'Escanear código QR' })
    await resultado(page).getByText('Certificado Programa válido').first().waitFor({ timeout: 20_000 })
    expect(await dialogo.count()).toBe(0)
    expect(await page.getByLabel('Código del certificado').inputValue()).toBe(DEMO_CERTIFICADO_VALIDO)
    expect(await descripcion(page)).toEqual(DESCRIPCION_DEMO)
    // Focus went back to the button that opened the scanner, and no camera is left on.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Escanear código QR')
    expect(await page.locator('video').count()).toBe(0)
  })
})

test('the scanner says what it is doing, and Cancelar closes it', async () => {
  await conCamara('permitir', async (page) => {
    await page.goto(`${portal.url}/certificado/validador`)
    await page.evaluate(() => {
      // The camera sees a blank page: no QR to read, so the scanner waits, saying so.
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
      navigator.mediaDevices.getUserMedia = async (restricciones) => {
        const flujo = await original(restricciones)
        for (const pista of flujo.getTracks()) pista.stop()
        const lienzo = document.createElement('canvas')
        lienzo.width = 320
        lienzo.height = 240
        const ctx = lienzo.getContext('2d')
        if (ctx) {
          ctx.fillStyle = '#fff'
          ctx.fillRect(0, 0, 320, 240)
        }
        return lienzo.captureStream(5)
      }
    })
    await page.getByRole('button', { name: 'Escanear código QR' }).click()
    const dialogo = page.getByRole('dialog', { name: 'Escanear código QR' })
    await dialogo.getByRole('status').getByText('Cámara activa. Apunte al código QR impreso en el documento.').waitFor()
    expect(await dialogo.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    await dialogo.getByRole('button', { name: 'Cancelar' }).click()
    expect(await dialogo.count()).toBe(0)
    expect(await page.locator('video').count()).toBe(0)
  })
})

test('a denied camera gets a Spanish message in the scanner, and the typed code still validates', async () => {
  await conCamara('denegar', async (page) => {
    await page.goto(`${portal.url}/certificado/validador`)
    await page.getByRole('button', { name: 'Escanear código QR' }).click()
    const dialogo = page.getByRole('dialog', { name: 'Escanear código QR' })
    await dialogo
      .getByRole('alert')
      .getByText('No se pudo usar la cámara: no se dio permiso para usarla. Puede escribir el código manualmente.')
      .waitFor()
    await dialogo.getByRole('button', { name: 'Cancelar' }).click()
    expect(await dialogo.count()).toBe(0)
    await page.getByLabel('Código del certificado').fill(DEMO_CERTIFICADO_VALIDO)
    await page.getByRole('button', { name: 'Validar' }).click()
    await resultado(page).getByText('Certificado Programa válido').first().waitFor()
  })
})
