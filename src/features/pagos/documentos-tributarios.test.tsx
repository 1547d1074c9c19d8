// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { DocumentoTributarioVista } from '../../domain/documento-tributario.ts'
import { renderConRouter } from '../../testing/render.tsx'
import {
  DocumentosTributariosDePago,
  DocumentosTributariosDeSolicitud,
  ListaDocumentosTributarios,
} from './documentos-tributarios.tsx'

const fetchMock = vi.fn<typeof fetch>()

const boleta: DocumentoTributarioVista = {
  id: 'dte-1',
  tipo: 41,
  nombreTipo: 'Boleta exenta electrónica',
  folio: 17,
  estado: 'emitido',
  fechaEmision: '2026-11-27',
  monto: 450_000,
  pagoId: 'pago-1',
  reembolsoId: null,
  pdfUrl: '/api/documentos-tributarios/dte-1/pdf',
  xmlUrl: '/api/documentos-tributarios/dte-1/xml',
  error: null,
}
const nota: DocumentoTributarioVista = {
  ...boleta,
  id: 'dte-2',
  tipo: 61,
  nombreTipo: 'Nota de crédito electrónica',
  folio: null,
  estado: 'pendiente',
  fechaEmision: null,
  monto: 100_000,
  reembolsoId: 'r-1',
  referencia: { tipo: 41, folio: 17 },
  pdfUrl: null,
  xmlUrl: null,
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test("a payment's documents: type, folio, date, amount and both downloads once issued; 'En proceso' and no download before", async () => {
  renderConRouter(() => <ListaDocumentosTributarios documentos={[boleta, nota]} />)
  const [primera, segunda] = await screen.findAllByRole('listitem')
  const b = within(primera!)
  expect(b.getByText('Boleta exenta electrónica N° 17', { selector: 'strong' })).toBeTruthy()
  expect(b.getByText('27 de noviembre de 2026')).toBeTruthy()
  expect(b.getByText('$450.000')).toBeTruthy()
  expect(b.getByRole('link', { name: 'Descargar PDF de Boleta exenta electrónica N° 17' }).getAttribute('href')).toBe(
    '/api/documentos-tributarios/dte-1/pdf',
  )
  expect(b.getByRole('link', { name: 'Descargar XML de Boleta exenta electrónica N° 17' }).getAttribute('href')).toBe(
    '/api/documentos-tributarios/dte-1/xml',
  )
  expect(b.queryByText('En proceso')).toBeNull()

  const n = within(segunda!)
  expect(n.getByText('Nota de crédito electrónica', { selector: 'strong' })).toBeTruthy()
  expect(n.getAllByText('En proceso').length).toBeGreaterThan(0)
  expect(n.getByText('$100.000')).toBeTruthy()
  expect(n.getByText('Boleta exenta electrónica N° 17')).toBeTruthy()
  expect(n.queryByRole('link')).toBeNull()
})

test('a payment with no document yet says so', async () => {
  renderConRouter(() => <ListaDocumentosTributarios documentos={[]} />)
  expect(await screen.findByText(/aún no tiene documento tributario/)).toBeTruthy()
})

test("read from the payment's endpoint and asked again while one is in process, until its folio arrives", async () => {
  let llamadas = 0
  fetchMock.mockImplementation(async (entrada) => {
    const ruta = String(entrada)
    if (!ruta.endsWith('/api/pagos/pago-1/documentos-tributarios')) throw new Error(`inesperado: ${ruta}`)
    llamadas++
    return json({
      status: 'ok',
      data: [llamadas === 1 ? { ...boleta, folio: null, estado: 'pendiente', pdfUrl: null, xmlUrl: null } : boleta],
    })
  })
  vi.useFakeTimers({ shouldAdvanceTime: true })
  try {
    renderConRouter(() => <DocumentosTributariosDePago pagoId="pago-1" />)
    expect(await screen.findByRole('heading', { name: 'Documentos tributarios' })).toBeTruthy()
    expect((await screen.findAllByText('En proceso')).length).toBeGreaterThan(0)
    await vi.advanceTimersByTimeAsync(6000)
    expect(await screen.findByRole('link', { name: 'Descargar PDF de Boleta exenta electrónica N° 17' })).toBeTruthy()
    expect(llamadas).toBe(2)
    // Issued: nothing more to ask.
    await vi.advanceTimersByTimeAsync(12000)
    expect(llamadas).toBe(2)
  } finally {
    vi.useRealTimers()
  }
})

test("a failure is shown with a way to try again; another student's payment in the server's words", async () => {
  fetchMock.mockResolvedValue(json({ error: 'Error interno.' }, 500))
  renderConRouter(() => <DocumentosTributariosDePago pagoId="pago-1" />)
  expect(await screen.findByText('No fue posible cargar los documentos tributarios')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy()
  cleanup()
  fetchMock.mockResolvedValue(json({ error: 'Pago no encontrado.' }, 404))
  renderConRouter(() => <DocumentosTributariosDePago pagoId="pago-2" />)
  expect(await screen.findByText('Pago no encontrado.')).toBeTruthy()
})

test("the enrolment list's cell: each document's type and folio linked to its PDF, or its type and 'En proceso'", async () => {
  renderConRouter(() => (
    <DocumentosTributariosDeSolicitud codigo="INS-26-40018" documentos={[boleta, nota]} id="tributario-INS-26-40018" />
  ))
  const enlace = await screen.findByRole('link', { name: 'Boleta exenta N° 17 de la solicitud INS-26-40018 (PDF)' })
  expect(enlace.getAttribute('href')).toBe('/api/documentos-tributarios/dte-1/pdf')
  expect(enlace.id).toBe('tributario-INS-26-40018')
  expect(screen.getByText(/Nota de crédito: En proceso/)).toBeTruthy()
  expect(screen.getAllByRole('link')).toHaveLength(1)
})
