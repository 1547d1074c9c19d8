import { expect, test } from 'vitest'
import { descripcionGrafico } from './grafico-barras.tsx'

test('a chart is named by every count it draws, a count kept back included, each answer in words (Sí)', () => {
  expect(
    descripcionGrafico({
      clave: 'poseeDiscapacidad',
      seccion: 'Discapacidad',
      etiqueta: '¿Posee alguna discapacidad?',
      sensible: true,
      tipo: 'opcion',
      respondieron: 7,
      opciones: [
        { opcion: 'Si', cantidad: '< 5' },
        { opcion: 'No', cantidad: '≥ 5' },
      ],
    }),
  ).toBe('Gráfico de barras de «¿Posee alguna discapacidad?». Sí: < 5; No: ≥ 5.')
  expect(
    descripcionGrafico({
      clave: 'razon_cursa',
      seccion: 'Motivaciones',
      etiqueta: 'Razones para cursar el programa',
      sensible: false,
      tipo: 'prioridades',
      respondieron: 3,
      opciones: [{ opcion: 'Actualizar conocimientos', prioridades: [2, 1, 0] }],
    }),
  ).toBe(
    'Gráfico de barras de «Razones para cursar el programa». Actualizar conocimientos: 1ª prioridad 2, 2ª prioridad 1, 3ª prioridad 0.',
  )
})
