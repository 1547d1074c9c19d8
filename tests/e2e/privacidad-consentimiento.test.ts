import { expect, test } from 'vitest'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { MENSAJE_ALUMNO_BLOQUEADO } from '../../src/domain/bloqueo-datos.ts'
import { MENSAJE_SIN_LECTURAS } from '../../src/domain/lecturas.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { prepararPortal } from '../support/e2e.ts'
import { encuestaCompleta } from '../support/encuesta.ts'
import { consultarDb, iniciarSesion } from '../support/servidor.ts'

// Privacy in the browser: a student withdraws their consent to the
// survey's disability questions from Información Personal on a phone, and those answers are
// deleted while the indigenous one, under its own consent, stays;
// the school sees a blocked student's banner, cannot record a payment for them, and an admin lifts
// the block giving why.
const portal = prepararPortal({ throttle: 'off' })

test('at 360 px a student withdraws the consent to the disability questions from Información Personal', async () => {
  const alumna = await iniciarSesion(portal.url, 'extranjera@demo.cl')
  const envio = await alumna.post(
    '/api/solicitudes/INS-25-30688/encuesta',
    encuestaCompleta({
      poseeDiscapacidad: 'Si',
      tipoDiscapacidad: 'Sensorial auditiva',
      adecuacion: 'Intérprete de lengua de señas',
      inscritoRND: 'Si',
      pertenecePuebloOrg: 'Si',
      puebloOrg: 'Diaguita',
    }),
  )
  expect(envio.status).toBe(201)

  const { page, context } = await portal.newPage({ ancho: 360, sesion: 'extranjera@demo.cl' })
  await page.goto(`${portal.url}/info/personal`)
  const seccion = page.getByRole('region', { name: 'Consentimientos' })
  const consentimiento = (titulo: string) =>
    seccion.getByRole('listitem').filter({ has: page.getByRole('heading', { name: titulo }) })
  const discapacidad = consentimiento('Preguntas sobre discapacidad de la encuesta')
  const pueblo = consentimiento('Pregunta sobre pueblos originarios de la encuesta')
  for (const item of [discapacidad, pueblo])
    await item.getByText(/^Autorizado el \d\d-\d\d-\d{4} a las \d\d:\d\d, con la versión \d+ de la política/).waitFor()
  await discapacidad.getByText(/^Autorizo a la escuela a tratar mis respuestas sobre discapacidad/).waitFor()
  await pueblo
    .getByText(/^Autorizo a la escuela a tratar mi respuesta sobre pertenencia a un pueblo originario/)
    .waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect(await hallazgosGraves(page)).toEqual([])

  await discapacidad.getByRole('button', { name: 'Retirar consentimiento' }).click()
  const confirmacion = page.getByRole('alertdialog', { name: 'Retirar consentimiento' })
  await confirmacion.getByText(/respuestas sobre discapacidad de la encuesta se eliminarán/).waitFor()
  await confirmacion.getByRole('button', { name: 'Retirar consentimiento' }).click()
  await discapacidad.getByText(/^Retirado el \d\d-\d\d-\d{4} a las \d\d:\d\d: sus respuestas se eliminaron\./).waitFor()
  await page.getByText(/^Retiró su consentimiento: sus respuestas sobre discapacidad se eliminaron/).waitFor()
  expect(await discapacidad.getByRole('button', { name: 'Retirar consentimiento' }).count()).toBe(0)
  // The other consent is untouched: still given, still withdrawable.
  expect(await pueblo.getByRole('button', { name: 'Retirar consentimiento' }).count()).toBe(1)

  const [fila] = await consultarDb<{ respuestas: string }>(
    portal.server.dataDir,
    "select respuestas from encuestas where codigo_inscripcion = 'INS-25-30688'",
  )
  expect(JSON.parse(fila!.respuestas)).toMatchObject({
    poseeDiscapacidad: '',
    tipoDiscapacidad: '',
    adecuacion: '',
    pertenecePuebloOrg: 'Si',
    puebloOrg: 'Diaguita',
  })
  await context.close()
})

