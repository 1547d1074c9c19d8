// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { MENSAJE_ERROR_INTERNO } from '../domain/errores-api.ts'
import { ApiError, ErrorDeRed } from '../lib/api-error.ts'
import { MensajeError } from './mensaje-error.tsx'

afterEach(cleanup)

test('a text is one alert paragraph', () => {
  render(<MensajeError>El correo ya está registrado.</MensajeError>)
  const alerta = screen.getByRole('alert')
  expect(alerta.tagName).toBe('P')
  expect(alerta.className).toBe('mensaje mensaje--error')
  expect(alerta.textContent).toBe('El correo ya está registrado.')
})

test('kept hidden until the request fails, then in mensajeDeError’s words', () => {
  const { rerender, container } = render(<MensajeError error={null} visible={false} />)
  const oculto = container.querySelector('.mensaje--error') as HTMLElement
  expect(oculto.hidden).toBe(true)
  expect(oculto.textContent).toBe('')
  rerender(<MensajeError error={new ApiError(500, 'x', {})} visible />)
  expect(screen.getByRole('alert').textContent).toBe(MENSAJE_ERROR_INTERNO)
})

test('a failed read says why and retries, but not for something that does not exist', () => {
  const reintentar = vi.fn()
  render(<MensajeError error={new ErrorDeRed()} onReintentar={reintentar} />)
  expect(screen.getByRole('alert').textContent).toContain(
    'No hay conexión con el servidor. Revise su red e intente nuevamente.',
  )
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
  expect(reintentar).toHaveBeenCalledOnce()
  expect(screen.getByRole('button', { name: 'Reintentar' }).className).toBe('boton boton--secundario')
  cleanup()
  render(<MensajeError error={new ApiError(404, 'La oferta no existe.', {})} onReintentar={reintentar} />)
  expect(screen.getByRole('alert').textContent).toBe('La oferta no existe.')
  expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull()
})

test('no role inside a region that already announces it, status among a status’s updates', () => {
  render(
    <div role="status">
      <MensajeError rol={null}>Rechazado.</MensajeError>
    </div>,
  )
  expect(screen.queryByRole('alert')).toBeNull()
  expect(screen.getByRole('status').textContent).toBe('Rechazado.')
})

// The student's load variant (what ErrorDeCarga was).

test('without a connection it says so and retries on Reintentar', () => {
  const reintentar = vi.fn()
  render(
    <MensajeError
      variante="carga"
      error={new ErrorDeRed()}
      titulo="No fue posible cargar los concursos"
      onReintentar={reintentar}
    />,
  )
  const alerta = screen.getByRole('alert')
  expect(alerta.textContent).toContain('No fue posible cargar los concursos')
  expect(alerta.textContent).toContain('No hay conexión con el servidor. Revise su red e intente nuevamente.')
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
  expect(reintentar).toHaveBeenCalledOnce()
  expect(screen.getByRole('button', { name: 'Reintentar' }).className).toBe('boton')
})

test('a server failure asks to retry and names who to contact', () => {
  render(
    <MensajeError
      variante="carga"
      error={new ApiError(500, 'Error interno', {})}
      titulo="No fue posible cargar sus datos"
      onReintentar={() => {}}
    />,
  )
  expect(screen.getByRole('alert').textContent).toContain('contacte a su Asistente Comercial')
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy()
})

test("something that does not exist is told in the server's words, with the ways on and no retry", () => {
  render(
    <MensajeError
      variante="carga"
      error={new ApiError(404, 'El concurso no existe.', {})}
      titulo="No fue posible cargar el concurso"
      onReintentar={() => {}}
      caminos={<a href="/concurso/listado">Ver los concursos</a>}
    />,
  )
  const alerta = screen.getByRole('alert')
  expect(alerta.textContent).toContain('El concurso no existe.')
  expect(alerta.textContent).not.toContain('No fue posible cargar')
  expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull()
  expect(screen.getByRole('link', { name: 'Ver los concursos' })).toBeTruthy()
})
