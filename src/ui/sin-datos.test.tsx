// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { ErrorDeRed } from '../lib/api-error.ts'
import { SinDatos } from './sin-datos.tsx'

afterEach(cleanup)

test('while the query loads it says what is loading', () => {
  render(<SinDatos consulta={{ isError: false, error: null, refetch: vi.fn() }} que="la cuota" />)
  expect(screen.getByText('Cargando la cuota…')).toBeTruthy()
  expect(screen.queryByRole('alert')).toBeNull()
})

test('a failed load names what failed, says why, offers the ways on and retries the query', () => {
  const refetch = vi.fn()
  render(
    <SinDatos
      consulta={{ isError: true, error: new ErrorDeRed(), refetch }}
      que="el concurso"
      caminos={<a href="/concurso/listado">Ver los concursos</a>}
    />,
  )
  const alerta = screen.getByRole('alert')
  expect(alerta.textContent).toContain('No fue posible cargar el concurso')
  expect(alerta.textContent).toContain('No hay conexión con el servidor.')
  expect(screen.getByRole('link', { name: 'Ver los concursos' })).toBeTruthy()
  expect(screen.queryByText('Cargando el concurso…')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
  expect(refetch).toHaveBeenCalledOnce()
})