test('at 768 px the school sees a blocked student’s banner and cannot record a payment; an admin lifts the block', async () => {
  await consultarDb(
    portal.server.dataDir,
    `insert into bloqueos_datos (id, alumno_id, motivo, desde, bloqueado_por_id, bloqueado_por)
     values ('bloqueo-e2e', 'alumno-estudiante', 'Solicitud de bloqueo del estudiante', ?, 'personal-admin', 'Carolina Vidal Rojas')`,
    new Date().toISOString(),
  )
  {
    const { page, context } = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.coordinacion })
    await page.goto(`${portal.url}/admin/alumnos/alumno-estudiante`)
    const banner = page.getByRole('region', { name: 'Datos bloqueados' })
    await banner.getByText(/Motivo: Solicitud de bloqueo del estudiante/).waitFor()
    await banner.getByText(MENSAJE_ALUMNO_BLOQUEADO).waitFor()
    // Coordination records payments, but not for a blocked student; it cannot lift the block.
    const pagar = page.getByRole('button', { name: /^Registrar pago presencial/ }).first()
    await pagar.waitFor()
    expect(await pagar.isDisabled()).toBe(true)
    expect(await banner.getByRole('button', { name: 'Levantar bloqueo' }).count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768)
    expect(await hallazgosGraves(page)).toEqual([])
    await context.close()
  }
  const { page, context } = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/alumnos/alumno-estudiante`)
  const banner = page.getByRole('region', { name: 'Datos bloqueados' })
  await banner.getByRole('button', { name: 'Levantar bloqueo' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Levantar el bloqueo' })
  await dialogo.getByLabel(/^Motivo/).fill('El estudiante retiró su pedido.')
  await dialogo.getByRole('button', { name: 'Levantar bloqueo' }).click()
  await banner.waitFor({ state: 'detached' })
  expect(
    await page
      .getByRole('button', { name: /^Registrar pago presencial/ })
      .first()
      .isDisabled(),
  ).toBe(false)
  const [auditado] = await consultarDb<{ actor_nombre: string }>(
    portal.server.dataDir,
    "select actor_nombre from auditoria where accion = 'privacidad.levantar-bloqueo'",
  )
  expect(auditado).toEqual({ actor_nombre: 'Carolina Vidal Rojas' })
  await context.close()
})

test('at 768 px an admin opens who read a student’s sensitive data from their page, and filters it', async () => {
  await consultarDb(
    portal.server.dataDir,
    `insert into lecturas_datos (id, en, lector_tipo, lector_id, lector_nombre, lector_rol, alumno_id, que, detalle, ip)
     values ('lectura-e2e', ?, 'personal', 'personal-coordinacion', 'Rodrigo Fuentes Lagos', 'coordinacion',
       'alumno-extranjera', 'documento-salud', 'Seguro de Salud (Pro-INS-25-30688-seguro-salud.pdf)', null)`,
    new Date().toISOString(),
  )
  const { page, context } = await portal.newPage({ ancho: 768, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/alumnos/alumno-extranjera`)
  await page.getByRole('link', { name: 'Quién leyó sus datos sensibles' }).click()
  await page.getByRole('heading', { level: 1, name: 'Privacidad: lecturas de datos sensibles' }).waitFor()
  const tabla = page.getByRole('table', { name: /Lecturas de datos sensibles/ })
  await tabla.getByRole('cell', { name: 'Seguro de Salud (Pro-INS-25-30688-seguro-salud.pdf)' }).waitFor()
  await tabla.getByRole('cell', { name: 'Rodrigo Fuentes Lagos (Coordinación académica)' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768)
  expect(await hallazgosGraves(page)).toEqual([])

  await page.getByLabel('Desde').fill('2099-01-01')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.getByText(MENSAJE_SIN_LECTURAS).waitFor()
  await context.close()
})
