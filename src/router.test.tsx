// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CLAVES, type SesionLocal } from './lib/session.ts'

// The real route tree: the entry guard, the signed-in guard with its back-url and contest
// flag, /login for signed-in users, and the Spanish not-found page.

const sesion: SesionLocal = {
  nombre: 'Camila',
  apellido: 'Rojas',
  rut: '12345678-5',
  codigoAlumno: 'ALU-1',
  asistente: { Name: 'Luis Soto', Phone: '+56 9 8765 4321', Email: 'luis@escuela.cl' },
  cuentaServicio: 'portal@escuela.cl',
}

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  localStorage.clear()
  window.scrollTo = () => {}
  fetchMock.mockReset()
  // Nothing answers: pages must render from what is stored.
  fetchMock.mockImplementation(() => new Promise<Response>(() => {}))
  vi.stubGlobal('fetch', fetchMock)
  // The entry guard runs once per page load: a fresh module graph is a fresh page load.
  vi.resetModules()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function abrir(url: string) {
  const { crearRouter } = await import('./router.ts')
  const { queryClient } = await import('./lib/query-client.ts')
  const { outboxDePrueba } = await import('./testing/outbox.ts')
  const { contarBorradores } = await import('./lib/offline/borradores.ts')
  const { borrarDatosLocales } = await import('./lib/offline/datos-locales.ts')
  const offline = Promise.resolve({ outbox: outboxDePrueba(), contarBorradores, borrarDatosLocales })
  const { routeTree } = await import('./routeTree.gen.ts')
  const router = crearRouter({
    routeTree,
    cargarOffline: () => offline,
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await waitFor(() => expect(router.state.status).toBe('idle'))
  return router
}

/** Only `ruta` answers, as a contest that does not exist would; every other request still hangs. */
function soloResponde(ruta: string) {
  fetchMock.mockImplementation((entrada) =>
    String(entrada) === ruta
      ? Promise.resolve(Response.json({ error: 'Concurso no encontrado' }, { status: 404 }))
      : new Promise<Response>(() => {}),
  )
}

function iniciarSesion() {
  localStorage.setItem(CLAVES.sesion, JSON.stringify(sesion))
}

describe('entry guard', () => {
  test("'' without a session goes to /login and stores no back-url", async () => {
    const router = await abrir('/')
    expect(router.state.location.pathname).toBe('/login')
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy()
    expect(localStorage.getItem(CLAVES.backUrl)).toBeNull()
  })

  test("'' with a session goes to /home, painted from the stored data", async () => {
    iniciarSesion()
    const router = await abrir('/')
    expect(router.state.location.pathname).toBe('/home')
    expect(await screen.findByRole('heading', { name: 'Bienvenido(a), Camila' })).toBeTruthy()
  })

  test("the home page shows the 'Ofertas Laborales' tile only once the server says so", async () => {
    iniciarSesion()
    let responder: (visible: boolean) => void = () => {}
    fetchMock.mockImplementation((entrada) =>
      String(entrada) === '/api/ofertas/mosaico'
        ? new Promise<Response>((resolver) => {
            responder = (visible) => resolver(Response.json({ status: 'ok', data: { visible } }))
          })
        : new Promise<Response>(() => {}),
    )
    await abrir('/home')
    await screen.findByRole('heading', { name: 'Bienvenido(a), Camila' })
    expect(screen.queryByRole('link', { name: 'Ofertas Laborales' })).toBeNull()
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/ofertas/mosaico'))
    responder(true)
    expect(await screen.findByRole('link', { name: 'Ofertas Laborales' })).toBeTruthy()
  })

  test('?concurso=7 without a session: contest page, then login with the back-url and the register link', async () => {
    const router = await abrir('/?concurso=7')
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(CLAVES.backUrl)).toBe('/concurso/derechopostulacion/7')
    expect(localStorage.getItem(CLAVES.flujoConcurso)).toBe('7')
    expect(await screen.findByRole('link', { name: 'Regístrese' })).toBeTruthy()
  })

  test('?concurso=7 with a session opens the contest application page', async () => {
    iniciarSesion()
    soloResponde('/api/concursos/7')
    const router = await abrir('/?concurso=7')
    expect(router.state.location.pathname).toBe('/concurso/derechopostulacion/7')
    expect(await screen.findByRole('heading', { name: 'Derecho de postulación' })).toBeTruthy()
    expect(await screen.findByText('Concurso no encontrado')).toBeTruthy()
  })

  test('validacertificado beats concurso, on any entry path', async () => {
    const router = await abrir('/login?concurso=7&validacertificado=ABC')
    expect(router.state.location.pathname).toBe('/certificado/validador')
    expect(router.state.location.search).toEqual({ codcertificado: 'ABC' })
  })

  test('pagoInsc with posPago, and pagoInsc alone', async () => {
    iniciarSesion()
    // The installments of an enrolment that is not the student's: the screens say so.
    soloResponde('/api/pagos/cuotas/55')
    expect((await abrir('/?pagoInsc=55&posPago=2')).state.location.pathname).toBe('/pagos/55/2')
    expect(await screen.findByRole('heading', { name: 'Pagar cuota' })).toBeTruthy()
    cleanup()
    vi.resetModules()
    expect((await abrir('/?pagoInsc=55')).state.location.pathname).toBe('/pagos/lista/55')
    expect(await screen.findByRole('heading', { name: 'Lista de pagos' })).toBeTruthy()
  })

  test('concursoDetalle opens the contest detail', async () => {
    iniciarSesion()
    soloResponde('/api/concursos/9')
    expect((await abrir('/?concursoDetalle=9')).state.location.pathname).toBe('/concurso/detalle/9')
    expect(await screen.findByRole('heading', { name: 'Concurso' })).toBeTruthy()
  })

  test('/login?recoverpass=abc goes to /password with the token, which is verified', async () => {
    const router = await abrir('/login?recoverpass=abc')
    expect(router.state.location.pathname).toBe('/password')
    expect(router.state.location.search).toEqual({ recoverpass: 'abc' })
    expect(await screen.findByText(/Verificando enlace…/)).toBeTruthy()
  })
})

describe('signed-in guard', () => {
  test('a signed-in page without a session stores the wanted path + search and goes to /login', async () => {
    const router = await abrir('/info/solicitudes?pagina=2')
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(CLAVES.backUrl)).toBe('/info/solicitudes?pagina=2')
    expect(localStorage.getItem(CLAVES.flujoConcurso)).toBeNull()
  })

  test('/login with a session goes to /home', async () => {
    iniciarSesion()
    expect((await abrir('/login')).state.location.pathname).toBe('/home')
  })

  test('the validator stays public', async () => {
    const router = await abrir('/certificado/validador')
    expect(router.state.location.pathname).toBe('/certificado/validador')
    expect(await screen.findByRole('heading', { name: 'Validar certificado' })).toBeTruthy()
  })
})

