// Staff accounts in a desk-sized browser: the admin invites a new member from /admin/personal; the
// member opens the e-mailed link, creates a password, enrols the second factor from the secret
// shown and signs in; then the admin disables the account (after a confirmation that names it),
// the member's open page loses its session and the sign-in refuses them. A sign-in locked by
// failed attempts says so, and the admin unlocks it. Other roles see no such section.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { codigoEn } from '../../server/personal/totp.ts'
import { mensajeCuentaPersonalBloqueada } from '../../src/domain/bloqueo-ingreso.ts'
import { MENSAJE_CREDENCIALES_PERSONAL } from '../../src/domain/personal.ts'
import { ANCHO_ESCRITORIO, DEMO_PASSWORD, prepararPortal } from '../support/e2e.ts'
import { codigoSiguiente } from '../support/personal.ts'
import { consultarDb, esperarCorreo } from '../support/servidor.ts'

const portal = prepararPortal({ throttle: 'off' })

const NUEVA = { nombre: 'Valentina Cortés Ríos', email: 'valentina.cortes@escuela.cl', password: 'Valentina2026' }

const fila = (page: Page, texto: string) =>
  page.getByRole('table', { name: 'Cuentas del personal' }).getByRole('row').filter({ hasText: texto })

test('the admin invites a member, who creates a password and enrols the code from the e-mailed link; then the admin disables them', async () => {
  const admin = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await admin.page.goto(`${portal.url}/admin/home`)
  await admin.page
    .getByRole('navigation', { name: 'Secciones de la escuela' })
    .getByRole('link', { name: 'Personal' })
    .click()
  await admin.page.waitForURL(`${portal.url}/admin/personal`)
  await admin.page.getByRole('heading', { name: 'Personal', level: 1 }).waitFor()
  await fila(admin.page, DEMO_PERSONAL.admin).getByText('Administración').waitFor()
  await fila(admin.page, DEMO_PERSONAL.herrera).getByText('Asistente comercial').waitFor()

  // Invite: an empty form says what is missing, on each field.
  await admin.page.getByRole('button', { name: 'Invitar a una persona' }).click()
  const dialogo = admin.page.getByRole('dialog', { name: 'Invitar a una persona' })
  await dialogo.waitFor()
  await dialogo.getByRole('button', { name: 'Enviar invitación' }).click()
  await dialogo.getByText('Elija el rol de la cuenta.').waitFor()
  await dialogo.getByLabel(/^Nombre completo/).fill(NUEVA.nombre)
  await dialogo.getByLabel(/^Correo electrónico/).fill(NUEVA.email)
  await dialogo.getByLabel(/^Rol/).selectOption({ label: 'Coordinación académica' })
  await dialogo.getByRole('button', { name: 'Enviar invitación' }).click()
  await admin.page.getByText(`Cuenta creada. Enviamos la invitación a ${NUEVA.email}.`).waitFor()
  await fila(admin.page, NUEVA.email).getByText('Invitación pendiente').waitFor()
  // Focus went back to the button that opened the dialog.
  expect(
    await admin.page
      .getByRole('button', { name: 'Invitar a una persona' })
      .evaluate((el) => el === document.activeElement),
  ).toBe(true)

  // The member opens the e-mailed link in a browser of their own.
  const correo = await esperarCorreo(portal.server.dataDir, NUEVA.email)
  const enlace = /(http\S+\/admin\/invitacion\?token=\S+)/.exec(correo.text)?.[1]
  expect(enlace).toBeDefined()
  const miembro = await portal.newPage(ANCHO_ESCRITORIO)
  await miembro.page.goto(enlace!)
  await miembro.page.getByText(`${NUEVA.nombre} (${NUEVA.email})`, { exact: false }).waitFor()
  await miembro.page.getByLabel(/^Nueva contraseña/).fill(NUEVA.password)
  await miembro.page.getByLabel(/^Confirmar contraseña/).fill(NUEVA.password)
  await miembro.page.getByRole('button', { name: 'Crear contraseña' }).click()
  await miembro.page
    .getByRole('status')
    .getByText(/Su contraseña fue creada/)
    .waitFor()
  await miembro.page.getByRole('link', { name: 'Ingresar' }).click()
  await miembro.page.getByLabel('Correo electrónico').fill(NUEVA.email)
  await miembro.page.getByLabel(/^Contraseña/).fill(NUEVA.password)
  await miembro.page.getByRole('button', { name: 'Continuar' }).click()
  await miembro.page.getByRole('heading', { name: 'Active la verificación en dos pasos' }).waitFor()
  const secreto = (await miembro.page.locator('.admin-enrolamiento__clave').innerText()).replace(/\s/g, '')
  await miembro.page.getByLabel(/^Código de verificación/).fill(codigoEn(secreto, new Date()))
  await miembro.page.getByRole('button', { name: 'Ingresar' }).click()
  await miembro.page.waitForURL(`${portal.url}/admin/home`)
  await miembro.page.getByRole('heading', { name: 'Hola, Valentina' }).waitFor()
  // Coordination manages no staff: no such section for them.
  const secciones = miembro.page.getByRole('navigation', { name: 'Secciones de la escuela' })
  await secciones.getByRole('link', { name: 'Certificados' }).waitFor()
  expect(await secciones.getByRole('link', { name: 'Personal' }).count()).toBe(0)

  // The admin's list now says so.
  await admin.page.reload()
  await fila(admin.page, NUEVA.email).getByText('Activo').waitFor()
  await fila(admin.page, NUEVA.email).getByText('Segundo factor activado').waitFor()

  // Disabled, after a confirmation that names the account.
  await fila(admin.page, NUEVA.email)
    .getByRole('button', { name: `Desactivar de ${NUEVA.nombre}` })
    .click()
  const confirmar = admin.page.getByRole('dialog', { name: 'Desactivar cuenta' })
  await confirmar.getByText(NUEVA.nombre).waitFor()
  await confirmar.getByRole('button', { name: 'Desactivar cuenta' }).click()
  await admin.page.getByText(`La cuenta de ${NUEVA.nombre} fue desactivada.`).waitFor()
  await fila(admin.page, NUEVA.email).getByText('Desactivado').waitFor()
  await fila(admin.page, NUEVA.email)
    .getByRole('button', { name: `Activar de ${NUEVA.nombre}` })
    .waitFor()

  // The member's open session is over: the next page leads to the sign-in, which refuses them.
  await miembro.page.goto(`${portal.url}/admin/certificados`)
  await miembro.page.waitForURL(/\/admin\/login/)
  await miembro.page.getByLabel('Correo electrónico').fill(NUEVA.email)
  await miembro.page.getByLabel(/^Contraseña/).fill(NUEVA.password)
  await miembro.page.getByRole('button', { name: 'Continuar' }).click()
  await miembro.page.getByRole('alert').getByText(MENSAJE_CREDENCIALES_PERSONAL).waitFor()

  await miembro.context.close()
  await admin.context.close()
})

