import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import yauzl from 'yauzl'
import { expect, test } from 'vitest'
import { DEMO_CUENTAS } from '../../server/db/seed/demo.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { AGENCIA, MENSAJE_CONFIRMAR_SUPRESION } from '../../src/domain/derechos.ts'
import { REGISTRO_DATOS } from '../../src/domain/registro-datos.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, iniciarSesion, prepararPortal } from '../support/e2e.ts'
import { leerCorreos } from '../support/servidor.ts'
import { MENSAJE_LOGIN_INCORRECTO } from '../../server/alumnos/cuentas.ts'

// A student's data and rights (Ley 19.628 as amended by Ley 21.719), on a phone and at a desk: the
// student downloads everything and the ZIP opens with the JSON, the readable page and the files;
// files a suppression request after reading what stays; the school's data protection officer
// answers it from the queue: on the phone a refusal, which the student reads in the app; at the
// desk an approval, whose answer (what was deleted, what was kept and why) reaches the student's
// old address, and her old sign-in no longer works. Axe on each new screen.
const portal = prepararPortal({ throttle: 'off' })

function entradasDelZip(ruta: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(readFileSync(ruta), { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('sin zip'))
      const nombres: string[] = []
      zip.on('entry', (e: yauzl.Entry) => {
        nombres.push(e.fileName)
        zip.readEntry()
      })
      zip.on('end', () => resolve(nombres))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

/** The answer to request `numero`, from the mail folder, once it is written. */
async function respuestaPorCorreo(email: string, numero: string) {
  for (let intento = 0; intento < 200; intento++) {
    const correo = leerCorreos(portal.server.dataDir).find(
      (m) => m.to.includes(email) && m.subject === `Respondimos su solicitud N° ${numero}`,
    )
    if (correo) return correo
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no llegó la respuesta a la solicitud ${numero}`)
}

const ALUMNA_DE_ANCHO: Record<number, string> = {
  360: DEMO_CUENTAS.estudiante,
  [ANCHO_ESCRITORIO]: DEMO_CUENTAS.extranjera,
}

for (const ancho of [360, ANCHO_ESCRITORIO]) {
  test(`at ${ancho} px a student downloads her data, asks for suppression, the delegate answers and she reads it`, async () => {
    const alumna = await portal.newPage({ ancho, sesion: ALUMNA_DE_ANCHO[ancho]! })
    const page = alumna.page
    await page.goto(`${portal.url}/info/personal`)
    await page.getByRole('link', { name: 'Mis datos: descargarlos y ejercer mis derechos' }).click()
    await page.getByRole('heading', { level: 1, name: 'Mis datos' }).waitFor()
    expect(await hallazgosGraves(page), 'mis datos').toEqual([])

    // The download: ready at once for a small one, a ZIP with the JSON, the page and the files.
    await page.getByRole('button', { name: 'Descargar mis datos' }).click()
    await page.getByText('Su copia está lista: descárguela abajo.').waitFor()
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Descargar el ZIP/ }).click(),
    ])
    expect(descarga.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.zip$/)
    const carpeta = mkdtempSync(join(tmpdir(), 'mis-datos-'))
    const ruta = join(carpeta, descarga.suggestedFilename())
    await descarga.saveAs(ruta)
    const entradas = await entradasDelZip(ruta)
    rmSync(carpeta, { recursive: true, force: true })
    expect(entradas).toContain('datos.json')
    expect(entradas).toContain('mis-datos.html')
    expect(entradas.filter((e) => e.startsWith('archivos/')).length).toBeGreaterThan(0)
    // A second one this quarter is throttled, in words.
    await page.getByRole('button', { name: 'Descargar mis datos' }).click()
    await page
      .getByText(/^Ya descargó sus datos este trimestre/)
      .first()
      .waitFor()

    // Suppression: what is deleted and what stays are shown before it is sent.
    await page.getByLabel('Derecho que quiere ejercer').selectOption({ label: 'Supresión' })
    await page.getByRole('heading', { name: 'Qué se conservará, y por qué' }).waitFor()
    await page.getByText(REGISTRO_DATOS.pagos.nombre, { exact: true }).first().waitFor()
    expect(await hallazgosGraves(page), 'formulario de supresión').toEqual([])
    await page.getByRole('button', { name: 'Enviar solicitud' }).click()
    await page.getByText(MENSAJE_CONFIRMAR_SUPRESION).waitFor()
    await page.getByLabel('Leí qué se eliminará y qué se conservará').check()
    await page.getByRole('button', { name: 'Enviar solicitud' }).click()
    const acuse = page.getByText(/^Recibimos su solicitud de supresión N° D-/).first()
    await acuse.waitFor()
    const numero = /N° (D-[0-9A-F]{6})/.exec((await acuse.textContent()) ?? '')![1]!
    const solicitud = page.getByRole('article', { name: `Solicitud N° ${numero}: Supresión` })
    await solicitud.getByText('Recibida, en trámite').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho)
    await alumna.context.close()

    // The data protection officer answers it from the queue.
    const delegado = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.delegado })
    await delegado.page.goto(`${portal.url}/admin/home`)
    await delegado.page.getByRole('link', { name: /Solicitudes de privacidad por responder/ }).click()
    await delegado.page.getByRole('heading', { level: 1, name: 'Privacidad' }).waitFor()
    expect(await hallazgosGraves(delegado.page), 'cola de solicitudes').toEqual([])
    await delegado.page.getByRole('button', { name: `Atender la solicitud ${numero}` }).click()
    const dialogo = delegado.page.getByRole('dialog', { name: `Solicitud N° ${numero}: Supresión` })
    await dialogo.getByRole('heading', { name: 'Qué se conserva aunque se apruebe, y por qué' }).waitFor()
    expect(await hallazgosGraves(delegado.page), 'solicitud abierta').toEqual([])
    if (ancho === 360) {
      await dialogo.getByLabel('Rechazar con fundamentos').check()
      await dialogo
        .getByRole('textbox', { name: /Fundamentos del rechazo/ })
        .fill('Hay una inscripción vigente cuyo contrato requiere sus datos hasta su término.')
      await dialogo.getByRole('button', { name: 'Rechazar' }).click()
      await dialogo.waitFor({ state: 'detached' })
      await delegado.page
        .getByRole('row', { name: new RegExp(numero) })
        .getByText('Rechazada')
        .waitFor()
      await delegado.context.close()

      // The student reads the answer in the app.
      const otra = await portal.newPage({ ancho, sesion: ALUMNA_DE_ANCHO[ancho]! })
      await otra.page.goto(`${portal.url}/privacidad/mis-datos`)
      const leida = otra.page.getByRole('article', { name: `Solicitud N° ${numero}: Supresión` })
      await leida.getByText('Rechazada', { exact: true }).waitFor()
      await leida.getByText(/Hay una inscripción vigente/).waitFor()
      await leida.getByText(new RegExp(AGENCIA)).waitFor()
      expect(await hallazgosGraves(otra.page), 'mis datos con la respuesta').toEqual([])
      await otra.context.close()
      return
    }
    await dialogo.getByLabel('Aprobar y aplicar la supresión').check()
    await dialogo.getByRole('button', { name: 'Aprobar' }).click()
    await dialogo.waitFor({ state: 'detached' })
    await delegado.page
      .getByRole('row', { name: new RegExp(numero) })
      .getByText('Aprobada')
      .waitFor()
    await delegado.context.close()

    // The answer reaches the address she had; her old data no longer signs her in.
    const respuesta = await respuestaPorCorreo(ALUMNA_DE_ANCHO[ancho]!, numero)
    expect(respuesta.text).toContain('Se eliminó o anonimizó')
    expect(respuesta.text).toContain(REGISTRO_DATOS.solicitudesDerechos.nombre)
    const otra = await portal.newPage({ ancho })
    await iniciarSesion(otra.page, portal.url, ALUMNA_DE_ANCHO[ancho]!)
    await otra.page.getByText(MENSAJE_LOGIN_INCORRECTO).first().waitFor()
    expect(otra.page.url()).toContain('/login')
    await otra.context.close()
  })
}
