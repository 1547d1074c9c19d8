// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ErrorDeRed } from './api-error.ts'
import { enviarItemOutbox } from './enviar-outbox.ts'
import type { ItemOutbox } from './offline/outbox.ts'

const fetchMock = vi.fn<typeof fetch>()

const item: ItemOutbox = {
  id: '7d1c1f2e-0000-4000-8000-000000000001',
  alumno: 'AL1',
  tipo: 'persona',
  etiqueta: 'Datos personales y profesionales',
  metodo: 'PUT',
  url: '/api/alumno/persona',
  cuerpo: { direccion: 'Los Aromos 455' },
  creadoEn: 1,
  secuencia: 1,
  estado: 'enviando',
  intentos: 1,
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=abc; path=/'
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => vi.unstubAllGlobals())

test('sends the item as JSON with its id as Idempotency-Key and the XSRF header', async () => {
  fetchMock.mockResolvedValue(json({ status: 'ok', data: { codPersona: 'AL1' } }))
  await expect(enviarItemOutbox(item)).resolves.toEqual({
    status: 200,
    body: { status: 'ok', data: { codPersona: 'AL1' } },
  })
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(url).toBe('/api/alumno/persona')
  expect(init?.method).toBe('PUT')
  expect(init?.body).toBe('{"direccion":"Los Aromos 455"}')
  const headers = init?.headers as Record<string, string>
  expect(headers['Idempotency-Key']).toBe(item.id)
  expect(headers['X-XSRF-TOKEN']).toBe('abc')
  expect(init?.signal).toBeInstanceOf(AbortSignal)
})

test('an HTTP refusal is an answer for the outbox, with its status and body, not an exception', async () => {
  const body = {
    error: 'Campo obligatorio y debe ser válido',
    campos: { direccion: 'Campo obligatorio y debe ser válido' },
  }
  fetchMock.mockResolvedValue(json(body, 400))
  await expect(enviarItemOutbox(item)).resolves.toEqual({ status: 400, body })
  fetchMock.mockResolvedValue(json({ error: 'x' }, 503))
  await expect(enviarItemOutbox(item)).resolves.toMatchObject({ status: 503 })
})

test('no reply at all throws, so the outbox keeps the item for the next pass', async () => {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
  await expect(enviarItemOutbox(item)).rejects.toBeInstanceOf(ErrorDeRed)
})
