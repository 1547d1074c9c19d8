// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { ApiError, ErrorDeRed } from '../lib/api-error.ts'
import { ErrorDeCarga } from './error-de-carga.tsx'

afterEach(cleanup)

test('without a connection it says so and retries on Reintentar', () => {
  const reintentar = vi.fn()
  render(
    <ErrorDeCarga error={new ErrorDeRed()} titulo="No fue posible cargar los concursos" onReintentar={reintentar} />,
  )
  const alerta = screen.getByRole('alert')
  expect(alerta.textContent).toContain('No fue posible cargar los concursos')
  expect(alerta.textContent).toContain('No hay conexión con el servidor. Revise su red e intente nuevamente.')
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
  expect(reintentar).toHaveBeenCalledOnce()
})

test('a server failure asks to retry and names who to contact', () => {
  render(
    <ErrorDeCarga
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
    <ErrorDeCarga
      error={new ApiError(404, 'El concurso no existe.', {})}
      titulo="No fue posible cargar el concurso"
      onReintentar={() => {}}
    >
      <a href="/concurso/listado">Ver los concursos</a>
    </ErrorDeCarga>,
  )
  const alerta = screen.getByRole('alert')
  expect(alerta.textContent).toContain('El concurso no existe.')
  expect(alerta.textContent).not.toContain('No fue posible cargar')
  expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull()
  expect(screen.getByRole('link', { name: 'Ver los concursos' })).toBeTruthy()
})
