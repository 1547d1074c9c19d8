// The import in a desk-sized browser: coordination chooses the sample file, reads every row's
// outcome (nothing written yet), confirms, and reads the result; the new student opens the
// invitation e-mailed to her, creates her password and sees her enrolments. A file with a bad row
// shows that row's error; a row that changes a student's sign-in e-mail needs its own checkbox. The
// screen has no serious accessibility findings at 1280 and 768 pixels.
import { join } from 'node:path'
import { expect, test } from 'vitest'
import {
  ETIQUETA_CONFIRMAR_CAMBIOS_CORREO,
  describirCambioCorreo,
  mensajeGrupoDesconocido,
} from '../../src/domain/importacion.ts'
import { ESPERA_REDIRECCION_MS } from '../../src/features/auth/pagina-password.tsx'
import { DEMO_PERSONAL } from '../../server/db/seed/personal-demo.ts'
import { hallazgosGraves } from '../support/axe.ts'
import { ANCHO_ESCRITORIO, iniciarSesion, prepararPortal } from '../support/e2e.ts'
import { esperarCorreo } from '../support/servidor.ts'

const portal = prepararPortal({ throttle: 'off' })
const MUESTRA = join(import.meta.dirname, '../../docs/importacion-ejemplo.csv')

/** Coordination at a desk, signed in, on the import screen (from the home's navigation). */
async function abrirImportacion() {
  const { page, context } = await portal.newPage({ ancho: ANCHO_ESCRITORIO, personal: DEMO_PERSONAL.coordinacion })
  await page.goto(`${portal.url}/admin/home`)
  await page
    .getByRole('navigation', { name: 'Secciones de la escuela' })
    .getByRole('link', { name: 'Importar' })
    .click()
  await page.getByRole('heading', { name: 'Importar alumnos e inscripciones', level: 1 }).waitFor()
  return { page, context }
}

