// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { Notificaciones } from './notificaciones.tsx'
import { limpiarToasts, toast } from './toasts.ts'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  cleanup()
  limpiarToasts()
  vi.useRealTimers()
})

function mostrar() {
  render(<Notificaciones />)
  act(() => {
    toast({ tipo: 'warning', mensaje: 'Correo o contraseña incorrectos' })
  })
  return screen.getByRole('alert')
}

test('a toast shows its title and message, with a close button', () => {
  const aviso = mostrar()
  expect(aviso).toHaveProperty('textContent', expect.stringContaining('¡Alerta!'))
  expect(aviso.textContent).toContain('Correo o contraseña incorrectos')
  expect(screen.getByRole('button', { name: 'Cerrar notificación' })).toBeTruthy()
})

test('a toast stays 5000 ms and then leaves after its 300 ms animation', () => {
  mostrar()
  act(() => vi.advanceTimersByTime(4999))
  expect(screen.queryByRole('alert')).not.toBeNull()
  act(() => vi.advanceTimersByTime(1))
  // Leaving: still in the DOM during the exit animation.
  expect(screen.queryByRole('alert')?.className).toContain('toast--saliendo')
  act(() => vi.advanceTimersByTime(300))
  expect(screen.queryByRole('alert')).toBeNull()
})

test('hovering keeps the toast; it closes 1000 ms after the pointer leaves', () => {
  const aviso = mostrar()
  act(() => vi.advanceTimersByTime(4000))
  fireEvent.mouseEnter(aviso)
  act(() => vi.advanceTimersByTime(10_000))
  expect(screen.queryByRole('alert')?.className).not.toContain('toast--saliendo')
  fireEvent.mouseLeave(aviso)
  act(() => vi.advanceTimersByTime(999))
  expect(screen.queryByRole('alert')?.className).not.toContain('toast--saliendo')
  act(() => vi.advanceTimersByTime(1 + 300))
  expect(screen.queryByRole('alert')).toBeNull()
})

test('focus inside the toast keeps it as hover does', () => {
  mostrar()
  fireEvent.focus(screen.getByRole('button', { name: 'Cerrar notificación' }))
  act(() => vi.advanceTimersByTime(8000))
  expect(screen.queryByRole('alert')).not.toBeNull()
  fireEvent.blur(screen.getByRole('button', { name: 'Cerrar notificación' }))
  act(() => vi.advanceTimersByTime(1300))
  expect(screen.queryByRole('alert')).toBeNull()
})

test('the close button removes the toast at once (after the animation)', () => {
  mostrar()
  fireEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }))
  act(() => vi.advanceTimersByTime(300))
  expect(screen.queryByRole('alert')).toBeNull()
})

test('success toasts are polite status messages titled ¡Éxito!', () => {
  render(<Notificaciones />)
  act(() => {
    toast({ tipo: 'success', mensaje: 'Tu contraseña fue creada.' })
  })
  expect(screen.getByRole('status').textContent).toContain('¡Éxito!')
})
