import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useId, useState } from 'react'
import { documentosDeConcurso, periodoEnPalabras } from '../../../domain/concursos.ts'
import {
  accionPublicar,
  estadoGestionEnPalabras,
  puedeAbrirse,
  puedeCerrarse,
  type PublicacionConcurso,
} from '../../../domain/gestion-concursos.ts'
import { formatearClp } from '../../../domain/moneda.ts'
import { cantidad } from '../../../domain/textos.ts'
import { urlPostularConcurso } from '../../../domain/urls.ts'
import { CampoTexto } from '../../../ui/campo.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { fecha, momentoEnChile } from '../formato.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { DialogoConcurso } from './dialogo-concurso.tsx'
import { DialogoPublicacion } from './dialogo-publicacion.tsx'
import { concursosAdminQueries, enlacePlanillaPostulantes, type PostulacionAdmin } from './queries.ts'
import './concursos.css'

/**
 * One contest for the school: its data as students read it, its actions, and its applications
 * with their payment and documents (reviewed in the document queue), exportable as a spreadsheet.
 */
export function PaginaConcurso({ id }: { id: string }) {
  const { data: sesion } = useQuery(personalQueries.sesion())
  if (!tieneCapacidad(sesion, 'concursos.gestionar'))
    return (
      <section className="admin-concursos">
        <h1>Concurso</h1>
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite administrar los concursos.
        </p>
      </section>
    )
  return <DetalleConcurso id={id} />
}

