// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ApiError, ErrorDeRed } from './api-error.ts'
import { api } from './api-json.ts'
import { alExpirarSesion } from './api.ts'
import { CLAVES, guardarSesion, haySesion } from './session.ts'

const fetchMock = vi.fn<typeof fetch>()

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

function borrarCookie(): void {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
}

function cabeceras(llamada: number): Record<string, string> {
  return (fetchMock.mock.calls[llamada]?.[1]?.headers ?? {}) as Record<string, string>
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  localStorage.clear()
  borrarCookie()
})

afterEach(() => {
  vi.unstubAllGlobals()
  alExpirarSesion(() => {})
})

describe('api', () => {
  test('a GET is same-origin JSON with cookies and no XSRF header', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }))
    await expect(api('/api/alumno')).resolves.toEqual({ ok: true })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/alumno')
    expect(init?.credentials).toBe('same-origin')
    expect(cabeceras(0).Accept).toBe('application/json')
    expect(cabeceras(0)['X-XSRF-TOKEN']).toBeUndefined()
  })

  test('a POST copies the XSRF-TOKEN cookie into X-XSRF-TOKEN and sends JSON', async () => {
    document.cookie = 'XSRF-TOKEN=abc%20123; path=/'
    fetchMock.mockResolvedValue(json({ codRetorno: 0 }))
    await api('/api/auth/login', { method: 'POST', body: { email: 'a@b.cl', password: 'x' } })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(cabeceras(0)['X-XSRF-TOKEN']).toBe('abc 123')
    expect(cabeceras(0)['Content-Type']).toBe('application/json')
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"email":"a@b.cl","password":"x"}')
  })

  test('without the cookie it first asks GET /api/sesion for one', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/sesion') {
        document.cookie = 'XSRF-TOKEN=nuevo; path=/'
        return json({ ok: true })
      }
      return json({ status: 'ok', message: 'hecho' })
    })
    await api('/api/auth/password/request', { method: 'POST', body: { email: 'a@b.cl' } })
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/sesion', '/api/auth/password/request'])
    expect(cabeceras(1)['X-XSRF-TOKEN']).toBe('nuevo')
  })

  test('an XSRF refusal renews the cookie and retries once', async () => {
    document.cookie = 'XSRF-TOKEN=viejo; path=/'
    let intentos = 0
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/sesion') {
        document.cookie = 'XSRF-TOKEN=renovado; path=/'
        return json({ ok: true })
      }
      intentos += 1
      return intentos === 1
        ? json({ error: 'Solicitud no válida: recargue la página e intente nuevamente.' }, 403)
        : json({ status: 'ok', message: 'hecho' })
    })
    await expect(api('/api/auth/register', { method: 'POST', body: {} })).resolves.toEqual({
      status: 'ok',
      message: 'hecho',
    })
    expect(cabeceras(2)['X-XSRF-TOKEN']).toBe('renovado')
  })

  test("an error status throws ApiError with the server's Spanish message and field messages", async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/'
    fetchMock.mockResolvedValue(
      json({ error: 'Datos inválidos', campos: { email: 'El correo electrónico no es válido' } }, 400),
    )
    const error = await api('/api/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      message: 'Datos inválidos',
      campos: { email: 'El correo electrónico no es válido' },
    })
  })

  test('a reply with only `message` (status/message replies) uses it', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/'
    fetchMock.mockResolvedValue(json({ status: 'error', message: 'El enlace no es válido' }, 400))
    await expect(api('/api/auth/password/verify', { method: 'POST', body: { token: 'x' } })).rejects.toMatchObject({
      message: 'El enlace no es válido',
    })
  })

  test('a network failure is an ErrorDeRed, not an ApiError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await api('/api/alumno').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ErrorDeRed)
    expect(error).not.toBeInstanceOf(ApiError)
  })

  test('a 401 for a signed-in student forgets the session, stores the back-url and calls the handler', async () => {
    guardarSesion({
      nombre: 'Camila',
      apellido: 'Rojas',
      rut: '1-9',
      codigoAlumno: 'A1',
      asistente: null,
      cuentaServicio: '',
    })
    window.history.replaceState(null, '', '/info/solicitudes?pagina=2')
    const alExpirar = vi.fn()
    alExpirarSesion(alExpirar)
    fetchMock.mockResolvedValue(json({ error: 'Sesión expirada, vuelva a ingresar' }, 401))
    await expect(api('/api/alumno')).rejects.toMatchObject({
      status: 401,
      message: 'Sesión expirada, vuelva a ingresar',
    })
    expect(haySesion()).toBe(false)
    expect(localStorage.getItem(CLAVES.backUrl)).toBe('/info/solicitudes?pagina=2')
    expect(alExpirar).toHaveBeenCalledTimes(1)
  })

  test('a 401 with nobody signed in, or on logout, does not call the handler', async () => {
    const alExpirar = vi.fn()
    alExpirarSesion(alExpirar)
    fetchMock.mockImplementation(async () => json({ error: 'Sesión expirada, vuelva a ingresar' }, 401))
    await expect(api('/api/alumno')).rejects.toBeInstanceOf(ApiError)
    guardarSesion({ nombre: 'C', apellido: '', rut: '', codigoAlumno: 'A1', asistente: null, cuentaServicio: '' })
    document.cookie = 'XSRF-TOKEN=t; path=/'
    await expect(api('/api/auth/logout', { method: 'POST', ignorarSesionExpirada: true })).rejects.toBeInstanceOf(
      ApiError,
    )
    expect(alExpirar).not.toHaveBeenCalled()
  })

  test('only /api/ paths are allowed', async () => {
    await expect(api('https://otro.example/api/x')).rejects.toThrow('Ruta de API inválida')
  })
})
