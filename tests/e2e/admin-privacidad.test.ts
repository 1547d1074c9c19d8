// The retention run and the breach register in a desk-sized browser:
// the admin opens 'Conservación de datos', prepares a review that lists an old applicant and
// deletes nothing, confirms it in a dialog and reads what was deleted; the applicant's payment is
// still there. Then the admin records an incident (an empty form says what is missing) and the
// student reads the notice. An answer's e-mail given up is tried again from its request. Axe on
// each screen and dialog at 1280 px.
import { expect, test } from 'vitest'
import { DEMO_CUENTAS } from '../../server/db/seed/demo.ts'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { MENSAJE_CATEGORIAS_BRECHA, MENSAJE_DESCRIPCION_BRECHA } from '../../src/domain/brechas.ts'
import { REGISTRO_DATOS } from '../../src/domain/registro-datos.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, prepararPortal } from '../support/e2e.ts'
import { consultarDb, iniciarSesion, leerCorreos } from '../support/servidor.ts'

const portal = prepararPortal({ throttle: 'off' })
const POSTULANTE = 'alumno-sinsolicitudes'

test('the admin reviews what is due, nothing goes until confirmed, and the payment is kept', async () => {
  const db = (sql: string, ...p: unknown[]) => consultarDb(portal.server.dataDir, sql, ...p)
  await db('delete from historial_persona where alumno_id = ?', POSTULANTE)
  await db("delete from sesiones where actor_tipo = 'alumno' and actor_id = ?", POSTULANTE)
  await db('delete from postulaciones where alumno_id = ?', POSTULANTE)
  await db("update alumnos set creado = '2024-01-01T00:00:00.000Z' where id = ?", POSTULANTE)
  await db(
    `insert into pagos (id, alumno_id, concepto, referencia, monto, descripcion, codigo_inscripcion, ruta_volver,
       orden_compra, id_sesion, token, estado, creado_en, resuelto_en, medio)
     values ('pago-e2e-viejo', ?, 'postulacion', 'x', 85000, 'Derecho de postulación', null, '/concursos',
       'OC-E2E-VIEJA', 's', 'tok-e2e-vieja', 'aprobado', '2024-01-02T00:00:00.000Z', '2024-01-02T00:00:00.000Z', 'webpay')`,
    POSTULANTE,
  )

  const { page } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/home`)
  await page
    .getByRole('navigation', { name: 'Secciones de la escuela' })
    .getByRole('link', { name: 'Conservación de datos' })
    .click()
  await page.getByRole('heading', { name: 'Conservación de datos', level: 1 }).waitFor()
  await page.getByRole('button', { name: 'Preparar una nueva revisión' }).click()
  await page.getByRole('status').getByText('Revisión preparada. Aún no se ha eliminado nada.').waitFor()
  const tabla = page.getByRole('table', { name: 'Lo que se eliminaría al confirmar' })
  const postulantes = tabla.getByRole('row').filter({ hasText: 'Postulantes que nunca se inscribieron' })
  await postulantes.getByRole('cell', { name: '1', exact: true }).waitFor()
  await postulantes.getByText('Ver la lista').click()
  await postulantes.getByText(DEMO_CUENTAS.sinSolicitudes, { exact: false }).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  // The dry run deleted nothing.
  expect(await db('select email from alumnos where id = ?', POSTULANTE)).toEqual([
    { email: DEMO_CUENTAS.sinSolicitudes },
  ])

  await page.getByRole('button', { name: 'Confirmar y eliminar' }).click()
  const dialogo = page.getByRole('dialog', { name: '¿Eliminar lo vencido?' })
  await dialogo.getByText('Postulantes que nunca se inscribieron: 1').waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByRole('button', { name: 'Confirmar eliminación' }).click()
  await page
    .getByRole('status')
    .getByText(/^Revisión confirmada: se (eliminó|eliminaron) \d+ elementos?\.$/)
    .waitFor()
  const confirmadas = page.getByRole('table', { name: 'Últimas revisiones confirmadas' })
  await confirmadas.getByText(/^Aplicada el/).waitFor()
  await confirmadas.getByText(/por Carolina Vidal Rojas/).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])

  expect(await db('select nombres from alumnos where id = ?', POSTULANTE)).toEqual([{ nombres: 'Datos suprimidos' }])
  expect(await db("select monto from pagos where id = 'pago-e2e-viejo'")).toEqual([{ monto: 85000 }])
})

test('the admin records an incident and the affected student reads the notice', async () => {
  const { page } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.admin })
  await page.goto(`${portal.url}/admin/privacidad/brechas`)
  await page.getByRole('heading', { name: 'Incidentes de seguridad', level: 1 }).waitFor()
  await page.getByText('No se ha registrado ningún incidente.').waitFor()
  expect(await hallazgosGraves(page)).toEqual([])

  await page.getByRole('button', { name: 'Registrar un incidente' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Registrar un incidente de seguridad' })
  await dialogo.getByRole('button', { name: 'Registrar y avisar' }).click()
  await dialogo.getByText(MENSAJE_DESCRIPCION_BRECHA).waitFor()
  await dialogo.getByText(MENSAJE_CATEGORIAS_BRECHA).waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByLabel(/^Qué ocurrió/).fill('Se envió una planilla de alumnos a un destinatario equivocado.')
  await dialogo.getByRole('checkbox', { name: REGISTRO_DATOS.contacto.nombre, exact: true }).check()
  await dialogo.getByRole('checkbox', { name: REGISTRO_DATOS.documentos.nombre, exact: true }).check()
  await dialogo.getByText('la ley exige avisar a los afectados', { exact: false }).waitFor()
  await dialogo.getByLabel(/^Medidas adoptadas/).fill('Se pidió al destinatario borrar el correo.')
  await dialogo.getByLabel(/^Alumnos afectados/).fill(`${DEMO_CUENTAS.estudiante}\nnadie@ninguna.cl`)
  await dialogo.getByRole('button', { name: 'Registrar y avisar' }).click()
  await dialogo.getByText('nadie@ninguna.cl', { exact: false }).last().waitFor()
  await dialogo.getByLabel(/^Alumnos afectados/).fill(DEMO_CUENTAS.estudiante)
  await dialogo.getByRole('button', { name: 'Registrar y avisar' }).click()
  await page.getByRole('status').getByText('Incidente registrado. Se avisó a 1 alumno.').waitFor()
  const fila = page
    .getByRole('table', { name: 'Incidentes registrados' })
    .getByRole('row')
    .filter({ hasText: 'planilla' })
  await fila.getByText('1 de 1').waitFor()
  expect(await hallazgosGraves(page)).toEqual([])

  // The Agencia's date, recorded afterwards.
  await fila.getByRole('button', { name: /^Registrar aviso a la Agencia/ }).click()
  const agencia = page.getByRole('dialog', { name: 'Aviso a la Agencia de Protección de Datos' })
  expect(await hallazgosGraves(page)).toEqual([])
  await agencia.getByRole('button', { name: 'Registrar' }).click()
  await page.getByRole('status').getByText('Se registró el aviso a la Agencia.').waitFor()
  await expect.poll(() => fila.getByRole('button').count()).toBe(0)

  // The student reads it under the bell (a new context: nothing restored from a stored copy).
  const alumno = await portal.newPage({ ancho: ANCHO_ESCRITORIO, sesion: DEMO_CUENTAS.estudiante })
  await alumno.page.goto(`${portal.url}/home`)
  await alumno.page
    .getByRole('banner')
    .getByRole('button', { name: /^Avisos: \d+ sin leer$/ })
    .click()
  const campana = alumno.page.getByRole('dialog', { name: 'Avisos' })
  await campana.getByText('Incidente de seguridad con sus datos').waitFor()
  await campana.getByText('Se pidió al destinatario borrar el correo.', { exact: false }).waitFor()
})

test('an answer whose e-mail was given up: the delegate reads why, tries again, and it goes', async () => {
  const estudiante = await iniciarSesion(portal.url, DEMO_CUENTAS.estudiante)
  const pedida = await estudiante.post('/api/privacidad/mis-datos/solicitudes', { derecho: 'acceso' })
  const { id, numero } = (await pedida.json()) as { id: string; numero: string }
  // As after a suppression answered with the mail server down for the six tries.
  await consultarDb(
    portal.server.dataDir,
    `update solicitudes_derechos set estado = 'aprobada', respondida_en = ?, correo_respuesta = ?,
       correo_respuesta_estado = 'fallido', correo_respuesta_intentos = 6, correo_respuesta_error = 'Connection refused'
     where id = ?`,
    new Date().toISOString(),
    JSON.stringify({
      to: 'antes@correo.cl',
      subject: `Respondimos su solicitud N° ${numero}`,
      text: 'Hola',
      html: '<p>Hola</p>',
    }),
    id,
  )
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.delegado })
  const abrir = async () => {
    await page.goto(`${portal.url}/admin/privacidad`)
    await page.getByRole('button', { name: `Ver la solicitud ${numero}` }).click()
    return page.getByRole('dialog', { name: `Solicitud N° ${numero}: Acceso` })
  }
  const dialogo = await abrir()
  await dialogo
    .getByText(
      'No se pudo enviar por correo a antes@correo.cl tras 6 intentos fallidos (Connection refused). Hágasela llegar por otro medio o vuelva a intentarlo.',
    )
    .waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await dialogo.getByRole('button', { name: 'Intentar de nuevo' }).click()
  await page.getByText('El correo de la respuesta se intentará enviar de nuevo ahora.').waitFor()
  // Sent in the background: once the request says so, the e-mail is there and the dialog tells it.
  await expect
    .poll(
      async () =>
        (
          await consultarDb<{ estado: string }>(
            portal.server.dataDir,
            'select correo_respuesta_estado as estado from solicitudes_derechos where id = ?',
            id,
          )
        )[0]?.estado,
      { timeout: 15_000 },
    )
    .toBe('enviado')
  expect(leerCorreos(portal.server.dataDir).some((c) => c.to.includes('antes@correo.cl'))).toBe(true)
  await (await abrir()).getByText(/^Enviada por correo el /).waitFor()
  await context.close()
})
