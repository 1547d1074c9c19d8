import { expect, test } from 'vitest'
import { DEMO_CERTIFICADO_VALIDO } from '../../server/db/seed/demo.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'

// axe-core's WCAG 2.1 A/AA rules on each screen, at the 360-pixel phone width the tests use.
// Serious and critical findings fail the test, listed with the elements they name.
const portal = prepararPortal()

test('the public screens have no serious accessibility findings', async () => {
  const { page, context } = await portal.newPage()
  const pantallas: [string, () => Promise<void>][] = [
    ['/login', () => page.getByRole('button', { name: 'Ingresar' }).waitFor()],
    ['/password', () => page.getByRole('button', { name: 'Enviar enlace' }).waitFor()],
    ['/password?recoverpass=caducado', () => page.getByRole('link', { name: 'Solicitar un nuevo enlace' }).waitFor()],
    ['/?concurso=7', () => page.getByRole('link', { name: 'Regístrese' }).waitFor()],
    ['/register', () => page.getByRole('button', { name: 'Crear cuenta' }).waitFor()],
    [
      `/certificado/validador?codcertificado=${DEMO_CERTIFICADO_VALIDO}`,
      () =>
        page
          .getByRole('status', { name: 'Resultado de la validación' })
          .getByText('Certificado Programa válido')
          .first()
          .waitFor(),
    ],
  ]
  for (const [ruta, lista] of pantallas) {
    await page.goto(`${portal.url}${ruta}`)
    await lista()
    expect(await hallazgosGraves(page), ruta).toEqual([])
  }

  // The validator's other states: a revoked or unknown result and the QR scanner's dialog (this
  // browser has no camera, so it shows its message).
  await page.goto(`${portal.url}/certificado/validador?codcertificado=NOEXISTE`)
  await page.getByRole('status', { name: 'Resultado de la validación' }).getByText('Documento no válido').waitFor()
  expect(await hallazgosGraves(page), 'validador: código desconocido').toEqual([])
  await page.getByRole('button', { name: 'Escanear código QR' }).click()
  await page
    .getByRole('dialog', { name: 'Escanear código QR' })
    .getByRole('alert')
    .getByText(/^No se pudo usar la cámara/)
    .waitFor()
  expect(await hallazgosGraves(page), 'validador: escáner QR').toEqual([])
  await context.close()
})

