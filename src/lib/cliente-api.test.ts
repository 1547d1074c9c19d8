// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { cliente, leer, rutaDe } from './cliente-api.ts'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN=abc; path=/'
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

test('rutaDe joins the segments under /api, fills :params (encoded) and appends the query', () => {
  expect(rutaDe(['alumno', 'persona'])).toBe('/api/alumno/persona')
  expect(rutaDe(['solicitudes', ':codigo', 'encuesta'], { param: { codigo: 'A 1/2' } })).toBe(
    '/api/solicitudes/A%201%2F2/encuesta',
  )
  expect(rutaDe(['lookups', 'comunas'], { query: { region: '13', vacio: undefined } })).toBe(
    '/api/lookups/comunas?region=13',
  )
  expect(rutaDe(['x'], { query: { a: ['1', '2'] } })).toBe('/api/x?a=1&a=2')
})

test('$path gives the whole path an outbox item stores', () => {
  expect(cliente.alumno.persona.$path()).toBe('/api/alumno/persona')
})

test('a typed GET goes to its path and resolves with the parsed reply', async () => {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ status: 'ok', data: [{ codRegion: '13', region: 'Metropolitana' }] }), {
      status: 200,
    }),
  )
  const respuesta = await leer(cliente.lookups.regiones.$get())
  expect(respuesta.data[0]?.region).toBe('Metropolitana')
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(url).toBe('/api/lookups/regiones')
  expect(init?.method).toBe('GET')
})

test('a typed POST sends its json body with the JSON content type and the XSRF header', async () => {
  fetchMock.mockResolvedValue(
    new Response(
      JSON.stringify({ status: 1, msg: 'Certificado válido', data: { codProspecto: '1', msgvalido: 'ok' } }),
      { status: 200 },
    ),
  )
  await leer(cliente.certificados.validar.$post({ json: { codValidador: 'ABC' } }))
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(url).toBe('/api/certificados/validar')
  expect(init?.method).toBe('POST')
  expect(init?.body).toBe(JSON.stringify({ codValidador: 'ABC' }))
  const cabeceras = init?.headers as Record<string, string>
  expect(cabeceras['Content-Type']).toBe('application/json')
  expect(cabeceras['X-XSRF-TOKEN']).toBe('abc')
})

test('a 204 reply reads as undefined', async () => {
  fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
  await expect(leer(cliente.auth.logout.$post())).resolves.toBeUndefined()
})
