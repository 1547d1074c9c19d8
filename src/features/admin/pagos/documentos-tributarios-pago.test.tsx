// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { DocumentoTributarioVista } from '../../../domain/documento-tributario.ts'
import { renderConRouter } from '../../../testing/render.tsx'
import { DocumentosTributariosPago } from './documentos-tributarios-pago.tsx'

const fetchMock = vi.fn<typeof fetch>()
let posts: string[] = []

const emitido: DocumentoTributarioVista = {
  id: 'dte-1',
  tipo: 34,
  nombreTipo: 'Factura no afecta o exenta electrónica',
  folio: 3,
  estado: 'emitido',
  fechaEmision: '2026-11-27',
  monto: 1_900_000,
  pagoId: 'pago-1',
  reembolsoId: null,
  pdfUrl: '/api/admin/documentos-tributarios/dte-1/pdf',
  xmlUrl: '/api/admin/documentos-tributarios/dte-1/xml',
  error: null,
}
const fallido: DocumentoTributarioVista = {
  ...emitido,
  id: 'dte-2',
  tipo: 61,
  nombreTipo: 'Nota de crédito electrónica',
  folio: null,
  estado: 'error',
  fechaEmision: null,
  monto: 500_000,
  reembolsoId: 'r-1',
  referencia: { tipo: 34, folio: 3 },
  pdfUrl: null,
  xmlUrl: null,
  error: 'El proveedor respondió 422: folio sin CAF disponible',
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

function servidor(capacidades: string[], reintento: () => Response) {
  fetchMock.mockImplementation(async (entrada, init) => {
    const ruta = String(entrada)
    if (ruta.endsWith('/api/admin/sesion'))
      return json({
        personal: {
          id: 'p',
          nombre: 'Carolina Vidal Rojas',
          email: 'admin@demo.cl',
          rol: 'admin',
          etiquetaRol: 'Admin',
        },
        capacidades,
      })
    if (init?.method === 'POST' && ruta.endsWith('/api/admin/documentos-tributarios/dte-2/reintentar')) {
      posts.push(ruta)
      return reintento()
    }
    if (ruta.includes('/api/admin/pagos/') || ruta.endsWith('/api/admin/resumen')) return json({})
    throw new Error(`inesperado: ${init?.method ?? 'GET'} ${ruta}`)
  })
}

beforeEach(() => {
  posts = []
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN-ADMIN=token-de-prueba'
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const fila = (texto: string) => screen.getByText(texto).closest('tr') as HTMLElement

test("each document with its state; an issued one's PDF and XML; a failed one's provider message and 'Reintentar', which asks the server once", async () => {
  servidor(['pagos.ver', 'pagos.registrar'], () =>
    json({ documento: { ...fallido, estado: 'pendiente', error: null } }),
  )
  renderConRouter(() => <DocumentosTributariosPago pagoId="pago-1" documentos={[emitido, fallido]} />)
  expect(await screen.findByRole('heading', { name: 'Documentos tributarios' })).toBeTruthy()

  const f = within(fila('Factura no afecta o exenta electrónica'))
  expect(f.getByText('Emitido')).toBeTruthy()
  expect(f.getByText('3')).toBeTruthy()
  expect(f.getByText('$1.900.000')).toBeTruthy()
  expect(f.getByRole('link', { name: 'PDF de Factura no afecta o exenta electrónica N° 3' }).getAttribute('href')).toBe(
    '/api/admin/documentos-tributarios/dte-1/pdf',
  )
  expect(f.getByRole('link', { name: 'XML de Factura no afecta o exenta electrónica N° 3' })).toBeTruthy()
  expect(f.queryByRole('button')).toBeNull()

  const n = within(fila('Nota de crédito electrónica'))
  expect(n.getByText('Error')).toBeTruthy()
  expect(n.getByText('El proveedor respondió 422: folio sin CAF disponible')).toBeTruthy()
  const boton = await n.findByRole('button', { name: 'Reintentar Nota de crédito electrónica' })
  fireEvent.click(boton)
  expect(await n.findByText('Se volverá a intentar en unos segundos.')).toBeTruthy()
  expect(posts).toEqual([expect.stringMatching(/\/api\/admin\/documentos-tributarios\/dte-2\/reintentar$/)])
})

test('a refusal of the retry is told in the row (already issued: 409)', async () => {
  servidor(['pagos.ver', 'pagos.registrar'], () => json({ error: 'Este documento tributario ya fue emitido.' }, 409))
  renderConRouter(() => <DocumentosTributariosPago pagoId="pago-1" documentos={[fallido]} />)
  const boton = await screen.findByRole('button', { name: 'Reintentar Nota de crédito electrónica' })
  fireEvent.click(boton)
  expect(await screen.findByText('Este documento tributario ya fue emitido.')).toBeTruthy()
})

test("staff who may only look see the state and the message, without 'Reintentar'", async () => {
  servidor(['pagos.ver'], () => json({}))
  renderConRouter(() => <DocumentosTributariosPago pagoId="pago-1" documentos={[fallido]} />)
  await waitFor(() => expect(fetchMock).toHaveBeenCalled())
  expect(await screen.findByText('El proveedor respondió 422: folio sin CAF disponible')).toBeTruthy()
  await new Promise((r) => setTimeout(r, 50))
  expect(screen.queryByRole('button', { name: /Reintentar/ })).toBeNull()
})

test('a payment with no document says why', async () => {
  servidor(['pagos.ver'], () => json({}))
  renderConRouter(() => <DocumentosTributariosPago pagoId="pago-1" documentos={[]} />)
  expect(await screen.findByText(/no tiene documentos tributarios/)).toBeTruthy()
})
