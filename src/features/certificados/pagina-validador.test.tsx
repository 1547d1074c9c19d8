import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderConRouter } from '../../testing/render.tsx'
import { MENSAJE_VALIDACION_SIN_CONEXION, PaginaValidador } from './pagina-validador.tsx'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN=token-de-prueba'
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function responder(body: unknown, status = 200) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  )
}

test('Validar is disabled while the code is empty', async () => {
  renderConRouter(() => <PaginaValidador />)
  const boton = (await screen.findByRole('button', { name: 'Validar' })) as HTMLButtonElement
  const campo = screen.getByRole('textbox', { name: 'Código del certificado' })
  expect(boton.disabled).toBe(true)
  fireEvent.change(campo, { target: { value: '   ' } })
  expect(boton.disabled).toBe(true)
  fireEvent.change(campo, { target: { value: 'ABC' } })
  expect(boton.disabled).toBe(false)
})

test('a 65-character code does not correspond, and the server is not asked', async () => {
  renderConRouter(() => <PaginaValidador />)
  fireEvent.change(await screen.findByRole('textbox', { name: 'Código del certificado' }), {
    target: { value: 'X'.repeat(65) },
  })
  fireEvent.click(screen.getByRole('button', { name: 'Validar' }))
  expect(await screen.findByText('El código ingresado no corresponde')).toBeTruthy()
  expect(screen.getByRole('textbox', { name: 'Código del certificado' }).getAttribute('aria-invalid')).toBe('true')
  expect(fetchMock).not.toHaveBeenCalled()
})

test('a valid certificate says so in words, with the server message', async () => {
  responder({ status: 1, data: { codProspecto: 'P-1', msgvalido: 'Certificado emitido a Camila Rojas' }, msg: '' })
  renderConRouter(() => <PaginaValidador />)
  fireEvent.change(await screen.findByRole('textbox', { name: 'Código del certificado' }), {
    target: { value: 'CODIGO-1' },
  })
  fireEvent.click(screen.getByRole('button', { name: 'Validar' }))
  const region = screen.getByRole('status')
  await waitFor(() => expect(region.textContent).toContain('Certificado válido'))
  expect(region.textContent).toContain('Certificado emitido a Camila Rojas')
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(url).toBe('/api/certificados/validar')
  expect(JSON.parse(String(init?.body))).toEqual({ codValidador: 'CODIGO-1' })
})

test('an invalid certificate says so, with the server message', async () => {
  responder({ status: 0, msg: 'El código ingresado no corresponde a un certificado emitido por la escuela.' })
  renderConRouter(() => <PaginaValidador codigoInicial="NO-EXISTE" />)
  const region = await screen.findByRole('status')
  await waitFor(() => expect(region.textContent).toContain('Certificado no válido'))
  expect(region.textContent).toContain('no corresponde a un certificado emitido')
  // Pre-filled from ?codcertificado= and validated at once.
  expect((screen.getByRole('textbox', { name: 'Código del certificado' }) as HTMLInputElement).value).toBe('NO-EXISTE')
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('a network failure shows the spec message', async () => {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
  renderConRouter(() => <PaginaValidador codigoInicial="CODIGO-1" />)
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain(MENSAJE_VALIDACION_SIN_CONEXION))
})
