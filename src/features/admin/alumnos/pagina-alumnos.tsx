import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useState, type FormEvent } from 'react'
import {
  busquedaEnDireccion,
  leerBusquedaAlumnos,
  MAX_BUSQUEDA,
  mensajeSinResultados,
  type BusquedaAlumnos,
  type OrdenAlumnos,
} from '../../../domain/busqueda-alumnos.ts'
import { Paginador } from '../../../ui/paginador.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { diaEnChile } from '../formato.ts'
import { SinCorte } from '../sin-corte.tsx'
import { Tabla, type Orden } from '../tabla.tsx'
import { alumnosQueries, type ResultadoBusqueda } from './queries.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

type FilaAlumno = ResultadoBusqueda['alumnos'][number]

/** A student's identity document as the school writes it: the RUT with dots, or the passport. */
export function documentoDe(a: Pick<FilaAlumno, 'rut' | 'documento'>): string {
  if (a.rut) return `RUT ${a.rut}`
  if (a.documento) return `${a.documento.tipo === 'DNI' ? 'DNI' : 'Pasaporte'} ${a.documento.numero}`
  return 'Sin documento'
}

const COLUMNAS: ColumnDef<FilaAlumno, unknown>[] = [
  {
    id: 'nombre',
    header: 'Nombre',
    // The table sorts only columns it can read; the server does the sorting itself.
    accessorFn: (a) => a.apellidos,
    enableSorting: true,
    cell: ({ row }) => (
      <Link to="/admin/alumnos/$id" params={{ id: row.original.id }}>
        {row.original.apellidos}, {row.original.nombres}
      </Link>
    ),
  },
  { id: 'documento', header: 'RUT o pasaporte', cell: ({ row }) => documentoDe(row.original) },
  {
    id: 'email',
    header: 'Correo electrónico',
    accessorFn: (a) => a.email,
    enableSorting: true,
    cell: ({ row }) => row.original.email,
  },
  { id: 'codigo', header: 'Código de alumno', cell: ({ row }) => row.original.codigoAlumno },
  { id: 'asistente', header: 'Asistente comercial', cell: ({ row }) => row.original.asistente },
  {
    id: 'registro',
    header: 'Registro',
    accessorFn: (a) => a.registradoEn,
    enableSorting: true,
    cell: ({ row }) => <SinCorte>{diaEnChile(row.original.registradoEn)}</SinCorte>,
  },
]

function ordenDeTabla(orden: OrdenAlumnos): Orden {
  return orden.startsWith('-') ? { columna: orden.slice(1), descendente: true } : { columna: orden, descendente: false }
}

/**
 * The student search: one box for a name, e-mail, RUT (however typed), passport, student or
 * enrolment code; the results a page at a time, sortable. What was asked stays in the address,
 * so a reload, a shared link or the back button shows the same page.
 */
export function PaginaAlumnos({ direccion }: { direccion: Record<string, string | undefined> }) {
  const busqueda = leerBusquedaAlumnos(direccion)
  const navigate = useNavigate()
  const [texto, setTexto] = useState(busqueda.q)
  // A search reached another way (back button, a link) fills the box with what it asked.
  const [buscado, setBuscado] = useState(busqueda.q)
  if (buscado !== busqueda.q) {
    setBuscado(busqueda.q)
    setTexto(busqueda.q)
  }
  const resultado = useQuery(alumnosQueries.busqueda(busqueda))
  const ir = (cambio: Partial<BusquedaAlumnos>) =>
    navigate({ to: '/admin/alumnos', search: busquedaEnDireccion({ ...busqueda, ...cambio }) })

  function buscar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    void ir({ q: texto.trim(), pagina: 1 })
  }

  const datos = resultado.data
  return (
    <section aria-labelledby="alumnos-titulo">
      <h1 id="alumnos-titulo">Alumnos</h1>
      <form role="search" className="admin-busqueda" onSubmit={buscar}>
        <div className="campo">
          <label htmlFor="busqueda-alumnos" className="campo__etiqueta">
            Buscar alumno
          </label>
          <input
            id="busqueda-alumnos"
            className="campo__control"
            type="search"
            value={texto}
            maxLength={MAX_BUSQUEDA}
            onChange={(e) => setTexto(e.target.value)}
            aria-describedby="busqueda-alumnos-ayuda"
            autoComplete="off"
            spellCheck={false}
          />
          <p id="busqueda-alumnos-ayuda" className="campo__ayuda">
            Nombre o apellidos, correo electrónico, RUT (con o sin puntos y guion, o sus primeros dígitos), pasaporte,
            código de alumno o código de inscripción.
          </p>
        </div>
        <button type="submit" className="boton">
          Buscar
        </button>
      </form>

      {resultado.isError ? (
        <MensajeError error={resultado.error} />
      ) : !datos ? (
        <Estado texto="Buscando alumnos…" />
      ) : (
        <>
          <p className="admin-resumen" role="status">
            {resultado.isPlaceholderData
              ? 'Buscando alumnos…'
              : datos.total === 0
                ? busqueda.q
                  ? mensajeSinResultados(busqueda.q)
                  : 'Aún no hay alumnos registrados.'
                : `${datos.total.toLocaleString('es-CL')} ${datos.total === 1 ? 'alumno' : 'alumnos'}${
                    busqueda.q ? ` para «${busqueda.q}»` : ''
                  }.`}
          </p>
          <Tabla
            titulo={busqueda.q ? `Alumnos que coinciden con «${busqueda.q}»` : 'Todos los alumnos'}
            columnas={COLUMNAS}
            filas={datos.alumnos}
            idDeFila={(a) => a.id}
            orden={ordenDeTabla(busqueda.orden)}
            alOrdenar={(orden) => {
              const columna = (orden?.columna ?? 'nombre') as 'nombre' | 'email' | 'registro'
              void ir({ orden: orden?.descendente ? `-${columna}` : columna, pagina: 1 })
            }}
            vacia={busqueda.q ? mensajeSinResultados(busqueda.q) : 'Aún no hay alumnos registrados.'}
          />
          <Paginador
            pagina={datos.pagina}
            paginas={datos.paginas}
            onCambiar={(pagina) => void ir({ pagina })}
            etiqueta="Páginas de alumnos"
          />
        </>
      )}
    </section>
  )
}
