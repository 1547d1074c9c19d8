import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { abrirInformacionPersonal, adelantarRelojHasta, esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { abrirEnlaceLento, type EnlaceLento } from '../support/enlace-lento.ts'
import { consultarDb } from '../support/servidor.ts'

// A phone on a weak signal (360 px wide, its uploads through a slow link) loses the connection
// while a document is on its way: the upload waits, shows how far it got (also after a reload
// with no network), and when the connection returns it resumes from where the server got to,
// so the server receives well under twice the file.

const portal = prepararPortal({ throttle: 'off' })
const carpeta = mkdtempSync(join(tmpdir(), 'portal-subidas-e2e-'))
let enlace: EnlaceLento
beforeAll(async () => {
  enlace = await abrirEnlaceLento(portal.url)
})
afterAll(async () => {
  await enlace?.cerrar()
  rmSync(carpeta, { recursive: true, force: true })
})

/** A PDF of `tamanno` bytes. */
function pdf(tamanno: number): Buffer {
  const bytes = Buffer.alloc(tamanno, 0x20)
  bytes.write('%PDF-1.4\n% subida cortada\n', 0)
  for (let i = 64; i < tamanno - 16; i += 97) bytes[i] = 0x41 + (i % 26)
  bytes.write('\n%%EOF\n', tamanno - 7)
  return bytes
}

/** The value (0-100) of the upload's progress bar in the document's row, or null when none. */
function porcentaje(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const barra = document.querySelector('progress')
    return barra ? Number(barra.value) : null
  })
}

test('an upload cut by going offline at 40% keeps its progress through a reload and finishes from there once back online', async () => {
  // The page talks to the server through the weak link.
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl', direccion: enlace.url })
  // The page's clock runs as usual; offline it is moved past the upload's retries (see below).
  await context.clock.install()
  await abrirInformacionPersonal(page, enlace.url)
  await esperarServiceWorker(page)
  const documento = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Certificado de Trabajo/ }) })
  const archivo = pdf(1_500_000)
  const ruta = join(carpeta, 'trabajo.pdf')
  writeFileSync(ruta, archivo)

  // About 2 Mbit/s up: the 1.5 MB file takes some six seconds, time to be cut part-way.
  enlace.velocidad = 250_000
  enlace.reiniciarCuenta()
  await page.getByLabel('Subir Certificado de Trabajo').setInputFiles(ruta)
  await documento.getByText(/^Subiendo trabajo\.pdf: \d+ %/).waitFor()
  await page.waitForFunction(() => Number(document.querySelector('progress')?.value ?? 0) >= 40, undefined, {
    polling: 50,
    timeout: 30_000,
  })
  await context.setOffline(true)
  enlace.cortar()
  const alCortar = enlace.enviados
  expect(alCortar).toBeLessThan(archivo.length)

  // Offline, and even after a reload: the document shows how far its upload got, in bytes too,
  // once the upload has given up its retries (1 and 3 seconds apart), which the clock skips.
  await adelantarRelojHasta(page, documento.getByText(/^Subido en parte trabajo\.pdf: \d+ % \(.+ de 1,4 MB\)/))
  await page.reload()
  await adelantarRelojHasta(page, documento.getByText(/^Subido en parte trabajo\.pdf: \d+ %/))
  const tras = (await porcentaje(page)) ?? 0
  expect(tras).toBeGreaterThanOrEqual(30)
  expect(tras).toBeLessThan(100)

  await context.setOffline(false)
  await documento.getByRole('link', { name: /^Descargar/ }).waitFor({ timeout: 60_000 })
  await documento.getByText('trabajo.pdf', { exact: true }).waitFor()
  // The bytes sent before the cut were not sent again: well under twice the file crossed the link.
  expect(enlace.enviados).toBeGreaterThan(archivo.length)
  expect(enlace.enviados).toBeLessThan(archivo.length * 1.5)
  const filas = await consultarDb<{ tamanno: number }>(
    portal.server.dataDir,
    "SELECT tamanno FROM archivos_personales WHERE alumno_id = 'alumno-estudiante' AND cod_documento = '21'",
  )
  expect(filas).toEqual([{ tamanno: archivo.length }])
  await context.close()
})
