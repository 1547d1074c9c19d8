import { expect, test } from 'vitest'
import { prepararPortal } from '../support/e2e.ts'
import { consultarDb } from '../support/servidor.ts'

const portal = prepararPortal()

test('from a contest link: register with a RUT typed 16543210K and a 9-digit mobile, end signed in on the contest, applying to it on every screen', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/?concurso=7`)
  await page.waitForURL(`${portal.url}/login`)
  await page.getByRole('link', { name: 'Regístrese' }).click()
  await page.waitForURL(`${portal.url}/register`)
  // The page sets its title once it renders (the address changes first).
  await page.waitForFunction((titulo) => document.title === titulo, 'Crear cuenta · Portal del Estudiante')

  await page.getByLabel('Nombres').fill('Josefa')
  await page.getByLabel('Apellidos').fill('Muñoz Pérez')
  await page.getByLabel('Tipo de documento').selectOption('RUT')
  const documento = page.getByLabel('Número de documento')
  await documento.fill('16543210K')
  await page.getByLabel('Correo electrónico').click()
  // Taken as typed, and shown back as the school writes it.
  expect(await documento.inputValue()).toBe('16.543.210-K')
  await page.getByLabel('Correo electrónico').fill('josefa.munoz@demo.cl')
  const telefono = page.getByLabel('Teléfono')
  // The field starts with Chile's code; a mobile of 9 digits is enough.
  expect(await telefono.inputValue()).toBe('+56 ')
  await telefono.fill('987654321')
  await page.getByLabel(/^Contraseña/).click()
  expect(await telefono.inputValue()).toBe('+56 9 8765 4321')
  await page.getByLabel(/^Contraseña/).fill('Postula2026')
  await page.getByLabel('Confirmar contraseña').fill('Postula2026')
  await page.getByRole('button', { name: 'Crear cuenta' }).click()

  // Signed in at once, on the contest's fee, and told which contest on every screen.
  await page.waitForURL(`${portal.url}/concurso/derechopostulacion/7`)
  await page.getByRole('heading', { name: 'Derecho de postulación', level: 1 }).waitFor()
  const aviso = page.getByRole('complementary', { name: 'Postulación en curso' })
  await aviso.getByText(/Concurso de Medicina Interna/).waitFor()
  expect(await aviso.textContent()).toMatch(/^Postulando a:/)
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' }).click()
  await page.getByRole('heading', { name: 'Bienvenido(a), Josefa' }).waitFor()
  await aviso.getByRole('link', { name: 'Pagar el derecho de postulación' }).click()
  await page.waitForURL(`${portal.url}/concurso/derechopostulacion/7`)

  const [alumno] = await consultarDb<{ rut: string; telefono_particular: string }>(
    portal.server.dataDir,
    'select rut, telefono_particular from alumnos where email = ?',
    'josefa.munoz@demo.cl',
  )
  expect(alumno).toEqual({ rut: '16543210-K', telefono_particular: '+56 9 8765 4321' })
  await context.close()
})
