// The school's area in a desk-sized browser: a staff member signs in with the password and the
// code of their authenticator app (a wrong code refused in Spanish), finds the sections of their
// role and leaves with Salir; a new account created by the command opens its invitation, creates
// its password and enrols its second factor from the QR's secret; a student never gets in.
import { expect, test } from 'vitest'
import { construirConfig } from '../../server/config.ts'
import { crearAdmin } from '../../server/crear-admin.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { codigoEn } from '../../server/personal/totp.ts'
import { MENSAJE_CODIGO_INVALIDO } from '../../src/domain/personal.ts'
import { urlDeBaseDePrueba } from '../support/base-de-datos.ts'
import { ANCHO_ESCRITORIO, DEMO_PASSWORD, iniciarSesionPersonal, prepararPortal } from '../support/e2e.ts'
import { codigoSiguiente } from '../support/personal.ts'

const portal = prepararPortal({ throttle: 'off' })

test('a staff member signs in with password and code; a wrong code is refused in Spanish; Salir ends the session', async () => {
  const { page, context } = await portal.newPage(ANCHO_ESCRITORIO)
  // The area's address leads to the sign-in, which returns there afterwards.
  await page.goto(`${portal.url}/admin`)
  await page.waitForURL(/\/admin\/login\?volver=/)
  await page.getByRole('heading', { name: 'Ingreso del personal de la escuela' }).waitFor()
  await page.getByLabel('Correo electrónico').fill(DEMO_PERSONAL.coordinacion)
  await page.getByLabel(/^Contraseña/).fill('NoEsLaClave1')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('alert').getByText('Correo o contraseña incorrectos.').waitFor()

  await page.getByLabel(/^Contraseña/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Continuar' }).click()
  const codigo = page.getByLabel(/^Código de verificación/)
  await codigo.waitFor()
  expect(await codigo.evaluate((el) => el === document.activeElement)).toBe(true)
  await codigo.fill('000000')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.getByRole('alert').getByText(MENSAJE_CODIGO_INVALIDO).waitFor()

  await codigo.fill(await codigoSiguiente(portal.server.dataDir, DEMO_PERSONAL.coordinacion))
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL(`${portal.url}/admin/home`)
  await page.getByRole('heading', { name: 'Hola, Rodrigo' }).waitFor()
  await page.getByText('Rodrigo Fuentes Lagos').waitFor()
  await page.getByText('(Coordinación académica)').waitFor()
  const nav = page.getByRole('navigation', { name: 'Secciones de la escuela' })
  expect(await nav.getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page')

  await page.getByRole('button', { name: 'Salir' }).click()
  await page.waitForURL(`${portal.url}/admin/login`)
  await page.goto(`${portal.url}/admin/home`)
  await page.waitForURL(/\/admin\/login/)
  await context.close()
})

test('the first admin of a portal: the invitation link, a password, and the second factor enrolled from the QR', async () => {
  const config = {
    ...construirConfig({ DATA_DIR: portal.server.dataDir }),
    databaseUrl: await urlDeBaseDePrueba(portal.server.dataDir),
    publicUrl: portal.url,
  }
  const { enlace } = await crearAdmin(config, 'directora@escuela.cl', 'Paula Reyes Ortiz')
  const { page, context } = await portal.newPage(ANCHO_ESCRITORIO)
  await page.goto(enlace)
  await page.getByText('Paula Reyes Ortiz (directora@escuela.cl)', { exact: false }).waitFor()
  await page.getByLabel(/^Nueva contraseña/).fill('Directora2026')
  await page.getByLabel(/^Confirmar contraseña/).fill('Directora2026')
  await page.getByRole('button', { name: 'Crear contraseña' }).click()
  await page
    .getByRole('status')
    .getByText(/Su contraseña fue creada/)
    .waitFor()
  await page.getByRole('link', { name: 'Ingresar' }).click()

  await page.getByLabel('Correo electrónico').fill('directora@escuela.cl')
  await page.getByLabel(/^Contraseña/).fill('Directora2026')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('heading', { name: 'Active la verificación en dos pasos' }).waitFor()
  await page.getByRole('img', { name: /Código QR para agregar su cuenta/ }).waitFor()
  // What the staff member would type into the app by hand, read off the page.
  const secreto = (await page.locator('.admin-enrolamiento__clave').innerText()).replace(/\s/g, '')
  expect(secreto).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByLabel(/^Código de verificación/).fill(codigoEn(secreto, new Date()))
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL(`${portal.url}/admin/home`)
  await page.getByRole('heading', { name: 'Hola, Paula' }).waitFor()
  await page.getByText('(Administración)').waitFor()

  // The link worked once.
  await page.goto(enlace)
  await page
    .getByRole('alert')
    .getByText(/El enlace de invitación no es válido o ya expiró/)
    .waitFor()
  await context.close()
})

test('a signed-in student opening the school’s area is asked to sign in as staff', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await page.goto(`${portal.url}/admin/home`)
  await page.waitForURL(/\/admin\/login/)
  await page.getByRole('heading', { name: 'Ingreso del personal de la escuela' }).waitFor()
  // The student's own session is untouched.
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await context.close()
})

test('staff sign-in keeps the student’s first screen light: no admin code or styles on /login', async () => {
  const { page, context } = await portal.newPage()
  const cargados: string[] = []
  page.on('response', (r) => cargados.push(r.url()))
  await page.goto(`${portal.url}/login`)
  await page.getByRole('button', { name: 'Ingresar' }).waitFor()
  const estilos = await page.evaluate(() => [...document.styleSheets].map((h) => h.href ?? ''))
  expect(estilos.some((h) => h.includes('marco-admin'))).toBe(false)
  const textos = await Promise.all(cargados.filter((u) => u.endsWith('.js')).map(async (u) => (await fetch(u)).text()))
  expect(textos.some((t) => t.includes('admin-encabezado'))).toBe(false)
  // Not even the school's routes: the student's app runs a route tree without them.
  expect(textos.some((t) => t.includes('/admin/_personal'))).toBe(false)
  await iniciarSesionPersonal(page, portal.server, DEMO_PERSONAL.admin)
  expect(
    (await page.evaluate(() => [...document.styleSheets].map((h) => h.href ?? ''))).some((h) =>
      h.includes('marco-admin'),
    ),
  ).toBe(true)
  await context.close()
})

test('an address of the school reached inside the student’s app opens the school’s area, and back', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/login`)
  await page.getByRole('button', { name: 'Ingresar' }).waitFor()
  // A navigation the student's router handles itself (back and forward work the same way).
  await page.evaluate(() => {
    history.pushState({}, '', '/admin/login')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await page.getByRole('heading', { name: 'Ingreso del personal de la escuela' }).waitFor()
  await page.evaluate(() => {
    history.pushState({}, '', '/login')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await page.getByRole('button', { name: 'Ingresar' }).waitFor()
  await context.close()
})

test('the staff home opens with today’s counts in place: the sections’ cards do not move when they arrive', async () => {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  // The counts' answer held back a moment, as on a slow connection.
  await page.route('**/api/admin/resumen', async (route) => {
    await new Promise((r) => setTimeout(r, 800))
    await route.continue()
  })
  await page.goto(`${portal.url}/admin/home`)
  const alumnos = page.getByRole('main').getByRole('link', { name: 'Alumnos', exact: true })
  await alumnos.waitFor()
  const antes = await alumnos.boundingBox()
  await page.getByRole('link', { name: /Documentos por revisar/ }).waitFor()
  expect(await alumnos.boundingBox()).toEqual(antes)
  await context.close()
})