test('the top navigation shows only when signed in', async () => {
  await abrir('/login')
  await screen.findByRole('heading', { name: 'Iniciar sesión' })
  expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Salir' })).toBeNull()
  cleanup()
  vi.resetModules()
  iniciarSesion()
  await abrir('/home')
  const nav = await screen.findByRole('navigation', { name: 'Principal' })
  expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Inicio',
    'Información Personal',
    'Solicitudes',
    'Concursos',
  ])
  expect(screen.getByRole('button', { name: 'Salir' })).toBeTruthy()
})

test('home shows the assistant, hidden when it is the service account', async () => {
  iniciarSesion()
  await abrir('/home')
  expect((await screen.findByRole('link', { name: 'luis@escuela.cl' })).getAttribute('href')).toBe(
    'mailto:luis@escuela.cl',
  )
  expect(screen.getByRole('link', { name: '+56 9 8765 4321' }).getAttribute('href')).toBe('tel:+56987654321')
  expect(screen.queryByRole('link', { name: 'Ofertas Laborales' })).toBeNull()
  cleanup()
  vi.resetModules()
  localStorage.setItem(
    CLAVES.sesion,
    JSON.stringify({ ...sesion, asistente: { ...sesion.asistente, Email: 'portal@escuela.cl' } }),
  )
  await abrir('/home')
  await screen.findByRole('heading', { name: 'Bienvenido(a), Camila' })
  expect(screen.queryByRole('heading', { name: 'Tu asistente comercial' })).toBeNull()
})

test('an unknown route shows the Spanish not-found page with a way back', async () => {
  await abrir('/no/existe')
  expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/')
})
