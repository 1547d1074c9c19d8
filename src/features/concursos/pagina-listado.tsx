import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { EstadoConcurso } from '../../domain/concursos.ts'
import { FichaConcurso } from './ficha-concurso.tsx'
import { concursoQueries, type ResumenConcurso } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

const SECCIONES: { estado: EstadoConcurso; titulo: string; vacia?: string }[] = [
  {
    estado: 'abierto',
    titulo: 'Postulaciones abiertas',
    vacia: 'No hay concursos con postulación abierta en este momento.',
  },
  { estado: 'proximo', titulo: 'Próximos concursos' },
  { estado: 'cerrado', titulo: 'Concursos cerrados' },
]

/** 'Concursos': the open contests first, then the ones about to open, and the closed ones apart. */
export function PaginaListadoConcursos() {
  useTituloPagina('Concursos')
  const consulta = useQuery(concursoQueries.lista())

  let contenido
  if (consulta.data) {
    const concursos = consulta.data
    contenido =
      concursos.length === 0 ? (
        <p className="mensaje mensaje--aviso" role="status">
          No hay concursos publicados por ahora. Vuelva a revisar más adelante.
        </p>
      ) : (
        SECCIONES.map(({ estado, titulo, vacia }) => {
          const deEstado = concursos.filter((k) => k.estado === estado)
          if (deEstado.length === 0 && !vacia) return null
          return (
            <section key={estado} className="concursos__seccion" aria-labelledby={`concursos-${estado}`}>
              <h2 id={`concursos-${estado}`}>{titulo}</h2>
              {deEstado.length === 0 ? (
                <p>{vacia}</p>
              ) : (
                <ul className="tarjetas">
                  {deEstado.map((concurso) => (
                    <TarjetaConcurso key={concurso.id} concurso={concurso} />
                  ))}
                </ul>
              )}
            </section>
          )
        })
      )
  } else {
    contenido = <SinDatos consulta={consulta} que="los concursos" />
  }

  return (
    <section className="pagina" aria-labelledby="concursos-titulo">
      <h1 id="concursos-titulo">Concursos</h1>
      <p>Concursos de especialidades médicas: revise los requisitos, postule y pague el derecho de postulación.</p>
      {contenido}
    </section>
  )
}

function TarjetaConcurso({ concurso }: { concurso: ResumenConcurso }) {
  const titulo = `concurso-${concurso.id}-titulo`
  return (
    <li>
      <article className="tarjeta concurso" aria-labelledby={titulo}>
        <h3 id={titulo} className="concurso__titulo">
          <Link to="/concurso/detalle/$id" params={{ id: concurso.id }}>
            {concurso.especialidad}
          </Link>
        </h3>
        <p className="concurso__sede">
          {concurso.sede}, {concurso.ciudad}
        </p>
        <FichaConcurso concurso={concurso} />
        {concurso.miPostulacion ? (
          <p className="concurso__postulacion">
            {concurso.miPostulacion.pagadaEn
              ? 'Usted postuló y pagó el derecho de postulación.'
              : 'Usted postuló; el derecho de postulación está pendiente de pago.'}{' '}
            <Link to="/concurso/derechopostulacion/detalle/$id" params={{ id: concurso.id }}>
              Ver mi postulación<span className="sr-only"> a {concurso.especialidad}</span>
            </Link>
          </p>
        ) : null}
      </article>
    </li>
  )
}
