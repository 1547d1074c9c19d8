// @vitest-environment jsdom
// Hooks need a DOM (jsdom, the project's default); the outbox's items are plain JSON here, which
// fake-indexeddb returns faithfully under jsdom.
import 'fake-indexeddb/auto'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { abrirAlmacen } from './idb.ts'
import { crearOutbox } from './outbox.ts'
import { useEnLinea } from '../use-en-linea.ts'
import { OutboxProvider, useOutboxItems } from './use-outbox.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

test('useOutboxItems shows what waits to sync, only for this student, and updates as it is sent', async () => {
  let conexion = false
  const outbox = crearOutbox({
    almacen: abrirAlmacen('use-outbox-prueba', 'items'),
    alumno: 'A1',
    enviar: async () => {
      if (!conexion) throw new TypeError('Failed to fetch')
      return { status: 200, body: {} }
    },
  })
  const envoltorio = ({ children }: { children: ReactNode }) => createElement(OutboxProvider, { outbox }, children)
  const { result } = renderHook(() => useOutboxItems('A1'), { wrapper: envoltorio })
  expect(result.current).toEqual([])

  await act(async () => {
    await outbox.encolar({
      alumno: 'A1',
      tipo: 'persona',
      etiqueta: 'Datos personales',
      metodo: 'PUT',
      url: '/api/alumno',
      cuerpo: { a: 1 },
    })
    await outbox.encolar({
      alumno: 'B2',
      tipo: 'persona',
      etiqueta: 'Datos personales',
      metodo: 'PUT',
      url: '/api/alumno',
      cuerpo: { b: 1 },
    })
    await outbox.procesar()
  })
  expect(result.current.map((i) => [i.alumno, i.etiqueta, i.estado])).toEqual([['A1', 'Datos personales', 'pendiente']])

  conexion = true
  await act(() => outbox.procesar())
  await waitFor(() => expect(result.current).toEqual([]))
})

test('useOutboxItems outside an OutboxProvider says what is missing', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => renderHook(() => useOutboxItems())).toThrow(/OutboxProvider/)
})

test('useEnLinea follows the online and offline events', () => {
  let enLinea = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => enLinea)
  const { result } = renderHook(() => useEnLinea())
  expect(result.current).toBe(true)
  act(() => {
    enLinea = false
    window.dispatchEvent(new Event('offline'))
  })
  expect(result.current).toBe(false)
  act(() => {
    enLinea = true
    window.dispatchEvent(new Event('online'))
  })
  expect(result.current).toBe(true)
})