function DetalleConcurso({ id }: { id: string }) {
  const detalle = useQuery(concursosAdminQueries.detalle(id))
  const [abierto, setAbierto] = useState<'editar' | 'abrir' | 'cerrar' | null>(null)
  const cerrar = () => setAbierto(null)
  const volver = <Link to="/admin/concursos">Volver a los concursos</Link>

  if (detalle.isPending)
    return (
      <section className="admin-concursos">
        <p>{volver}</p>
        <p role="status">Cargando el concurso…</p>
      </section>
    )
  if (detalle.isError)
    return (
      <section className="admin-concursos">
        <p>{volver}</p>
        <h1>Concurso</h1>
        <MensajeError error={detalle.error} onReintentar={() => void detalle.refetch()} />
      </section>
    )
  const { concurso, postulaciones } = detalle.data
  const documentos = documentosDeConcurso(concurso.documentos)
  return (
    <section className="admin-concursos" aria-labelledby="concurso-titulo">
      <p>{volver}</p>
      <h1 id="concurso-titulo">Concurso de {concurso.especialidad}</h1>
      <dl className="admin-concursos__datos">
        <dt>Estado</dt>
        <dd>
          <span className={`admin-concursos__estado admin-concursos__estado--${concurso.publicacion}`}>
            {estadoGestionEnPalabras(concurso)}
          </span>
        </dd>
        <dt>Sede</dt>
        <dd>
          {concurso.sede}, {concurso.ciudad}
        </dd>
        <dt>Postulación</dt>
        <dd>{periodoEnPalabras(concurso)}</dd>
        <dt>Vacantes</dt>
        <dd>{concurso.vacantes}</dd>
        <dt>Derecho de postulación</dt>
        <dd>{formatearClp(concurso.derechoPostulacion)}</dd>
        <dt>Descripción</dt>
        <dd>{concurso.descripcion}</dd>
        <dt>Requisitos</dt>
        <dd>
          <ul>
            {concurso.requisitos.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </dd>
        <dt>Calendario</dt>
        <dd>
          {concurso.calendario.length === 0 ? (
            'Sin hitos'
          ) : (
            <ul>
              {concurso.calendario.map((h) => (
                <li key={`${h.fecha}-${h.hito}`}>
                  {fecha(h.fecha)}: {h.hito}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Documentos</dt>
        <dd>{documentos.length === 0 ? 'No pide documentos' : documentos.map((d) => d.documento).join(', ')}</dd>
      </dl>
      <div className="admin-concursos__acciones">
        <button type="button" className="boton boton--secundario" onClick={() => setAbierto('editar')}>
          Editar concurso
        </button>
        {puedeAbrirse(concurso.publicacion) ? (
          <button type="button" className="boton boton--secundario" onClick={() => setAbierto('abrir')}>
            {accionPublicar(concurso.publicacion)} el concurso
          </button>
        ) : null}
        {puedeCerrarse(concurso.publicacion, concurso.estado) ? (
          <button type="button" className="boton boton--secundario" onClick={() => setAbierto('cerrar')}>
            Cerrar el concurso
          </button>
        ) : null}
      </div>
      <EnlaceParaPostular id={concurso.id} publicacion={concurso.publicacion} />

      <h2>Postulaciones</h2>
      <p role="status" className="admin-total">
        {cantidad(postulaciones.length, 'postulación', 'postulaciones')},{' '}
        {postulaciones.filter((p) => p.pagadaEn).length} con el derecho pagado
      </p>
      <p className="admin-intro">
        Los documentos de cada postulación se revisan en la cola de Documentos, como los de las solicitudes.
      </p>
      {postulaciones.length > 0 ? (
        <p>
          <a className="boton boton--secundario" href={enlacePlanillaPostulantes(concurso.id)} download>
            Descargar planilla de postulantes
          </a>
        </p>
      ) : null}
      <Tabla
        titulo={`Postulaciones al concurso de ${concurso.especialidad}`}
        columnas={columnas}
        filas={postulaciones}
        idDeFila={(p) => p.id}
        vacia="Aún no hay postulaciones a este concurso."
      />
      {abierto === 'editar' ? <DialogoConcurso concurso={concurso} onCerrar={cerrar} /> : null}
      {abierto === 'abrir' || abierto === 'cerrar' ? (
        <DialogoPublicacion accion={abierto} concurso={concurso} onCerrar={cerrar} />
      ) : null}
    </section>
  )
}

/**
 * The link to share with applicants, with a button that copies it: it leads to the contest's
 * fee, through sign-in or registration. A draft's link answers 'Concurso no encontrado' until it
 * is published, and the page says so.
 */
function EnlaceParaPostular({ id, publicacion }: { id: string; publicacion: PublicacionConcurso }) {
  const idCampo = useId()
  const enlace = urlPostularConcurso(window.location.origin, id)
  const [copia, setCopia] = useState<'copiado' | 'fallido' | null>(null)

  async function copiar() {
    try {
      await navigator.clipboard.writeText(enlace)
      setCopia('copiado')
    } catch {
      setCopia('fallido')
    }
  }

  return (
    <section className="admin-concursos__enlace" aria-labelledby={`${idCampo}-titulo`}>
      <h2 id={`${idCampo}-titulo`}>Enlace para postular</h2>
      <p className="admin-intro">
        {publicacion === 'borrador'
          ? 'Funcionará cuando publique el concurso: mientras sea un borrador, quien lo abra leerá «Concurso no encontrado».'
          : 'Compártalo con los interesados: lleva a la postulación y al pago del derecho de postulación de este concurso; quien aún no tiene cuenta puede registrarse desde ahí.'}
      </p>
      <div className="admin-concursos__copiar">
        <CampoTexto
          id={idCampo}
          etiqueta="Enlace del concurso"
          readOnly
          value={enlace}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="boton boton--secundario" onClick={() => void copiar()}>
          Copiar enlace
        </button>
      </div>
      <p role="status" className="admin-concursos__copia">
        {copia === 'copiado'
          ? 'Enlace copiado al portapapeles.'
          : copia === 'fallido'
            ? 'No fue posible copiarlo: selecciónelo en el campo y cópielo a mano.'
            : null}
      </p>
    </section>
  )
}

const columnas: ColumnDef<PostulacionAdmin, unknown>[] = [
  {
    id: 'alumno',
    header: 'Postulante',
    cell: ({ row }) => {
      const { alumno } = row.original
      return (
        <>
          <Link to="/admin/alumnos/$id" params={{ id: alumno.id }}>
            {alumno.nombres} {alumno.apellidos}
          </Link>
          <br />
          <span className="admin-secundario">
            {alumno.documento} · {alumno.email}
          </span>
        </>
      )
    },
  },
  { id: 'creada', header: 'Postuló', cell: ({ row }) => momentoEnChile(row.original.creadaEn) },
  {
    id: 'pago',
    header: 'Derecho de postulación',
    cell: ({ row }) =>
      row.original.pagadaEn ? `Pagado el ${momentoEnChile(row.original.pagadaEn)}` : 'Pendiente de pago',
  },
  {
    id: 'documentos',
    header: 'Documentos',
    cell: ({ row }) => {
      const d = row.original.documentos
      const detalle = [
        d.aprobados ? cantidad(d.aprobados, 'aprobado', 'aprobados') : '',
        d.enRevision ? `${d.enRevision} en revisión` : '',
        d.rechazados ? cantidad(d.rechazados, 'rechazado', 'rechazados') : '',
      ].filter(Boolean)
      return (
        <>
          {d.subidos} de {cantidad(d.requeridos, 'subido', 'subidos')}
          {detalle.length > 0 ? (
            <>
              <br />
              <span className="admin-secundario">{detalle.join(', ')}</span>
            </>
          ) : null}
        </>
      )
    },
  },
  { id: 'estado', header: 'Estado', cell: ({ row }) => row.original.estado },
  {
    id: 'accion',
    header: () => <span className="sr-only">Acción</span>,
    cell: ({ row }) =>
      row.original.documentos.subidos > 0 ? (
        <Link
          to="/admin/documentos/$origen/$dueno"
          params={{ origen: 'postulacion', dueno: row.original.id }}
          search={{}}
          className="boton boton--secundario boton--pequeno"
        >
          Revisar documentos
          <span className="sr-only">
            {' '}
            de {row.original.alumno.nombres} {row.original.alumno.apellidos}
          </span>
        </Link>
      ) : null,
  },
]
