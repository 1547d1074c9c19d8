import type { ReactNode } from 'react'

/** Terms and their values, as the school's detail pages list them; a value not given reads as a dash. */
export function Datos({ filas }: { filas: [string, ReactNode][] }) {
  return (
    <dl className="admin-datos">
      {filas.map(([termino, valor]) => (
        <div key={termino}>
          <dt>{termino}</dt>
          <dd>{valor === null || valor === undefined || valor === '' ? '—' : valor}</dd>
        </div>
      ))}
    </dl>
  )
}
