// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { FiltroSelect } from './filtros.tsx'

afterEach(cleanup)

const PROGRAMAS = [
  { valor: 'MED-01', texto: 'Medicina Interna' },
  { valor: 'PED-02', texto: 'Pediatría' },
]

test('a filter list offers no filter first, then each choice, and says what is chosen', () => {
  const alCambiar = vi.fn()
  render(<FiltroSelect etiqueta="Programa" valor="PED-02" opciones={PROGRAMAS} alCambiar={alCambiar} />)
  const lista = screen.getByLabelText<HTMLSelectElement>('Programa')
  expect([...lista.options].map((o) => o.text)).toEqual(['Todos', 'Medicina Interna', 'Pediatría'])
  expect(lista.value).toBe('PED-02')
  fireEvent.change(lista, { target: { value: '' } })
  expect(alCambiar).toHaveBeenCalledWith('')
})

test('a value applied earlier that is not among the choices stays shown, also while they load', () => {
  const { rerender } = render(
    <FiltroSelect etiqueta="Acción" todos="Todas" valor="ANT-99" opciones={undefined} alCambiar={vi.fn()} />,
  )
  const lista = screen.getByLabelText<HTMLSelectElement>('Acción')
  expect([...lista.options].map((o) => o.text)).toEqual(['Todas', 'ANT-99'])
  expect(lista.value).toBe('ANT-99')
  rerender(<FiltroSelect etiqueta="Acción" todos="Todas" valor="ANT-99" opciones={PROGRAMAS} alCambiar={vi.fn()} />)
  expect([...lista.options].map((o) => o.value)).toEqual(['', 'MED-01', 'PED-02', 'ANT-99'])
})
