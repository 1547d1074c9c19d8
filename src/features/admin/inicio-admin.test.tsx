// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderConRouter } from '../../testing/render.tsx'
import { InicioAdmin } from './inicio-admin.tsx'

// The sections as a merged portal may list them: students, but (here) no document review yet.
vi.mock('./secciones.ts', () => ({
  SECCIONES: [
    { ruta: '/admin/home', titulo: 'Inicio', descripcion: '', capacidad: null },
    { ruta: '/admin/alumnos', titulo: 'Alumnos', descripcion: 'Buscar alumnos.', capacidad: 'alumnos.ver' },
    {
      ruta: '/admin/certificados',
      titulo: 'Certificados',
      descripcion: 'Emitir y revocar certificados.',
      capacidad: 'certificados.gestionar',
    },
    { ruta: '/admin/encuestas', titulo: 'Encuestas', descripcion: 'Resultados.', capacidad: 'encuestas.ver' },
    { ruta: '/admin/pagos', titulo: 'Pagos', descripcion: 'Pagos y conciliación.', capacidad: 'pagos.ver' },
  ],
}))

const fetchMock = vi.fn<typeof fetch>()

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
}

function servidor(rol: 'admin' | 'asistente') {
  const capacidades =
    rol === 'admin'
      ? [
          'alumnos.ver',
          'documentos.revisar',
          'certificados.gestionar',
          'encuestas.ver',
          'auditoria.ver',
          'personal.gestionar',
          'pagos.ver',
        ]
      : ['alumnos.ver', 'documentos.revisar', 'encuestas.ver']
  fetchMock.mockImplementation(async (entrada) => {
    const ruta = String(entrada)
    if (ruta.endsWith('/api/admin/sesion'))
      return json({
        personal: { id: 'p', nombre: 'Carolina Vidal Rojas', email: 'admin@demo.cl', rol, etiquetaRol: rol },
        capacidades,
      })
    if (ruta.endsWith('/api/admin/resumen'))
      return json({
        hoy: '2026-11-25',
        semana: { desde: '2026-11-23', hasta: '2026-11-29' },
        documentosEnRevision: 4,
        condicionesRechazadas: 2,
        reglamentosFirmadosSemana: 1,
        encuestasRecibidasSemana: 3,
        certificadosPorEmitir: rol === 'admin' ? 8 : null,
        documentosTributariosAtrasados: rol === 'admin' ? 3 : null,
      })
    throw new Error(`inesperado: ${ruta}`)
  })
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const conteo = (titulo: string) => screen.getByText(titulo).closest('li') as HTMLElement

test('each count links to the section where the work is done, only when that section exists', async () => {
  servidor('admin')
  renderConRouter(() => <InicioAdmin />)
  await screen.findByText('Certificados por emitir')
  expect(
    screen.getByText(/La semana va del lunes 23 de noviembre de 2026 al domingo 29 de noviembre de 2026/),
  ).toBeTruthy()

  const certificados = within(conteo('Certificados por emitir')).getByRole('link', {
    name: '8 Certificados por emitir',
  })
  expect(certificados.getAttribute('href')).toBe('/admin/certificados?estado=por-emitir')
  for (const [titulo, cantidad] of [
    ['Solicitudes con condiciones rechazadas', 2],
    ['Reglamentos firmados esta semana', 1],
  ] as const) {
    const enlace = within(conteo(titulo)).getByRole('link', { name: `${cantidad} ${titulo}` })
    expect(enlace.getAttribute('href')).toBe('/admin/alumnos')
  }
  expect(
    within(conteo('Encuestas recibidas esta semana'))
      .getByRole('link', { name: '3 Encuestas recibidas esta semana' })
      .getAttribute('href'),
  ).toBe('/admin/encuestas')
  // No document review section: the count is there, but no link leads nowhere.
  expect(conteo('Documentos por revisar').textContent).toBe('4 Documentos por revisar')
  expect(within(conteo('Documentos por revisar')).queryByRole('link')).toBeNull()
})

test('an assistant gets no certificate count and no link to a section their role cannot use', async () => {
  servidor('asistente')
  renderConRouter(() => <InicioAdmin />)
  await screen.findByText('Documentos por revisar')
  expect(screen.queryByText('Certificados por emitir')).toBeNull()
  expect(screen.queryByRole('link', { name: /Certificados/ })).toBeNull()
  expect(within(conteo('Encuestas recibidas esta semana')).getByRole('link').getAttribute('href')).toBe(
    '/admin/encuestas',
  )
})

test('the SII documents still not issued past the limit are counted and lead to the payments; a role that cannot see payments gets no count', async () => {
  servidor('admin')
  renderConRouter(() => <InicioAdmin />)
  await screen.findByText('Documentos tributarios atrasados')
  const enlace = within(conteo('Documentos tributarios atrasados')).getByRole('link', {
    name: '3 Documentos tributarios atrasados',
  })
  expect(enlace.getAttribute('href')).toBe('/admin/pagos')
  cleanup()
  servidor('asistente')
  renderConRouter(() => <InicioAdmin />)
  await screen.findByText('Documentos por revisar')
  expect(screen.queryByText('Documentos tributarios atrasados')).toBeNull()
})