test('the signed-in screens have no serious accessibility findings', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page.getByRole('region', { name: 'Pendientes' }).getByRole('listitem').first().waitFor()
  expect(await hallazgosGraves(page), '/home').toEqual([])

  await page.goto(`${portal.url}/info/personal`)
  await page.getByRole('button', { name: 'Guardar' }).waitFor()
  expect(await hallazgosGraves(page), '/info/personal').toEqual([])

  await page.goto(`${portal.url}/info/solicitudes`)
  await page.getByRole('table').first().waitFor()
  expect(await hallazgosGraves(page), '/info/solicitudes').toEqual([])
  const fila = (codigo: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: codigo }) })
  await fila('INS-25-30502')
    .getByRole('button', { name: /^Ver detalle de la solicitud/ })
    .click()
  expect(await hallazgosGraves(page), '/info/solicitudes, una tarjeta abierta').toEqual([])
  await fila('INS-25-30502')
    .getByRole('button', { name: /Realizar Encuesta/ })
    .click()
  await page
    .getByRole('dialog', { name: /Encuesta general/ })
    .getByRole('button', { name: 'Finalizar Encuesta' })
    .waitFor()
  expect(await hallazgosGraves(page), 'encuesta').toEqual([])
  await page
    .getByRole('dialog', { name: /Encuesta general/ })
    .getByRole('button', { name: 'Cancelar' })
    .click()
  // The regulations waiting for the survey: the block said first, the consent box disabled.
  await fila('INS-25-30502')
    .getByRole('button', { name: /Leer y Aceptar/ })
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Responder encuesta' }).waitFor()
  expect(await hallazgosGraves(page), 'reglamento bloqueado').toEqual([])
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar', exact: true }).click()
  // The regulations that can be accepted, the box ticked, and the confirmation that names them.
  await fila('INS-26-40018')
    .getByRole('button', { name: /^Ver detalle de la solicitud/ })
    .click()
  await fila('INS-26-40018')
    .getByRole('button', { name: /Leer y Aceptar/ })
    .click()
  const reglamento = page.getByRole('dialog', { name: 'Reglamento de Diplomados' })
  await reglamento.getByRole('checkbox', { name: 'He leído y acepto el reglamento' }).check()
  expect(await hallazgosGraves(page), 'reglamento').toEqual([])
  await reglamento.getByRole('button', { name: 'Aceptar reglamento' }).click()
  await page.getByRole('alertdialog', { name: 'Firmar el reglamento' }).waitFor()
  expect(await hallazgosGraves(page), 'confirmación de la firma').toEqual([])
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click()
  await reglamento.getByRole('button', { name: 'Cerrar', exact: true }).click()
  // A notification shown while a dialog is open sits inside it, above its backdrop.
  await fila('INS-26-40018')
    .getByRole('button', { name: /condiciones de la solicitud/ })
    .click()
  const condiciones = page.getByRole('dialog', { name: /Condiciones de la solicitud/ })
  await condiciones.getByRole('button', { name: 'Aceptar condiciones' }).click()
  await page.getByRole('region', { name: 'Notificaciones' }).getByText('Condiciones aceptadas').waitFor()
  expect(await hallazgosGraves(page), 'notificación').toEqual([])
  await context.close()
})

