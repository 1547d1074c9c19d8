import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { momentoEnChile } from '../formato.ts'
import { SinCorte } from '../sin-corte.tsx'
import { Tabla } from '../tabla.tsx'
import type { EventoAuditoria } from './queries.ts'

/** What changed, in the server's words: one line a field ('Estado: de Aprobado a Reembolsado'). */
function Cambios({ cambios }: Pick<EventoAuditoria, 'cambios'>) {
  if (cambios.length === 0) return <span className="admin-suave">Sin cambios de valores</span>
  return (
    <ul className="admin-cambios">
      {cambios.map((c, i) => (
        <li key={`${i}-${c.campo}`}>
          <span className="admin-cambios__campo">{c.campo}:</span> {c.valor}
        </li>
      ))}
    </ul>
  )
}

/**
 * Four columns that fit a 768-pixel tablet without scrolling sideways: when (and from where), who,
 * what (the action, its record and, in the whole log, the student), and what changed.
 */
function columnas(conAlumno: boolean): ColumnDef<EventoAuditoria, unknown>[] {
  return [
    {
      id: 'en',
      header: 'Fecha y hora',
      cell: ({ row }) => (
        <>
          <SinCorte>{momentoEnChile(row.original.en)}</SinCorte>
          {row.original.ip ? <span className="admin-suave admin-bloque">IP {row.original.ip}</span> : null}
        </>
      ),
    },
    {
      id: 'actor',
      header: 'Quién',
      cell: ({ row }) => (
        <>
          {row.original.actor.nombre}
          {row.original.actor.etiquetaRol ? (
            <span className="admin-suave admin-bloque">{row.original.actor.etiquetaRol}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'accion',
      header: 'Acción',
      cell: ({ row }) => {
        const { etiqueta, registro, alumno } = row.original
        return (
          <>
            <span className="admin-auditoria__accion">{etiqueta}</span>
            {registro ? <span className="admin-suave admin-bloque">{registro}</span> : null}
            {conAlumno && alumno ? (
              <span className="admin-bloque">
                Alumno:{' '}
                <Link to="/admin/alumnos/$id" params={{ id: alumno.id }}>
                  {alumno.nombre ?? 'ficha del alumno'}
                </Link>
              </span>
            ) : null}
          </>
        )
      },
    },
    { id: 'cambios', header: 'Cambios', cell: ({ row }) => <Cambios cambios={row.original.cambios} /> },
  ]
}

/** Audit rows, newest first: when, who, what and on which record, the values that changed. */
export function TablaEventos({
  titulo,
  eventos,
  conAlumno,
  vacia,
}: {
  titulo: ReactNode
  eventos: EventoAuditoria[]
  /** The log names the student each row concerns; a student's own history does not need to. */
  conAlumno: boolean
  vacia: ReactNode
}) {
  return (
    <div className="admin-auditoria">
      <Tabla titulo={titulo} columnas={columnas(conAlumno)} filas={eventos} idDeFila={(e) => e.id} vacia={vacia} />
    </div>
  )
}
