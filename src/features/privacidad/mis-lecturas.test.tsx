// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { MENSAJE_SIN_LECTURAS_PROPIAS } from '../../domain/lecturas.ts'
import { renderConRouter } from '../../testing/render.tsx'
import { MisLecturas } from './mis-lecturas.tsx'

// The student's own read log, the section 'Mis datos' mounts: who read what and when, in words.

const fetchMock = vi.fn<typeof fetch>()
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('each read says what, who (a person with their role, or the CRM) and when in Chile', async () => {
  fetchMock.mockImplementation(async (entrada) => {
    expect(String(entrada)).toMatch(/\/api\/privacidad\/lecturas$/)
    return json({
      lecturas: [
        {
          en: '2026-11-27T15:04:00.000Z',
          lector: { tipo: 'integracion', nombre: 'CRM de la escuela', rol: null },
          que: 'integracion',
          detalle: 'API del CRM: pagos leídos por la API',
        },
        {
          en: '2026-11-26T12:30:00.000Z',
          lector: { tipo: 'personal', nombre: 'Rodrigo Fuentes Lagos', rol: 'coordinacion' },
          que: 'documento-salud',
          detalle: 'Seguro de Salud (seguro.pdf)',
        },
      ],
    })
  })
  renderConRouter(() => <MisLecturas />)
  const seccion = await screen.findByRole('region', { name: 'Quién leyó mis datos sensibles' })
  const items = await within(seccion).findAllByRole('listitem')
  expect(items.map((i) => i.textContent)).toEqual([
    'Datos leídos por el CRM (API de integración): API del CRM: pagos leídos por la APIIntegración (CRM): CRM de la escuela, el 27-11-2026 a las 12:04',
    'Documento de salud: Seguro de Salud (seguro.pdf)Rodrigo Fuentes Lagos, Coordinación académica, el 26-11-2026 a las 09:30',
  ])
})

test('nobody read anything: it says so', async () => {
  fetchMock.mockImplementation(async () => json({ lecturas: [] }))
  renderConRouter(() => <MisLecturas />)
  await screen.findByText(MENSAJE_SIN_LECTURAS_PROPIAS)
})