test('the changed screens have no serious accessibility findings at 1280 px either', async () => {
  const { page, context } = await portal.newPage({ ancho: 1280, sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/home`)
  await page.getByRole('region', { name: 'Pendientes' }).getByRole('listitem').first().waitFor()
  expect(await hallazgosGraves(page), '/home a 1280').toEqual([])
  await page.goto(`${portal.url}/info/solicitudes`)
  await page.getByRole('table').first().waitFor()
  expect(await hallazgosGraves(page), '/info/solicitudes a 1280').toEqual([])
  await page.goto(`${portal.url}/info/personal`)
  await page.getByRole('button', { name: 'Guardar' }).waitFor()
  expect(await hallazgosGraves(page), '/info/personal a 1280').toEqual([])
  await page.goto(`${portal.url}/concurso/listado`)
  await page.getByRole('region', { name: 'Concursos cerrados' }).waitFor()
  expect(await hallazgosGraves(page), '/concurso/listado a 1280').toEqual([])
  await context.close()
})

test('the contest and job-offer screens have no serious accessibility findings', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  const pantallas: [string, () => Promise<void>][] = [
    ['/concurso/listado', () => page.getByRole('region', { name: 'Concursos cerrados' }).waitFor()],
    ['/concurso/detalle/7', () => page.getByRole('heading', { name: 'Calendario' }).waitFor()],
    ['/concurso/derechopostulacion/7', () => page.getByRole('button', { name: /^Pagar/ }).waitFor()],
    ['/concurso/derechopostulacion/5', () => page.getByText(/terminó el/).waitFor()],
    [
      '/concurso/derechopostulacion/detalle/9',
      () => page.getByRole('heading', { name: 'Documentos de la postulación' }).waitFor(),
    ],
    ['/laboral/listado', () => page.getByRole('article').first().waitFor()],
  ]
  for (const [ruta, lista] of pantallas) {
    await page.goto(`${portal.url}${ruta}`)
    await lista()
    expect(await hallazgosGraves(page), ruta).toEqual([])
  }
  await context.close()
})

test('the notices’ list and preferences have no serious accessibility findings', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Avisos/ })
    .click()
  await page.getByRole('dialog', { name: 'Avisos' }).getByRole('button', { name: 'Marcar todos como leídos' }).waitFor()
  expect(await hallazgosGraves(page), 'lista de avisos').toEqual([])
  await page
    .getByRole('dialog', { name: 'Avisos' })
    .getByRole('link', { name: 'Elegir qué avisos recibir y por dónde' })
    .click()
  await page.getByRole('button', { name: 'Guardar preferencias' }).waitFor()
  await page.getByRole('status').getByText('Revisando este dispositivo…').waitFor({ state: 'detached' })
  expect(await hallazgosGraves(page), '/notificaciones').toEqual([])
  await context.close()
})

test('the payment screens and the sandbox gateway have no serious accessibility findings', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/pagos/lista/INS-26-40018`)
  await page.getByRole('table').waitFor()
  expect(await hallazgosGraves(page), '/pagos/lista').toEqual([])
  await page.goto(`${portal.url}/pagos/respuesta/INS-26-40018/pago-demo-INS-26-40018-1`)
  await page.getByText('Pago aprobado').waitFor()
  expect(await hallazgosGraves(page), '/pagos/respuesta').toEqual([])
  await page.goto(`${portal.url}/pagos/INS-26-40018/3`)
  await page.getByRole('button', { name: 'Pagar $450.000' }).click()
  await page.getByLabel('Número de tarjeta').waitFor()
  expect(await hallazgosGraves(page), 'pasarela de pruebas').toEqual([])
  await context.close()
})

test('the school’s screens have no serious accessibility findings, at a desk and on a 768-pixel tablet', async () => {
  for (const ancho of [ANCHO_ESCRITORIO, 768]) {
    const { page, context } = await portal.newPage(ancho)
    await page.goto(`${portal.url}/admin/login`)
    await page.getByRole('button', { name: 'Continuar' }).waitFor()
    expect(await hallazgosGraves(page), `/admin/login (${ancho})`).toEqual([])
    await page.getByLabel('Correo electrónico').fill(DEMO_PERSONAL.admin)
    await page.getByLabel(/^Contraseña/).fill('Demo2026')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await page.getByLabel(/^Código de verificación/).fill('000000')
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await page.getByRole('alert').first().waitFor()
    expect(await hallazgosGraves(page), `código (${ancho})`).toEqual([])
    await context.close()

    const otra = await portal.newPage({ ancho, personal: DEMO_PERSONAL.admin })
    await otra.page.goto(`${portal.url}/admin/home`)
    await otra.page.getByRole('heading', { name: /^Hola/ }).waitFor()
    expect(await hallazgosGraves(otra.page), `/admin/home (${ancho})`).toEqual([])
    // Staff accounts: the list, and the invitation's dialog with every field's message showing.
    await otra.page.goto(`${portal.url}/admin/personal`)
    await otra.page.getByRole('table', { name: 'Cuentas del personal' }).waitFor()
    expect(await hallazgosGraves(otra.page), `/admin/personal (${ancho})`).toEqual([])
    await otra.page.getByRole('button', { name: 'Invitar a una persona' }).click()
    const invitar = otra.page.getByRole('dialog', { name: 'Invitar a una persona' })
    await invitar.getByLabel(/^Rol/).selectOption('asistente')
    await invitar.getByRole('button', { name: 'Enviar invitación' }).click()
    await invitar.getByText('Indique el nombre completo', { exact: false }).waitFor()
    expect(await hallazgosGraves(otra.page), `invitar a una persona (${ancho})`).toEqual([])
    // The survey results with their charts drawn and one table open.
    await otra.page.goto(`${portal.url}/admin/encuestas`)
    const pregunta = otra.page.getByRole('article', { name: '¿Cómo se enteró del programa?' })
    await pregunta
      .getByRole('img', { name: /Recomendación de un cercano/ })
      .locator('svg')
      .waitFor()
    await pregunta.getByText('Ver los datos en una tabla').click()
    expect(await hallazgosGraves(otra.page), `/admin/encuestas (${ancho})`).toEqual([])
    await otra.context.close()
  }
})
