import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { valorAuditado } from '../../../domain/auditoria.ts'
import { momentoEnChile } from '../formato.ts'
import { SinCorte } from '../sin-corte.tsx'
import { Tabla } from '../tabla.tsx'
import type { EventoAuditoria } from './queries.ts'

/** What changed: each value before and after, as recorded. */
function Cambios({ antes, despues }: Pick<EventoAuditoria, 'antes' | 'despues'>) {
  const campos = [...new Set([...Object.keys(antes ?? {}), ...Object.keys(despues ?? {})])]
  if (campos.length === 0) return <span className="admin-suave">Sin cambios de valores</span>
  return (
    <ul className="admin-cambios">
      {campos.map((campo) => (
        <li key={campo}>
          <span className="admin-cambios__campo">{campo}:</span> {valorAuditado(antes?.[campo])}
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> pasó a </span>
          {valorAuditado(despues?.[campo])}
        </li>
      ))}
    </ul>
  )
}

const COLUMNAS: ColumnDef<EventoAuditoria, unknown>[] = [
  { id: 'en', header: 'Fecha y hora', cell: ({ row }) => <SinCorte>{momentoEnChile(row.original.en)}</SinCorte> },
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
  { id: 'accion', header: 'Acción', cell: ({ row }) => row.original.etiqueta },
  {
    id: 'registro',
    header: 'Registro',
    cell: ({ row }) =>
      row.original.entidad ? (
        <>
          {row.original.entidad}
          {row.original.entidadId ? <span className="admin-suave admin-bloque">{row.original.entidadId}</span> : null}
        </>
      ) : (
        '—'
      ),
  },
  { id: 'cambios', header: 'Cambios', cell: ({ row }) => <Cambios {...row.original} /> },
  { id: 'ip', header: 'IP', cell: ({ row }) => row.original.ip ?? '—' },
]

const COLUMNA_ALUMNO: ColumnDef<EventoAuditoria, unknown> = {
  id: 'alumno',
  header: 'Alumno',
  cell: ({ row }) => {
    const alumno = row.original.alumno
    if (!alumno) return '—'
    return (
      <Link to="/admin/alumnos/$id" params={{ id: alumno.id }}>
        {alumno.nombre ?? alumno.id}
      </Link>
    )
  },
}

/** Audit rows, newest first: when, who, what, on which record, the values that changed. */
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
  const columnas = conAlumno ? [...COLUMNAS.slice(0, 3), COLUMNA_ALUMNO, ...COLUMNAS.slice(3)] : COLUMNAS
  return <Tabla titulo={titulo} columnas={columnas} filas={eventos} idDeFila={(e) => e.id} vacia={vacia} />
}
