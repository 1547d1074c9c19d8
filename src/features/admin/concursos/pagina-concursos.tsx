import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { periodoEnPalabras } from '../../../domain/concursos.ts'
import {
  accionPublicar,
  estadoGestionEnPalabras,
  puedeAbrirse,
  puedeCerrarse,
} from '../../../domain/gestion-concursos.ts'
import { formatearClp } from '../../../domain/moneda.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { DialogoConcurso } from './dialogo-concurso.tsx'
import { DialogoPublicacion } from './dialogo-publicacion.tsx'
import { concursosAdminQueries, type ConcursoAdmin } from './queries.ts'
import './concursos.css'

type Abierto =
  | { tipo: 'nuevo' }
  | { tipo: 'editar'; concurso: ConcursoAdmin }
  | { tipo: 'abrir' | 'cerrar'; concurso: ConcursoAdmin }
  | null

/**
 * The school's contests: each with its dates, vacancies, fee, state and applications; create one
 * (as a draft), edit it, open it to applications and close it.
 */
export function PaginaConcursos() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  return (
    <section className="admin-concursos" aria-labelledby="concursos-titulo">
      <h1 id="concursos-titulo">Concursos</h1>
      {tieneCapacidad(sesion, 'concursos.gestionar') ? (
        <ListaConcursos />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite administrar los concursos.
        </p>
      )}
    </section>
  )
}

function ListaConcursos() {
  const lista = useQuery(concursosAdminQueries.lista())
  const [abierto, setAbierto] = useState<Abierto>(null)
  const cerrar = () => setAbierto(null)

  if (lista.isPending) return <p role="status">Cargando los concursos…</p>
  if (lista.isError) return <MensajeError error={lista.error} onReintentar={() => void lista.refetch()} />
  const { concursos } = lista.data
  return (
    <>
      <p className="admin-intro">
        Un concurso nuevo queda como borrador hasta que lo publique: desde entonces los estudiantes lo ven y pueden
        postular y pagar el derecho de postulación dentro de su período. Al cerrarlo deja de recibir postulaciones,
        pagos y documentos, aunque su período no haya terminado.
      </p>
      <p>
        <button type="button" className="boton" onClick={() => setAbierto({ tipo: 'nuevo' })}>
          Nuevo concurso
        </button>
      </p>
      <p role="status" className="admin-total">
        {concursos.length === 1 ? '1 concurso' : `${concursos.length} concursos`}
      </p>
      <Tabla
        titulo="Concursos"
        columnas={columnas(setAbierto)}
        filas={concursos}
        idDeFila={(c) => c.id}
        vacia="Aún no hay concursos. Cree el primero con «Nuevo concurso»."
      />
      {abierto?.tipo === 'nuevo' ? <DialogoConcurso concurso={null} onCerrar={cerrar} /> : null}
      {abierto?.tipo === 'editar' ? <DialogoConcurso concurso={abierto.concurso} onCerrar={cerrar} /> : null}
      {abierto?.tipo === 'abrir' || abierto?.tipo === 'cerrar' ? (
        <DialogoPublicacion accion={abierto.tipo} concurso={abierto.concurso} onCerrar={cerrar} />
      ) : null}
    </>
  )
}

function columnas(abrir: (a: Abierto) => void): ColumnDef<ConcursoAdmin, unknown>[] {
  return [
    {
      id: 'especialidad',
      header: 'Concurso',
      cell: ({ row }) => (
        <>
          <Link to="/admin/concursos/$id" params={{ id: row.original.id }}>
            {row.original.especialidad}
          </Link>
          <br />
          <span className="admin-secundario">
            {row.original.sede}, {row.original.ciudad}
          </span>
        </>
      ),
    },
    { id: 'periodo', header: 'Postulación', cell: ({ row }) => periodoEnPalabras(row.original) },
    { id: 'vacantes', header: 'Vacantes', cell: ({ row }) => row.original.vacantes },
    { id: 'derecho', header: 'Derecho', cell: ({ row }) => formatearClp(row.original.derechoPostulacion) },
    {
      id: 'estado',
      header: 'Estado',
      cell: ({ row }) => (
        <span className={`admin-concursos__estado admin-concursos__estado--${row.original.publicacion}`}>
          {estadoGestionEnPalabras(row.original)}
        </span>
      ),
    },
    {
      id: 'postulaciones',
      header: 'Postulaciones',
      cell: ({ row }) => (
        <>
          {row.original.postulaciones}
          <br />
          <span className="admin-secundario">
            {row.original.pagadas === 1 ? '1 pagada' : `${row.original.pagadas} pagadas`}
          </span>
        </>
      ),
    },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: ({ row }) => {
        const c = row.original
        const quien = <span className="sr-only"> el concurso de {c.especialidad}</span>
        const boton = 'boton boton--secundario boton--pequeno'
        return (
          <div className="admin-concursos__acciones">
            <button type="button" className={boton} onClick={() => abrir({ tipo: 'editar', concurso: c })}>
              Editar{quien}
            </button>
            {puedeAbrirse(c.publicacion) ? (
              <button type="button" className={boton} onClick={() => abrir({ tipo: 'abrir', concurso: c })}>
                {accionPublicar(c.publicacion)}
                {quien}
              </button>
            ) : null}
            {puedeCerrarse(c.publicacion, c.estado) ? (
              <button type="button" className={boton} onClick={() => abrir({ tipo: 'cerrar', concurso: c })}>
                Cerrar{quien}
              </button>
            ) : null}
            <Link to="/admin/concursos/$id" params={{ id: c.id }} className={boton}>
              Postulaciones<span className="sr-only"> del concurso de {c.especialidad}</span>
            </Link>
          </div>
        )
      },
    },
  ]
}
