import { expect, test } from 'vitest'
import { pagarConTarjeta, prepararPortal } from '../support/e2e.ts'
import { consultarDb } from '../support/servidor.ts'
import { DURACION_TOAST_MS } from '../../src/ui/toasts.ts'

// Contests and job offers in the browser, on a 360-pixel-wide phone: from a contest link to a paid
// application (through the portal's sandbox gateway), the list, a closed contest, the paid demo
// application and its documents, and the job offers.

const portal = prepararPortal({ throttle: 'off' })

test('from a contest link signed out: register (signed in at once), pay the fee in the sandbox, and see the application paid with its receipt', async () => {
  const { page, context } = await portal.newPage()
  // The page's clock runs as usual, but the welcome notice's five seconds are skipped (see below).
  await context.clock.install()
  await page.goto(`${portal.url}/?concurso=7`)
  await page.waitForURL(`${portal.url}/login`)
  await page.getByRole('link', { name: 'Regístrese' }).click()
  await page.waitForURL(`${portal.url}/register`)
  await page.getByLabel('Nombres').fill('Josefa')
  await page.getByLabel('Apellidos').fill('Muñoz Pérez')
  await page.getByLabel('Tipo de documento').selectOption('RUT')
  await page.getByLabel('Número de documento').fill('11.111.111-1')
  await page.getByLabel('Correo electrónico').fill('josefa.munoz@demo.cl')
  await page.getByLabel('Teléfono').fill('+56 9 8765 4321')
  await page.getByLabel(/^Contraseña/).fill('Postula2026')
  await page.getByLabel('Confirmar contraseña').fill('Postula2026')
  await page.getByRole('button', { name: 'Crear cuenta' }).click()

  // Registered, the applicant is signed in and goes on to the contest.
  await page.waitForURL(`${portal.url}/concurso/derechopostulacion/7`)
  await page.getByRole('heading', { name: 'Derecho de postulación', level: 1 }).waitFor()
  await page.getByRole('link', { name: 'Medicina Interna' }).waitFor()
  await page.getByText('Postulación abierta').waitFor()
  expect(await page.getByText('$85.000', { exact: true }).count()).toBe(1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // On a phone the account's welcome notice sits over the button for its five seconds: the page's
  // clock moves past them instead of the test waiting them out.
  await page.clock.fastForward(DURACION_TOAST_MS)
  await page.getByRole('region', { name: 'Notificaciones' }).getByText('¡Éxito!').waitFor({ state: 'detached' })
  // Paying applies first, then goes to the sandbox gateway by a form POST of token_ws.
  await page.getByRole('button', { name: 'Pagar $85.000' }).click()
  await pagarConTarjeta(page, '4051 8856 0044 6623')
  await page.waitForURL(/\/pagos\/respuesta\/[0-9a-f-]{36}$/)
  await page.getByText('Pago aprobado').waitFor()
  // The next step, not a way back.
  await page.getByRole('link', { name: 'Subir documentos de mi postulación' }).click()

  // The application: paid, with its signed receipt.
  await page.waitForURL(`${portal.url}/concurso/derechopostulacion/detalle/7`)
  await page.getByText(/^Pagado el /).waitFor()
  const comprobante = page.getByRole('link', { name: 'Comprobante de pago (PDF)' })
  const pdf = await page.request.get(`${portal.url}${await comprobante.getAttribute('href')}`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const postulaciones = await consultarDb<{ pagada_en: string | null }>(
    portal.server.dataDir,
    "select p.pagada_en from postulaciones p join alumnos a on a.id = p.alumno_id where a.email = 'josefa.munoz@demo.cl' and p.concurso_id = '7'",
  )
  expect(postulaciones).toEqual([{ pagada_en: expect.any(String) }])
  await context.close()
})

test('a contest detail link signed out shows the register link, opens the contest after signing in, and a refused payment says why', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/?concursoDetalle=8`)
  await page.waitForURL(`${portal.url}/login`)
  await page.getByRole('link', { name: 'Regístrese' }).waitFor()
  await page.getByLabel('Correo electrónico').fill('estudiante@demo.cl')
  await page.getByLabel(/^Contraseña/).fill('Demo2026')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL(`${portal.url}/concurso/detalle/8`)
  await page.getByRole('heading', { name: 'Concurso de Pediatría', level: 1 }).waitFor()
  await page.getByRole('heading', { name: 'Requisitos' }).waitFor()
  await page.getByText('Certificado de Inmunización Hepatitis B').waitFor()
  await page.getByRole('link', { name: 'Postular y pagar el derecho de postulación' }).click()
  await page.waitForURL(`${portal.url}/concurso/derechopostulacion/8`)
  // A payment the server refuses shows the server's own words, and nothing leaves the page.
  await page.route('**/api/pagos', (ruta) =>
    ruta.fulfill({ status: 409, json: { error: 'El derecho de postulación de este concurso ya está pagado.' } }),
  )
  await page.getByRole('button', { name: 'Pagar $85.000' }).click()
  await page
    .getByRole('alert')
    .getByText('El derecho de postulación de este concurso ya está pagado.', { exact: true })
    .waitFor()
  expect(page.url()).toBe(`${portal.url}/concurso/derechopostulacion/8`)
  await context.close()
})

test('the list: open contests as cards, upcoming and closed ones apart, on a phone without scrolling sideways', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.getByRole('navigation', { name: 'Accesos directos' }).getByRole('link', { name: 'Concursos' }).click()
  await page.getByRole('heading', { name: 'Concursos', level: 1 }).waitFor()

  const seccion = (nombre: string) => page.getByRole('region', { name: nombre })
  const titulos = async (nombre: string) => seccion(nombre).getByRole('heading', { level: 3 }).allTextContents()
  await seccion('Postulaciones abiertas').getByRole('article').first().waitFor()
  expect(await titulos('Postulaciones abiertas')).toEqual([
    'Anestesiología',
    'Medicina Interna',
    'Pediatría',
    'Psiquiatría Adulto',
  ])
  expect(await titulos('Próximos concursos')).toEqual(['Medicina Familiar'])
  expect(await titulos('Concursos cerrados')).toEqual(['Cirugía General'])
  const interna = page.getByRole('article', { name: 'Medicina Interna' })
  await interna.getByText('Hospital Clínico San Borja Arriarán, Santiago').waitFor()
  await interna.getByText('$85.000').waitFor()
  await interna.getByText(/^Del \d\d-\d\d-\d{4} al \d\d-\d\d-\d{4}$/).waitFor()
  await page.getByRole('article', { name: 'Anestesiología' }).getByText('$120.000').waitFor()
  await seccion('Concursos cerrados').getByText('Postulación cerrada').waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // A closed contest's fee cannot be paid: the page says why and offers no payment.
  await page.goto(`${portal.url}/concurso/derechopostulacion/5`)
  await page.getByText(/^El período de postulación de este concurso terminó el \d\d-\d\d-\d{4}/).waitFor()
  expect(await page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0)
  await context.close()
})

test('the paid demo application: paid with its date, its state in words, and a document uploaded', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/concurso/listado`)
  await page.getByRole('link', { name: 'Ver mi postulación a Anestesiología' }).click()
  await page.waitForURL(`${portal.url}/concurso/derechopostulacion/detalle/9`)
  await page.getByRole('heading', { name: 'Mi postulación', level: 1 }).waitFor()
  await page.getByText(/^Pagado el \d\d-\d\d-\d{4}$/).waitFor()
  await page.getByText('Derecho de postulación pagado; faltan 5 documentos de 5 por subir').waitFor()
  await page.getByText('0 de 5 subidos').waitFor()

  await page.getByLabel('Subir Seguro de Responsabilidad Civil').setInputFiles({
    name: 'poliza.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% poliza\n%%EOF\n'),
  })
  await page.getByText('1 de 5 subidos').waitFor()
  await page.getByText('Derecho de postulación pagado; faltan 4 documentos de 5 por subir').waitFor()
  await page.getByRole('link', { name: 'Descargar Seguro de Responsabilidad Civil' }).waitFor()
  expect(
    await consultarDb(
      portal.server.dataDir,
      "select nombre_archivo, cod_documento from archivos_postulacion where postulacion_id = 'postulacion-estudiante-9'",
    ),
  ).toEqual([{ nombre_archivo: 'poliza.pdf', cod_documento: '46' }])
  // Paid: no way to pay it again.
  expect(await page.getByRole('link', { name: 'Pagar el derecho de postulación' }).count()).toBe(0)
  await context.close()
})

