// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { CampoPrioridades } from './campo-prioridades.tsx'

afterEach(cleanup)

const opciones = [
  { valor: 'a', etiqueta: 'Prestigio' },
  { valor: 'b', etiqueta: 'Calidad docente' },
  { valor: 'c', etiqueta: 'Costo' },
]

test('each rank offers only what the other ranks have not taken, so nothing is ranked twice', () => {
  render(<CampoPrioridades id="p" leyenda="Razones" opciones={opciones} valores={['a', '', '']} onCambiar={() => {}} />)
  const segunda = screen.getByLabelText('Segunda prioridad') as HTMLSelectElement
  expect([...segunda.options].map((o) => o.textContent)).toEqual(['Sin prioridad', 'Calidad docente', 'Costo'])
  const primera = screen.getByLabelText(/Primera prioridad/) as HTMLSelectElement
  expect([...primera.options].map((o) => o.textContent)).toEqual([
    'Seleccione…',
    'Prestigio',
    'Calidad docente',
    'Costo',
  ])
})

test('choosing a rank reports every rank, and the message is tied to the group', () => {
  const onCambiar = vi.fn()
  render(
    <CampoPrioridades
      id="p"
      leyenda="Razones"
      opciones={opciones}
      valores={['', '', '']}
      onCambiar={onCambiar}
      error="Campo obligatorio, debe seleccionar las prioridades"
    />,
  )
  fireEvent.change(screen.getByLabelText('Tercera prioridad'), { target: { value: 'c' } })
  expect(onCambiar).toHaveBeenCalledWith(['', '', 'c'])
  expect(screen.getByRole('group', { name: 'Razones' }).getAttribute('aria-describedby')).toBe('p-error')
  expect(screen.getByText('Campo obligatorio, debe seleccionar las prioridades').id).toBe('p-error')
})
