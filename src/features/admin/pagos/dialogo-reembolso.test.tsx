// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  MENSAJE_MONTO_REEMBOLSO,
  MENSAJE_MOTIVO_REEMBOLSO,
  MENSAJE_REEMBOLSO_EN_CURSO,
  mensajeMontoExcede,
} from '../../../domain/reembolsos.ts'
import { renderConRouter } from '../../../testing/render.tsx'
import { DialogoReembolso } from './dialogo-reembolso.tsx'

const fetchMock = vi.fn<typeof fetch>()
type Enviado = { url: string; cuerpo: unknown; clave: string | null }
let enviados: Enviado[] = []

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** The server's replies to the refund's POST, in order. */
function servidor(...respuestas: (() => Response)[]) {
  fetchMock.mockImplementation(async (entrada, init) => {
    const url = String(entrada)
    if (init?.method !== 'POST' || !url.endsWith('/api/admin/pagos/pago-1/reembolsos'))
      throw new Error(`inesperado: ${init?.method} ${url}`)
    const headers = new Headers(init.headers)
    enviados.push({ url, cuerpo: JSON.parse(String(init.body)), clave: headers.get('Idempotency-Key') })
    const siguiente = respuestas.shift()
    if (!siguiente) throw new Error('sin respuesta preparada')
    return siguiente()
  })
}

const aplicado = (monto: number) =>
  json(
    {
      reembolso: {
        id: 'r-1',
        pagoId: 'pago-1',
        monto,
        motivo: 'Retiro',
        estado: 'aplicado',
        tipo: 'REVERSED',
        codigoAutorizacion: null,
        fechaAutorizacion: null,
        saldo: 0,
        detalle: null,
        personal: 'Carolina Vidal Rojas',
        creadoEn: '2026-11-25T15:00:00.000Z',
        resueltoEn: '2026-11-25T15:00:01.000Z',
        comprobante: '/api/documentos-emitidos/ABC',
      },
    },
    201,
  )

beforeEach(() => {
  enviados = []
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN-ADMIN=token-de-prueba'
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function abrir(props: { reembolsable?: number; onCerrar?: () => void; onReembolsado?: () => void } = {}) {
  const onCerrar = props.onCerrar ?? vi.fn()
  renderConRouter(() => (
    <DialogoReembolso
      pagoId="pago-1"
      reembolsable={props.reembolsable ?? 450_000}
      descripcion="Cuota 1 de 4 — Diplomado en Gestión Clínica"
      onCerrar={onCerrar}
      onReembolsado={props.onReembolsado}
    />
  ))
  return { onCerrar }
}

const monto = () => screen.getByLabelText(/Monto a reembolsar/) as HTMLInputElement
const motivo = () => screen.getByLabelText(/Motivo del reembolso/) as HTMLTextAreaElement

test('the amount starts empty and asks for one; «all that remains» fills it; nothing is sent until the confirmation, which says what follows; sent once with its key', async () => {
  servidor(() => aplicado(450_000))
  const onReembolsado = vi.fn()
  const { onCerrar } = abrir({ onReembolsado })
  await screen.findByRole('heading', { name: 'Reembolsar pago' })
  expect(monto().value).toBe('')

  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
  expect(await screen.findByText(MENSAJE_MONTO_REEMBOLSO)).toBeTruthy()
  expect(screen.getByText(MENSAJE_MOTIVO_REEMBOLSO)).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Reembolsar todo lo que queda ($450.000)' }))
  expect(monto().value).toBe('450.000')
  fireEvent.change(motivo(), { target: { value: 'Retiro en la primera semana' } })
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))

  await screen.findByRole('heading', { name: 'Confirmar reembolso' })
  expect(fetchMock).not.toHaveBeenCalled()
  expect(screen.getByText(/todo lo que queda del pago/)).toBeTruthy()
  expect(screen.getByText(/quedará pendiente de pago nuevamente/)).toBeTruthy()
  const boton = screen.getByRole('button', { name: 'Reembolsar $450.000' })
  fireEvent.click(boton)
  fireEvent.click(boton)
  await waitFor(() => expect(onCerrar).toHaveBeenCalled())
  expect(enviados).toHaveLength(1)
  expect(enviados[0]!.cuerpo).toEqual({ monto: 450_000, motivo: 'Retiro en la primera semana' })
  expect(enviados[0]!.clave).toMatch(/^[0-9a-f-]{36}$/)
  expect(onReembolsado).toHaveBeenCalledWith(expect.objectContaining({ id: 'r-1', monto: 450_000 }))
})

test('a part of it, checked against what remains; a refusal is shown, and trying the same confirmation again sends the same key', async () => {
  servidor(
    () => json({ error: MENSAJE_REEMBOLSO_EN_CURSO }, 409),
    () => aplicado(100_000),
  )
  const { onCerrar } = abrir({ reembolsable: 300_000 })
  await screen.findByRole('heading', { name: 'Reembolsar pago' })
  fireEvent.change(monto(), { target: { value: '300.001' } })
  fireEvent.change(motivo(), { target: { value: 'Descuento' } })
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
  expect(await screen.findByText(mensajeMontoExcede(300_000))).toBeTruthy()
  expect(monto().getAttribute('aria-invalid')).toBe('true')

  fireEvent.change(monto(), { target: { value: '100000' } })
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
  await screen.findByText(/de los \$300\.000 que quedan del pago/)
  expect(screen.queryByText(/quedará pendiente de pago nuevamente/)).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Reembolsar $100.000' }))
  expect((await screen.findByRole('alert')).textContent).toBe(MENSAJE_REEMBOLSO_EN_CURSO)
  expect(onCerrar).not.toHaveBeenCalled()

  fireEvent.click(screen.getByRole('button', { name: 'Reembolsar $100.000' }))
  await waitFor(() => expect(onCerrar).toHaveBeenCalled())
  expect(enviados.map((e) => e.clave)).toEqual([enviados[0]!.clave, enviados[0]!.clave])
})

test('going back to correct the amount makes a new confirmation, with a new key', async () => {
  servidor(() => aplicado(200_000))
  abrir({ reembolsable: 300_000 })
  await screen.findByRole('heading', { name: 'Reembolsar pago' })
  fireEvent.change(monto(), { target: { value: '300.000' } })
  fireEvent.change(motivo(), { target: { value: 'Retiro' } })
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Corregir monto o motivo' }))
  expect(monto().value).toBe('300.000')
  fireEvent.change(monto(), { target: { value: '200.000' } })
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Reembolsar $200.000' }))
  await waitFor(() => expect(enviados).toHaveLength(1))
  expect(enviados[0]!.cuerpo).toEqual({ monto: 200_000, motivo: 'Retiro' })
})

test('Cancelar closes it without sending anything; a payment with nothing left says so', async () => {
  const { onCerrar } = abrir()
  fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }))
  expect(onCerrar).toHaveBeenCalled()
  cleanup()
  abrir({ reembolsable: 0 })
  expect(await screen.findByText('Este pago ya fue reembolsado por completo.')).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull()
  expect(fetchMock).not.toHaveBeenCalled()
})