test('job offers: listed with their contact by e-mail; the home tile stays hidden while the server says so', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  const mosaico = page.waitForResponse((r) => r.url().endsWith('/api/ofertas/mosaico'))
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  expect(await (await mosaico).json()).toEqual({ status: 'ok', data: { visible: false } })
  const accesos = page.getByRole('navigation', { name: 'Accesos directos' })
  await accesos.getByRole('link', { name: 'Concursos' }).waitFor()
  expect(await accesos.getByRole('link', { name: 'Ofertas Laborales' }).count()).toBe(0)

  await page.goto(`${portal.url}/laboral/listado`)
  await page.getByRole('heading', { name: 'Ofertas Laborales', level: 1 }).waitFor()
  await page.getByRole('article').first().waitFor()
  expect(await page.getByRole('article').count()).toBe(4)
  const cesfam = page.getByRole('article', { name: 'Médico(a) general de zona, 44 horas' })
  await cesfam.getByText('CESFAM Dr. Salvador Bustos, Santiago').waitFor()
  expect(await cesfam.getByRole('link', { name: 'direccion@cesfam-bustos-demo.cl' }).getAttribute('href')).toBe(
    `mailto:direccion@cesfam-bustos-demo.cl?subject=${encodeURIComponent('Postulación: Médico(a) general de zona, 44 horas')}`,
  )
  expect(await page.getByText('Hospital Regional de Rancagua').count()).toBe(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await context.close()
})
