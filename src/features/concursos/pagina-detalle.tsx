import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { periodoEnPalabras } from '../../domain/concursos.ts'
import { fechaEnChile } from '../../domain/fechas.ts'
import { fechaCorta } from '../../domain/solicitudes.ts'
import { FichaConcurso } from './ficha-concurso.tsx'
import { concursoQueries, type DetalleConcurso } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { ConcursoSinDatos } from './concurso-sin-datos.tsx'

/** One contest: its facts, requirements, calendar, the documents an application needs, and how to apply. */
export function PaginaDetalleConcurso({ id }: { id: string }) {
  const consulta = useQuery(concursoQueries.detalle(id))
  useTituloPagina(consulta.data ? `Concurso de ${consulta.data.especialidad}` : 'Concurso')
  if (consulta.data) return <Detalle concurso={consulta.data} />
  return <ConcursoSinDatos titulo="Concurso" consulta={consulta} />
}

function Detalle({ concurso }: { concurso: DetalleConcurso }) {
  const { id, miPostulacion, motivoNoPagable } = concurso
  const verPostulacion = (
    <Link
      to="/concurso/derechopostulacion/detalle/$id"
      params={{ id }}
      className={`boton${miPostulacion?.pagadaEn ? '' : ' boton--secundario'}`}
    >
      Ver mi postulación
    </Link>
  )
  return (
    <article className="pagina pagina--estrecha concurso-detalle" aria-labelledby="concurso-titulo">
      <h1 id="concurso-titulo">Concurso de {concurso.especialidad}</h1>
      <p className="concurso__sede">
        {concurso.sede}, {concurso.ciudad}
      </p>
      <FichaConcurso concurso={concurso} />
      <p>{concurso.descripcion}</p>

      <section aria-labelledby="concurso-postular">
        <h2 id="concurso-postular">Postulación</h2>
        {miPostulacion?.pagadaEn ? (
          <p className="mensaje mensaje--exito">
            Usted pagó el derecho de postulación el {fechaCorta(fechaEnChile(new Date(miPostulacion.pagadaEn)))}.
          </p>
        ) : motivoNoPagable ? (
          <p className="mensaje mensaje--aviso">{motivoNoPagable}</p>
        ) : (
          <p>
            Para postular, pague el derecho de postulación y luego suba los documentos que se indican más abajo desde su
            postulación.
          </p>
        )}
        <p className="acciones">
          {!miPostulacion?.pagadaEn && !motivoNoPagable ? (
            <Link to="/concurso/derechopostulacion/$id" params={{ id }} className="boton">
              Postular y pagar el derecho de postulación
            </Link>
          ) : null}
          {miPostulacion ? verPostulacion : null}
        </p>
      </section>

      <section aria-labelledby="concurso-requisitos">
        <h2 id="concurso-requisitos">Requisitos</h2>
        <ul>
          {concurso.requisitos.map((requisito) => (
            <li key={requisito}>{requisito}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="concurso-calendario">
        <h2 id="concurso-calendario">Calendario</h2>
        <ol className="calendario">
          <li>
            <span className="calendario__fecha">{periodoEnPalabras(concurso)}</span>: período de postulación y pago del
            derecho de postulación
          </li>
          {concurso.calendario.map((hito) => (
            <li key={`${hito.fecha}-${hito.hito}`}>
              <span className="calendario__fecha">{fechaCorta(hito.fecha)}</span>: {hito.hito}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="concurso-documentos">
        <h2 id="concurso-documentos">Documentos de la postulación</h2>
        <p>Archivos PDF, JPG o PNG que se suben desde su postulación durante el período de postulación.</p>
        <ul className="lista-documentos">
          {concurso.documentos.map((documento) => (
            <li key={documento.codDocumento}>
              <span className="lista-documentos__nombre">{documento.documento}</span>
              <span className="campo__ayuda">{documento.info}</span>
            </li>
          ))}
        </ul>
      </section>

      <p>
        <Link to="/concurso/listado">Volver a Concursos</Link>
      </p>
    </article>
  )
}
