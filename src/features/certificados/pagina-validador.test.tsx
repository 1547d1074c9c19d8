// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderConRouter } from '../../testing/render.tsx'
import {
  MENSAJE_VALIDACION_ERROR_INTERNO,
  MENSAJE_VALIDACION_SIN_CONEXION,
  PaginaValidador,
} from './pagina-validador.tsx'

// The scanner's decoder is replaced by one that "sees" what a test puts in front of the camera:
// the dialog, the camera handling and what is done with the text read are the real ones.
const enCamara = vi.hoisted(() => ({ textos: [] as string[], cerrado: 0 }))
vi.mock('./decodificador-qr.ts', () => ({
  crearDecodificadorQr: async () => ({
    leer: async () => enCamara.textos,
    cerrar: () => {
      enCamara.cerrado++
    },
  }),
}))

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN=token-de-prueba'
  enCamara.textos = []
  enCamara.cerrado = 0
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function responder(body: unknown, status = 200) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  )
}

const documento = {
  codigo: 'CODIGO-1',
  codTipoDocumento: '35',
  tipo: 'Certificado Programa',
  titular: 'Camila Rojas',
  programa: 'Diplomado en Medicina Intensiva del Adulto',
  fechaEmision: '2025-01-17',
  revocadoEn: null,
}

const valido = {
  status: 1,
  data: { codProspecto: 'P-1', msgvalido: 'Certificado Programa válido: certifica que…', documento },
  msg: 'Certificado Programa válido',
}

const resultado = () => screen.getByRole('status', { name: 'Resultado de la validación' })

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

test('a valid document says so in words and shows what it certifies: kind, holder, program, issue date', async () => {
  responder(valido)
  renderConRouter(() => <PaginaValidador />)
  fireEvent.change(await screen.findByRole('textbox', { name: 'Código del certificado' }), {
    target: { value: 'CODIGO-1' },
  })
  fireEvent.click(screen.getByRole('button', { name: 'Validar' }))
  await waitFor(() => expect(resultado().textContent).toContain('Certificado Programa válido'))
  const region = resultado()
  expect(region.querySelector('.mensaje--exito')).not.toBeNull()
  const terminos = [...region.querySelectorAll('dt')].map(
    (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
  )
  expect(terminos).toEqual([
    'Documento: Certificado Programa',
    'Titular: Camila Rojas',
    'Programa: Diplomado en Medicina Intensiva del Adulto',
    'Fecha de emisión: 17 de enero de 2025',
    'Código: CODIGO-1',
  ])
  expect(region.textContent).toContain('Certificado Programa válido: certifica que…')
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(url).toBe('/api/certificados/validar')
  expect(JSON.parse(String(init?.body))).toEqual({ codValidador: 'CODIGO-1' })
})

test('an unknown code is not valid, in words and in red, with the server message', async () => {
  responder({
    status: 0,
    msg: 'El código ingresado no corresponde a ningún documento emitido por la escuela.',
    revocado: false,
  })
  renderConRouter(() => <PaginaValidador codigoInicial="NO-EXISTE" />)
  await waitFor(() => expect(resultado().textContent).toContain('Documento no válido'))
  expect(resultado().textContent).toContain('no corresponde a ningún documento emitido')
  expect(resultado().querySelector('.mensaje--error')).not.toBeNull()
  expect(resultado().querySelector('dl')).toBeNull()
  // Pre-filled from ?codcertificado= and validated at once.
  expect((screen.getByRole('textbox', { name: 'Código del certificado' }) as HTMLInputElement).value).toBe('NO-EXISTE')
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('a revoked document says it was revoked, and what it was', async () => {
  responder({
    status: 0,
    msg: 'Certificado Programa revocado por la escuela el 2 de marzo de 2026: ya no es válido.',
    revocado: true,
    documento: { ...documento, revocadoEn: '2026-03-02' },
  })
  renderConRouter(() => <PaginaValidador codigoInicial="CODIGO-1" />)
  await waitFor(() => expect(resultado().textContent).toContain('Documento revocado: no es válido'))
  expect(resultado().textContent).toContain('revocado por la escuela el 2 de marzo de 2026')
  expect(resultado().textContent).toContain('Revocado el2 de marzo de 2026')
  expect(resultado().textContent).toContain('Camila Rojas')
  expect(resultado().querySelector('.mensaje--error')).not.toBeNull()
})

test('a network failure while online shows the spec message', async () => {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
  renderConRouter(() => <PaginaValidador codigoInicial="CODIGO-1" />)
  await waitFor(() => expect(resultado().textContent).toContain(MENSAJE_VALIDACION_ERROR_INTERNO))
})

test('with no network it says that validating needs a connection, not an internal error', async () => {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
  const enLinea = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  try {
    renderConRouter(() => <PaginaValidador codigoInicial="CODIGO-1" />)
    await waitFor(() => expect(resultado().textContent).toContain(MENSAJE_VALIDACION_SIN_CONEXION))
    expect(resultado().textContent).not.toContain('error interno')
  } finally {
    enLinea.mockRestore()
  }
})

test('a chosen PDF is sent as it is, with the XSRF header, and the reply is shown', async () => {
  responder({
    status: 0,
    msg: 'El archivo no corresponde a ningún documento emitido por la escuela, o fue modificado.',
    revocado: false,
  })
  renderConRouter(() => <PaginaValidador />)
  const archivo = new File(['%PDF-1.7 contenido'], 'certificado.pdf', { type: 'application/pdf' })
  fireEvent.change(await screen.findByLabelText('Verificar un archivo PDF'), { target: { files: [archivo] } })
  await waitFor(() => expect(resultado().textContent).toContain('o fue modificado'))
  expect(resultado().textContent).toContain('Documento no válido')
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(url).toBe('/api/certificados/verificar-archivo')
  expect(init?.method).toBe('POST')
  expect(init?.body).toBe(archivo)
  const cabeceras = init?.headers as Record<string, string>
  expect(cabeceras['Content-Type']).toBe('application/pdf')
  expect(cabeceras['X-XSRF-TOKEN']).toBe('token-de-prueba')
})

test('a refused file shows the server message', async () => {
  responder({ status: 0, msg: 'El archivo elegido no es un PDF.', error: 'El archivo elegido no es un PDF.' }, 415)
  renderConRouter(() => <PaginaValidador />)
  fireEvent.change(await screen.findByLabelText('Verificar un archivo PDF'), {
    target: { files: [new File(['hola'], 'nota.pdf')] },
  })
  await waitFor(() => expect(resultado().textContent).toContain('El archivo elegido no es un PDF.'))
})

function camaraFalsa() {
  const pista = { stop: vi.fn() }
  const flujo = { getTracks: () => [pista] } as unknown as MediaStream
  const getUserMedia = vi.fn<(c: MediaStreamConstraints) => Promise<MediaStream>>().mockResolvedValue(flujo)
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }))
  // jsdom plays no video: the element says it has a frame, and play() resolves.
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA)
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue()
  return { pista, getUserMedia }
}

