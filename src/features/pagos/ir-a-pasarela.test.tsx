// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { MENSAJE_DEMASIADOS_PAGOS } from '../../domain/pagos.ts'
import { IrAPasarela } from './ir-a-pasarela.tsx'

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

test('a student over the limit of new payments reads why on the payment screen, and can try again later', async () => {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ error: MENSAJE_DEMASIADOS_PAGOS }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '420' },
    }),
  )
  render(<IrAPasarela concepto="cuota" referencia="INS-26-40018/3" etiqueta="Pagar $450.000" />)
  fireEvent.click(screen.getByRole('button', { name: 'Pagar $450.000' }))
  expect((await screen.findByRole('alert')).textContent).toBe(MENSAJE_DEMASIADOS_PAGOS)
  const [url, init] = fetchMock.mock.calls[0]!
  expect(url).toBe('/api/pagos')
  expect(JSON.parse(String(init?.body))).toEqual({ concepto: 'cuota', referencia: 'INS-26-40018/3' })
  expect((screen.getByRole('button', { name: 'Pagar $450.000' }) as HTMLButtonElement).disabled).toBe(false)
})

test('a step that makes what is paid runs first (a contest application), and a refusal reaches alRechazar', async () => {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ error: 'El derecho de postulación de este concurso ya está pagado.' }), {
      status: 409,
      headers: { 'Content-Type': 'application/json' },
    }),
  )
  const postular = vi.fn(async () => 'postulacion-9')
  const alRechazar = vi.fn()
  render(<IrAPasarela concepto="postulacion" referencia={postular} etiqueta="Pagar $85.000" alRechazar={alRechazar} />)
  fireEvent.click(screen.getByRole('button', { name: 'Pagar $85.000' }))
  expect((await screen.findByRole('alert')).textContent).toBe(
    'El derecho de postulación de este concurso ya está pagado.',
  )
  expect(postular).toHaveBeenCalledOnce()
  expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
    concepto: 'postulacion',
    referencia: 'postulacion-9',
  })
  expect(alRechazar).toHaveBeenCalledOnce()
})
