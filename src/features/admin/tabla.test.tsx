// @vitest-environment jsdom
import type { ColumnDef } from '@tanstack/react-table'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { Tabla, type Orden } from './tabla.tsx'

type Fila = { id: string; nombre: string; rut: string }

const columnas: ColumnDef<Fila, unknown>[] = [
  { id: 'nombre', header: 'Nombre', accessorKey: 'nombre', enableSorting: true },
  { id: 'rut', header: 'RUT', accessorKey: 'rut', enableSorting: false },
]
const filas = [
  { id: 'a', nombre: 'Camila Rojas', rut: '16.789.432-1' },
  { id: 'b', nombre: 'Lucía Fernández', rut: '—' },
]

afterEach(cleanup)

test('a sortable header is a button that asks for the next order; the sorted column says so', () => {
  const alOrdenar = vi.fn<(orden: Orden) => void>()
  const { rerender } = render(
    <Tabla
      titulo="Alumnos"
      columnas={columnas}
      filas={filas}
      idDeFila={(f) => f.id}
      alOrdenar={alOrdenar}
      vacia="Nadie"
    />,
  )
  const tabla = screen.getByRole('table', { name: 'Alumnos' })
  expect(within(tabla).getAllByRole('row')).toHaveLength(3)
  expect(within(tabla).queryByRole('button', { name: /RUT/ })).toBeNull()
  fireEvent.click(within(tabla).getByRole('button', { name: /Nombre/ }))
  expect(alOrdenar).toHaveBeenLastCalledWith({ columna: 'nombre', descendente: false })

  rerender(
    <Tabla
      titulo="Alumnos"
      columnas={columnas}
      filas={filas}
      idDeFila={(f) => f.id}
      orden={{ columna: 'nombre', descendente: false }}
      alOrdenar={alOrdenar}
      vacia="Nadie"
    />,
  )
  expect(screen.getByRole('columnheader', { name: /Nombre/ }).getAttribute('aria-sort')).toBe('ascending')
  expect(screen.getByRole('button', { name: /Nombre\s*\(orden ascendente\)/ })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: /Nombre/ }))
  expect(alOrdenar).toHaveBeenLastCalledWith({ columna: 'nombre', descendente: true })
})

test('an empty list says so in the table', () => {
  render(
    <Tabla
      titulo="Documentos"
      columnas={columnas}
      filas={[]}
      idDeFila={(f) => f.id}
      vacia="No hay documentos por revisar."
    />,
  )
  expect(screen.getByRole('cell', { name: 'No hay documentos por revisar.' })).toBeTruthy()
})

test('a cell keeps its elements when the page renders again with new column functions (a focused button stays focused)', () => {
  const conBoton = (): ColumnDef<Fila, unknown>[] => [
    { id: 'nombre', header: 'Nombre', cell: ({ row }) => row.original.nombre },
    {
      id: 'accion',
      header: () => 'Acción',
      cell: ({ row }) => <button type="button">Abrir {row.original.nombre}</button>,
    },
  ]
  const { rerender } = render(
    <Tabla titulo="Alumnos" columnas={conBoton()} filas={filas} idDeFila={(f) => f.id} vacia="Nadie" />,
  )
  const boton = screen.getByRole('button', { name: 'Abrir Camila Rojas' })
  boton.focus()
  rerender(<Tabla titulo="Alumnos" columnas={conBoton()} filas={filas} idDeFila={(f) => f.id} vacia="Nadie" />)
  expect(screen.getByRole('button', { name: 'Abrir Camila Rojas' })).toBe(boton)
  expect(document.activeElement).toBe(boton)
  expect(screen.getByRole('columnheader', { name: 'Acción' })).toBeTruthy()
})