test('a QR read by the scanner fills the code and validates it, and the camera is stopped', async () => {
  const { pista, getUserMedia } = camaraFalsa()
  responder(valido)
  renderConRouter(() => <PaginaValidador />)
  fireEvent.click(await screen.findByRole('button', { name: 'Escanear código QR' }))
  const dialogo = await screen.findByRole('dialog', { name: 'Escanear código QR' })
  await waitFor(() => expect(within(dialogo).getByRole('status').textContent).toContain('Cámara activa'))
  expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false })

  // A QR that is not a document's is said so, and scanning goes on.
  enCamara.textos = ['https://otro-sitio.cl/menu']
  await waitFor(() =>
    expect(within(dialogo).getByRole('status').textContent).toContain('no es el de un documento de la escuela'),
  )
  expect(fetchMock).not.toHaveBeenCalled()

  enCamara.textos = ['https://portal.escuela.cl/certificado/validador?codcertificado=CODIGO-1']
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(pista.stop).toHaveBeenCalled()
  expect(enCamara.cerrado).toBe(1)
  expect((screen.getByRole('textbox', { name: 'Código del certificado' }) as HTMLInputElement).value).toBe('CODIGO-1')
  await waitFor(() => expect(resultado().textContent).toContain('Certificado Programa válido'))
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ codValidador: 'CODIGO-1' })
})

test('Cancelar closes the scanner and stops the camera', async () => {
  const { pista } = camaraFalsa()
  renderConRouter(() => <PaginaValidador />)
  fireEvent.click(await screen.findByRole('button', { name: 'Escanear código QR' }))
  const dialogo = await screen.findByRole('dialog', { name: 'Escanear código QR' })
  await waitFor(() => expect(within(dialogo).getByRole('status').textContent).toContain('Cámara activa'))
  fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(pista.stop).toHaveBeenCalled()
  expect(enCamara.cerrado).toBe(1)
})

test('a denied camera is explained in Spanish, and the typed code still works', async () => {
  const { getUserMedia } = camaraFalsa()
  getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'))
  responder(valido)
  renderConRouter(() => <PaginaValidador />)
  fireEvent.click(await screen.findByRole('button', { name: 'Escanear código QR' }))
  const dialogo = await screen.findByRole('dialog', { name: 'Escanear código QR' })
  await waitFor(() =>
    expect(within(dialogo).getByRole('alert').textContent).toBe(
      'No se pudo usar la cámara: no se dio permiso para usarla. Puede escribir el código manualmente.',
    ),
  )
  fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar' }))
  fireEvent.change(screen.getByRole('textbox', { name: 'Código del certificado' }), { target: { value: 'CODIGO-1' } })
  fireEvent.click(screen.getByRole('button', { name: 'Validar' }))
  await waitFor(() => expect(resultado().textContent).toContain('Certificado Programa válido'))
})
