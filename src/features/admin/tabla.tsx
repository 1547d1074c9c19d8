import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { useId, type ReactNode } from 'react'

// The staff's tables: TanStack Table (headless) renders the rows and sorting; the data, its order
// and its pages come from the server (the lists run to tens of thousands of rows), so sorting and
// paging are 'manual' here and the screen keeps them in its URL. Headers that sort are buttons;
// the column sorted says so with aria-sort and in words.

export type Orden = { columna: string; descendente: boolean } | null

/**
 * A column's header or cell: its function called, not mounted as a component (what TanStack's
 * flexRender does). The screens build their columns during render (they close over the page's
 * state), so every render brings new functions; mounted as components, every cell would be
 * replaced on every render, and the button just pressed (which opened a dialog) would be swapped
 * for a copy, its focus dropped on the page. Called, React keeps each cell's elements.
 */
function pintar<C>(contenido: unknown, contexto: C): ReactNode {
  return typeof contenido === 'function' ? (contenido as (c: C) => ReactNode)(contexto) : (contenido as ReactNode)
}

export function Tabla<T>({
  titulo,
  columnas,
  filas,
  idDeFila,
  orden,
  alOrdenar,
  vacia,
}: {
  /** The table's caption: what it lists. */
  titulo: ReactNode
  columnas: ColumnDef<T, unknown>[]
  filas: T[]
  idDeFila: (fila: T) => string
  orden?: Orden
  /** Columns with `enableSorting: true` sort through this; without it none does. */
  alOrdenar?: (orden: Orden) => void
  /** What an empty list says. */
  vacia: ReactNode
}) {
  const sorting: SortingState = orden ? [{ id: orden.columna, desc: orden.descendente }] : []
  // The table's functions are re-created every render; nothing here memoizes them.
  // oxlint-disable-next-line react/incompatible-library
  const tabla = useReactTable({
    data: filas,
    columns: columnas,
    getRowId: idDeFila,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableSorting: !!alOrdenar,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (cambio) => {
      const siguiente = typeof cambio === 'function' ? cambio(sorting) : cambio
      const [primero] = siguiente
      alOrdenar?.(primero ? { columna: primero.id, descendente: primero.desc } : null)
    },
  })
  const idTitulo = useId()
  // The box scrolls sideways when the table is wider than the screen: it takes the focus, so a
  // keyboard can scroll it too, and is named after the table.
  return (
    <div className="admin-tabla" tabIndex={0} role="group" aria-labelledby={idTitulo}>
      <table>
        <caption id={idTitulo}>{titulo}</caption>
        <thead>
          {tabla.getHeaderGroups().map((grupo) => (
            <tr key={grupo.id}>
              {grupo.headers.map((h) => {
                const sentido = h.column.getIsSorted()
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={sentido === 'asc' ? 'ascending' : sentido === 'desc' ? 'descending' : undefined}
                  >
                    {h.isPlaceholder ? null : h.column.getCanSort() ? (
                      <button type="button" className="admin-tabla__orden" onClick={h.column.getToggleSortingHandler()}>
                        {pintar(h.column.columnDef.header, h.getContext())}
                        <span aria-hidden="true">{sentido === 'asc' ? ' ▲' : sentido === 'desc' ? ' ▼' : ' ↕'}</span>
                        <span className="sr-only">
                          {sentido === 'asc'
                            ? ' (orden ascendente)'
                            : sentido === 'desc'
                              ? ' (orden descendente)'
                              : ' (ordenar)'}
                        </span>
                      </button>
                    ) : (
                      pintar(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {tabla.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columnas.length} className="admin-tabla__vacia">
                {vacia}
              </td>
            </tr>
          ) : (
            tabla.getRowModel().rows.map((fila) => (
              <tr key={fila.id}>
                {fila.getVisibleCells().map((celda) => (
                  <td key={celda.id}>{pintar(celda.column.columnDef.cell, celda.getContext())}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
