import { expect, test } from 'vitest'
import { MENSAJE_SIN_CONEXION, type ItemOutbox } from '../../lib/offline/outbox.ts'
import { detalleEspera, estadoEnPalabras, textoPendientes } from './estado-item.ts'

const base: ItemOutbox = {
  id: 'x',
  alumno: 'AL1',
  tipo: 'persona',
  etiqueta: 'Datos personales y profesionales',
  metodo: 'PUT',
  url: '/api/alumno/persona',
  cuerpo: {},
  creadoEn: 1,
  secuencia: 1,
  estado: 'pendiente',
  intentos: 0,
}

test('each state reads in words; a paused item reads as waiting for sign-in, never as a spinner', () => {
  expect(estadoEnPalabras(base)).toBe('pendiente de envío')
  expect(estadoEnPalabras({ ...base, estado: 'enviando' })).toBe('enviando…')
  expect(estadoEnPalabras({ ...base, estado: 'en-pausa' })).toBe('en pausa: inicie sesión para enviar')
  expect(estadoEnPalabras({ ...base, estado: 'rechazado', ultimoError: 'La comuna no corresponde.' })).toBe(
    'rechazado: La comuna no corresponde.',
  )
})

test('a waiting item says why it waits only when there is a reason', () => {
  expect(detalleEspera(base)).toBeNull()
  expect(detalleEspera({ ...base, ultimoError: MENSAJE_SIN_CONEXION })).toBe(
    'Sin conexión: se enviará cuando vuelva la conexión.',
  )
  expect(detalleEspera({ ...base, estado: 'rechazado', ultimoError: 'x' })).toBeNull()
})

test('the pending count is singular for one item', () => {
  expect(textoPendientes(1)).toBe('1 cambio pendiente de envío')
  expect(textoPendientes(3)).toBe('3 cambios pendientes de envío')
})
