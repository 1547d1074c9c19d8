// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { CLAVES } from '../../lib/session.ts'
import { renderConRouter } from '../../testing/render.tsx'
import { PaginaIngreso } from './pagina-ingreso.tsx'

beforeEach(() => localStorage.clear())
afterEach(cleanup)

function campo(nombre: RegExp) {
  return screen.getByLabelText(nombre) as HTMLInputElement
}

test('the Ingresar button stays disabled until the e-mail is valid and a password is typed', async () => {
  renderConRouter(() => <PaginaIngreso />, '/login')
  const boton = await screen.findByRole('button', { name: 'Ingresar' })
  expect((boton as HTMLButtonElement).disabled).toBe(true)

  fireEvent.change(campo(/Correo electrónico/), { target: { value: 'estudiante@demo' } })
  fireEvent.change(campo(/Contraseña/), { target: { value: 'Demo2026' } })
  expect((boton as HTMLButtonElement).disabled).toBe(true)

  fireEvent.change(campo(/Correo electrónico/), { target: { value: 'estudiante@demo.cl' } })
  expect((boton as HTMLButtonElement).disabled).toBe(false)

  fireEvent.change(campo(/Contraseña/), { target: { value: '' } })
  expect((boton as HTMLButtonElement).disabled).toBe(true)
})

test('fields have visible labels, are marked required and show their message after leaving them', async () => {
  renderConRouter(() => <PaginaIngreso />, '/login')
  const email = await screen.findByRole('textbox', { name: /Correo electrónico/ })
  expect(email.getAttribute('required')).not.toBeNull()
  // Leaving an empty field says nothing yet (the message would move the button under the pointer).
  fireEvent.blur(email)
  expect(email.getAttribute('aria-invalid')).toBeNull()
  fireEvent.change(email, { target: { value: 'estudiante@demo' } })
  fireEvent.blur(email)
  expect(email.getAttribute('aria-invalid')).toBe('true')
  const idError = email.getAttribute('aria-describedby') ?? ''
  expect(document.getElementById(idError)?.textContent).toBe('El correo electrónico no es válido')
  expect(screen.getByText('Correo electrónico').tagName).toBe('LABEL')
})

test('the page shows the version, the reset and validator links and the 3-step accordion; no register link by default', async () => {
  renderConRouter(() => <PaginaIngreso />, '/login')
  expect(await screen.findByText('Versión 1.0.0-test')).toBeTruthy()
  expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' }).getAttribute('href')).toBe('/password')
  expect(screen.getByRole('link', { name: 'validar Certificado' }).getAttribute('href')).toBe('/certificado/validador')
  expect(screen.queryByRole('link', { name: 'Regístrese' })).toBeNull()
  const resumen = screen.getByText('¿Cómo pagar el derecho de postulación a un concurso?')
  expect(resumen.tagName).toBe('SUMMARY')
  expect(resumen.parentElement?.querySelectorAll('ol > li')).toHaveLength(3)
})

test('the register link appears when the student came from a contest flow', async () => {
  localStorage.setItem(CLAVES.flujoConcurso, '7')
  renderConRouter(() => <PaginaIngreso />, '/login')
  expect((await screen.findByRole('link', { name: 'Regístrese' })).getAttribute('href')).toBe('/register')
})

test('an e-mail from registration is pre-filled', async () => {
  renderConRouter(() => <PaginaIngreso emailInicial="camila@demo.cl" />, '/login')
  expect(((await screen.findByRole('textbox', { name: /Correo electrónico/ })) as HTMLInputElement).value).toBe(
    'camila@demo.cl',
  )
})