test('coordination imports the sample file and the new student signs in through her invitation', async () => {
  const { page, context } = await abrirImportacion()
  expect(await hallazgosGraves(page)).toEqual([])

  // Nothing chosen: the field says so.
  await page.getByRole('button', { name: 'Revisar archivo' }).click()
  await page.getByText('Seleccione el archivo que desea importar.').waitFor()

  await page.getByLabel(/^Archivo CSV o XLSX/).setInputFiles(MUESTRA)
  await page.getByRole('button', { name: 'Revisar archivo' }).click()
  await page.getByRole('heading', { name: 'Vista previa: importacion-ejemplo.csv' }).waitFor()
  const conteo = page.getByRole('list', { name: 'Filas por resultado' })
  expect(await conteo.getByRole('listitem').allTextContents()).toEqual([
    '4 Se creará',
    '0 Se actualizará',
    '0 Sin cambios',
    '0 Con errores',
  ])
  const filas = page.getByRole('table', { name: /Filas del archivo/ }).getByRole('row')
  expect(await filas.count()).toBe(5)
  await filas.filter({ hasText: 'INS-27-50004' }).getByText('alumno sin cambios, inscripción nueva').waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  await page.setViewportSize({ width: 768, height: 1024 })
  expect(await hallazgosGraves(page)).toEqual([])
  await page.setViewportSize({ width: ANCHO_ESCRITORIO, height: 900 })

  await page.getByRole('button', { name: 'Confirmar e importar 4 filas' }).click()
  await page.getByRole('heading', { name: 'Importación terminada: importacion-ejemplo.csv' }).waitFor()
  await page.getByText('Se envió una invitación por correo a los 2 alumnos nuevos para crear su contraseña.').waitFor()
  expect(await conteo.getByRole('listitem').first().textContent()).toBe('4 Creada')
  expect(await hallazgosGraves(page)).toEqual([])

  // Imported again: nothing would change, and there is nothing to confirm.
  await page.getByRole('button', { name: 'Importar otro archivo' }).click()
  await page.getByLabel(/^Archivo CSV o XLSX/).setInputFiles(MUESTRA)
  await page.getByRole('button', { name: 'Revisar archivo' }).click()
  await page.getByRole('heading', { name: 'Vista previa: importacion-ejemplo.csv' }).waitFor()
  expect(await conteo.getByRole('listitem').nth(2).textContent()).toBe('4 Sin cambios')
  await page.getByText('No hay filas que importar: ninguna crearía ni cambiaría datos.').waitFor()
  await context.close()

  // The new student's invitation leads to the password screen; then she signs in.
  const correo = await esperarCorreo(portal.server.dataDir, 'martina.araya@ejemplo.cl')
  const enlace = /https?:\/\/[^\s"'<>]+recoverpass=[A-Za-z0-9_-]+/.exec(correo.text)?.[0]
  expect(enlace).toBeTruthy()
  const alumna = await portal.newPage()
  // The page's clock runs as usual, but the 5 seconds before login are skipped.
  await alumna.context.clock.install()
  await alumna.page.goto(enlace!)
  await alumna.page.waitForURL(/\/password\?recoverpass=/)
  await alumna.page.getByLabel('Nueva contraseña').fill('Martina2027')
  await alumna.page.getByLabel('Confirmar contraseña').fill('Martina2027')
  await alumna.page.getByRole('button', { name: /Crear contraseña/ }).click()
  await alumna.page.getByText('¡Éxito!').waitFor()
  await alumna.page.clock.fastForward(ESPERA_REDIRECCION_MS)
  await alumna.page.waitForURL(`${portal.url}/login`, { timeout: 10_000 })
  await iniciarSesion(alumna.page, portal.url, 'martina.araya@ejemplo.cl', 'Martina2027')
  await alumna.page.waitForURL(`${portal.url}/home`)
  await alumna.page.getByRole('link', { name: 'Solicitudes' }).first().click()
  await alumna.page.getByText('Diplomado en Medicina de Urgencia').first().waitFor()
  await alumna.page.getByText('Curso de Reanimación Cardiopulmonar Avanzada (ACLS)').first().waitFor()
  await alumna.context.close()
})

test('a file with a bad row shows that row first with its error, and imports only the good ones', async () => {
  const { page, context } = await abrirImportacion()
  const texto = [
    'codigo_inscripcion;email;rut;pasaporte;nombres;apellidos;cod_grupo;curso;nombre_curso;tipo_curso;fecha_inicio;horas;arancel;cod_prospecto;asistente_email',
    'INS-E2E-1;e2e.bueno@demo.cl;;PE2E0001;Bueno;Prueba;5;CE;Curso E2E;Curso;01-06-2027;8;90000;PE1;francisca.herrera@postgrado-demo.cl',
    'INS-E2E-2;e2e.malo@demo.cl;;PE2E0002;Malo;Prueba;42;CE;Curso E2E;Curso;01-06-2027;8;90000;PE2;francisca.herrera@postgrado-demo.cl',
  ].join('\n')
  await page.getByLabel(/^Archivo CSV o XLSX/).setInputFiles({
    name: 'con-error.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(texto, 'latin1'),
  })
  await page.getByRole('button', { name: 'Revisar archivo' }).click()
  await page.getByRole('heading', { name: 'Vista previa: con-error.csv' }).waitFor()
  // The rows with errors are shown first.
  expect(await page.getByLabel('Mostrar').inputValue()).toBe('error')
  const fila = page
    .getByRole('table', { name: /Filas del archivo/ })
    .getByRole('row')
    .nth(1)
  await fila.getByText(mensajeGrupoDesconocido('42')).waitFor()
  expect(await fila.getByRole('cell').first().textContent()).toBe('3')
  await page.getByRole('button', { name: 'Confirmar e importar 1 fila' }).click()
  await page.getByRole('heading', { name: 'Importación terminada: con-error.csv' }).waitFor()
  expect(await page.getByRole('list', { name: 'Filas por resultado' }).getByRole('listitem').allTextContents()).toEqual(
    ['1 Creada', '0 Actualizada', '0 Sin cambios', '1 No importada'],
  )
  await context.close()
})

test('a row that changes a student’s sign-in e-mail is shown apart and imported only with its own confirmation', async () => {
  const { page, context } = await abrirImportacion()
  const encabezado =
    'codigo_inscripcion;email;rut;pasaporte;nombres;apellidos;cod_grupo;curso;nombre_curso;tipo_curso;fecha_inicio;horas;arancel;cod_prospecto;asistente_email'
  const fila = (codigo: string, email: string, pasaporte: string) =>
    `${codigo};${email};;${pasaporte};Inés;Correo;5;CE;Curso E2E;Curso;01-06-2027;8;90000;P-${codigo};francisca.herrera@postgrado-demo.cl`
  async function revisar(nombre: string, lineas: string[]) {
    await page.getByLabel(/^Archivo CSV o XLSX/).setInputFiles({
      name: nombre,
      mimeType: 'text/csv',
      buffer: Buffer.from([encabezado, ...lineas].join('\n')),
    })
    await page.getByRole('button', { name: 'Revisar archivo' }).click()
    await page.getByRole('heading', { name: `Vista previa: ${nombre}` }).waitFor()
  }

  // Ines is in the portal with one address…
  await revisar('alta.csv', [fila('INS-E2E-C1', 'ines.antes@demo.cl', 'PE2EC001')])
  await page.getByRole('button', { name: 'Confirmar e importar 1 fila' }).click()
  await page.getByRole('button', { name: 'Importar otro archivo' }).click()

  // …and the CRM's file brings her passport with another one, beside an ordinary new row.
  await revisar('cambio.csv', [
    fila('INS-E2E-C2', 'ines.despues@demo.cl', 'PE2EC001'),
    fila('INS-E2E-C3', 'otro.nuevo@demo.cl', 'PE2EC002'),
  ])
  const aviso = page.getByRole('region', { name: '1 fila cambia el correo de ingreso de un alumno' })
  await aviso.getByText('Fila 2 (INS-E2E-C2): ines.antes@demo.cl → ines.despues@demo.cl').waitFor()
  await page
    .getByRole('table', { name: /Filas del archivo/ })
    .getByRole('row')
    .filter({ hasText: 'INS-E2E-C2' })
    .getByText(describirCambioCorreo({ antes: 'ines.antes@demo.cl', despues: 'ines.despues@demo.cl' }))
    .waitFor()
  expect(await hallazgosGraves(page)).toEqual([])
  // Unconfirmed, only the other row would be imported.
  const casilla = aviso.getByRole('checkbox', { name: ETIQUETA_CONFIRMAR_CAMBIOS_CORREO })
  expect(await casilla.isChecked()).toBe(false)
  await page.getByRole('button', { name: 'Confirmar e importar 1 fila' }).waitFor()
  await casilla.check()
  await page.getByRole('button', { name: 'Confirmar e importar 2 filas' }).click()
  await page.getByRole('heading', { name: 'Importación terminada: cambio.csv' }).waitFor()
  await page
    .getByText('Cambió el correo de ingreso de 1 alumno: se le avisó en su correo anterior y se cerraron sus sesiones.')
    .waitFor()
  expect(await page.getByRole('list', { name: 'Filas por resultado' }).getByRole('listitem').allTextContents()).toEqual(
    ['2 Creada', '0 Actualizada', '0 Sin cambios', '0 No importada'],
  )
  await context.close()
  const avisoCorreo = await esperarCorreo(portal.server.dataDir, 'ines.antes@demo.cl', 2)
  expect(avisoCorreo.subject).toBe('Cambió el correo con que ingresa al Portal del Estudiante')
})
