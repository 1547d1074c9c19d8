// @vitest-environment jsdom
// The hook needs a DOM (jsdom, the project's default). fake-indexeddb works here for plain JSON
// values; typed arrays would come back from another realm.
import 'fake-indexeddb/auto'
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, expect, test } from 'vitest'
import { claveBorrador, guardarBorrador, leerBorrador } from './borradores.ts'
import { useAvisoAlSalir, useBorrador } from './use-borrador.ts'

type Formulario = { nombres: string; telefono: string }
const inicial: Formulario = { nombres: 'Ana', telefono: '' }

afterEach(() => {
  cleanup()
})

test('restores the draft after a reload (unmount and mount again)', async () => {
  const clave = claveBorrador('A1', 'personal')
  const primera = renderHook(() => useBorrador(clave, inicial))
  await waitFor(() => expect(primera.result.current.cargando).toBe(false))
  expect(primera.result.current.restaurado).toBe(false)
  expect(primera.result.current.hayCambiosSinGuardar).toBe(false)

  act(() => primera.result.current.cambiar((v) => ({ ...v, telefono: '+56 2 2345 6789' })))
  expect(primera.result.current.hayCambiosSinGuardar).toBe(true)
  // Closed before the debounce fired: the unmount writes it.
  primera.unmount()
  await waitFor(async () => expect((await leerBorrador<Formulario>(clave))?.valor.telefono).toBe('+56 2 2345 6789'))

  const segunda = renderHook(() => useBorrador(clave, inicial))
  await waitFor(() => expect(segunda.result.current.restaurado).toBe(true))
  expect(segunda.result.current.valor).toEqual({ nombres: 'Ana', telefono: '+56 2 2345 6789' })
  expect(segunda.result.current.hayCambiosSinGuardar).toBe(true)
  expect(segunda.result.current.guardadoEn).toEqual(expect.any(Number))
})

test('saves changes after a short pause, not on every keystroke', async () => {
  const clave = claveBorrador('A1', 'debounce')
  const { result } = renderHook(() => useBorrador(clave, inicial, { esperaMs: 50 }))
  await waitFor(() => expect(result.current.cargando).toBe(false))
  act(() => result.current.cambiar({ nombres: 'A', telefono: '' }))
  act(() => result.current.cambiar({ nombres: 'An', telefono: '' }))
  expect(await leerBorrador(clave)).toBeUndefined()
  await waitFor(async () => expect((await leerBorrador<Formulario>(clave))?.valor.nombres).toBe('An'))
})

test('pagehide writes the pending change at once', async () => {
  const clave = claveBorrador('A1', 'pagehide')
  const { result } = renderHook(() => useBorrador(clave, inicial, { esperaMs: 60_000 }))
  await waitFor(() => expect(result.current.cargando).toBe(false))
  act(() => result.current.cambiar({ nombres: 'Beatriz', telefono: '' }))
  window.dispatchEvent(new Event('pagehide'))
  await waitFor(async () => expect((await leerBorrador<Formulario>(clave))?.valor.nombres).toBe('Beatriz'))
})

test('marcarGuardado clears the draft, even with a write still pending', async () => {
  const clave = claveBorrador('A1', 'guardado')
  const { result, unmount } = renderHook(() => useBorrador(clave, inicial))
  await waitFor(() => expect(result.current.cargando).toBe(false))
  act(() => result.current.cambiar({ nombres: 'Carla', telefono: '' }))
  await act(() => result.current.marcarGuardado())
  expect(result.current.hayCambiosSinGuardar).toBe(false)
  expect(result.current.valor.nombres).toBe('Carla')
  unmount()
  await new Promise((r) => setTimeout(r, 400))
  expect(await leerBorrador(clave)).toBeUndefined()
})

test('descartar drops the draft and goes back to the initial value', async () => {
  const clave = claveBorrador('A1', 'descartar')
  await guardarBorrador(clave, { nombres: 'Viejo', telefono: '1' })
  const { result } = renderHook(() => useBorrador(clave, inicial))
  await waitFor(() => expect(result.current.restaurado).toBe(true))
  await act(() => result.current.descartar())
  expect(result.current.valor).toEqual(inicial)
  expect(result.current.restaurado).toBe(false)
  expect(await leerBorrador(clave)).toBeUndefined()
})

test('each student and form gets its own draft', async () => {
  await guardarBorrador(claveBorrador('B2', 'personal'), { nombres: 'De B2', telefono: '' })
  const { result } = renderHook(() => useBorrador(claveBorrador('C3', 'personal'), inicial))
  await waitFor(() => expect(result.current.cargando).toBe(false))
  expect(result.current.restaurado).toBe(false)
  expect(result.current.valor).toEqual(inicial)
})

test('useAvisoAlSalir asks before unload only while active', () => {
  function Pantalla({ activo }: { activo: boolean }) {
    useAvisoAlSalir(activo)
    return null
  }
  const salir = () => {
    const evento = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(evento)
    return evento.defaultPrevented
  }
  const vista = render(createElement(Pantalla, { activo: false }))
  expect(salir()).toBe(false)
  vista.rerender(createElement(Pantalla, { activo: true }))
  expect(salir()).toBe(true)
  vista.rerender(createElement(Pantalla, { activo: false }))
  expect(salir()).toBe(false)
})