test('the last admin cannot demote themselves: the dialog says why and nothing changes', async () => {
  const { page, context } = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/personal`)
  await fila(page, DEMO_PERSONAL.admin)
    .getByRole('button', { name: /^Cambiar rol de Carolina Vidal Rojas/ })
    .click()
  const dialogo = page.getByRole('dialog', { name: 'Cambiar rol' })
  await dialogo.getByLabel(/^Rol/).selectOption({ label: 'Coordinación académica' })
  await dialogo.getByText(/Dejará de tener el rol de administración/).waitFor()
  await dialogo.getByRole('button', { name: 'Cambiar rol' }).click()
  await dialogo
    .getByRole('alert')
    .getByText(/es la última cuenta de administración activa/)
    .waitFor()
  await dialogo.getByRole('button', { name: 'Cancelar' }).click()
  await fila(page, DEMO_PERSONAL.admin).getByText('Administración').waitFor()
  await context.close()
})

test('a sign-in locked by failed attempts says so, even at the code; the admin unlocks it after a confirmation and the member gets in', async () => {
  const herrera = { nombre: 'Francisca Herrera Méndez', email: DEMO_PERSONAL.herrera }
  const miembro = await portal.newPage(ANCHO_ESCRITORIO)
  await miembro.page.goto(`${portal.url}/admin/login`)
  await miembro.page.getByLabel('Correo electrónico').fill(herrera.email)
  await miembro.page.getByLabel(/^Contraseña/).fill(DEMO_PASSWORD)
  await miembro.page.getByRole('button', { name: 'Continuar' }).click()
  const codigo = miembro.page.getByLabel(/^Código de verificación/)
  await codigo.waitFor()

  // Meanwhile, failed attempts elsewhere lock the account (this server's limits are out of
  // reach, so the lock is written as the tenth failure would write it).
  const hasta = new Date(Date.now() + 30 * 60_000).toISOString()
  await consultarDb(
    portal.server.dataDir,
    `insert into bloqueos_ingreso (ambito, sujeto, fallos, ventana_hasta, bloqueada_hasta) values ('personal', ?, 10, ?, ?)`,
    herrera.email,
    hasta,
    hasta,
  )
  // Even the right code: back to the first step, saying why and for how long.
  await codigo.fill(await codigoSiguiente(portal.server.dataDir, herrera.email))
  await miembro.page.getByRole('button', { name: 'Ingresar' }).click()
  await miembro.page.getByRole('alert').getByText(mensajeCuentaPersonalBloqueada(30)).waitFor()
  await miembro.page.getByRole('button', { name: 'Continuar' }).waitFor()

  const admin = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await admin.page.goto(`${portal.url}/admin/personal`)
  await fila(admin.page, herrera.email)
    .getByText(/^Ingreso bloqueado hasta el \d{2}-\d{2}-\d{4} \d{2}:\d{2} por intentos fallidos$/)
    .waitFor()
  expect(
    await fila(admin.page, DEMO_PERSONAL.coordinacion)
      .getByText(/Ingreso bloqueado/)
      .count(),
  ).toBe(0)
  await fila(admin.page, herrera.email)
    .getByRole('button', { name: `Desbloquear ingreso de ${herrera.nombre}` })
    .click()
  const confirmar = admin.page.getByRole('dialog', { name: 'Desbloquear ingreso' })
  await confirmar.getByText(/alguien intenta entrar a su cuenta/).waitFor()
  await confirmar.getByText(herrera.nombre).waitFor()
  await confirmar.getByRole('button', { name: 'Desbloquear ingreso' }).click()
  await admin.page.getByText(`${herrera.nombre} ya puede volver a ingresar.`).waitFor()
  await fila(admin.page, herrera.email)
    .getByText(/Ingreso bloqueado/)
    .waitFor({ state: 'detached' })
  expect(
    await fila(admin.page, herrera.email)
      .getByRole('button', { name: `Desbloquear ingreso de ${herrera.nombre}` })
      .count(),
  ).toBe(0)

  // The member, still on the sign-in page, gets in.
  await miembro.page.getByLabel('Correo electrónico').fill(herrera.email)
  await miembro.page.getByLabel(/^Contraseña/).fill(DEMO_PASSWORD)
  await miembro.page.getByRole('button', { name: 'Continuar' }).click()
  await miembro.page
    .getByLabel(/^Código de verificación/)
    .fill(await codigoSiguiente(portal.server.dataDir, herrera.email))
  await miembro.page.getByRole('button', { name: 'Ingresar' }).click()
  await miembro.page.waitForURL(`${portal.url}/admin/home`)

  await miembro.context.close()
  await admin.context.close()
})
