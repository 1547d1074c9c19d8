import { useQuery } from '@tanstack/react-query'
import { MENSAJE_SIN_OFERTAS } from '../../domain/ofertas-laborales.ts'
import { fechaCorta } from '../../domain/solicitudes.ts'
import { ofertaQueries, type OfertaLaboral } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

/** 'Ofertas Laborales': the job offers listed today, each with its contact by e-mail. */
export function PaginaOfertas() {
  useTituloPagina('Ofertas Laborales')
  const consulta = useQuery(ofertaQueries.lista())

  let contenido
  if (consulta.data) {
    contenido =
      consulta.data.length === 0 ? (
        <p className="mensaje mensaje--aviso" role="status">
          {MENSAJE_SIN_OFERTAS}
        </p>
      ) : (
        <ul className="tarjetas">
          {consulta.data.map((oferta) => (
            <TarjetaOferta key={oferta.id} oferta={oferta} />
          ))}
        </ul>
      )
  } else {
    contenido = <SinDatos consulta={consulta} que="las ofertas laborales" />
  }

  return (
    <section className="pagina" aria-labelledby="ofertas-titulo">
      <h1 id="ofertas-titulo">Ofertas Laborales</h1>
      <p>Ofertas de trabajo que instituciones de salud comparten con los estudiantes y egresados de la escuela.</p>
      {contenido}
    </section>
  )
}

function TarjetaOferta({ oferta }: { oferta: OfertaLaboral }) {
  const titulo = `oferta-${oferta.id}`
  return (
    <li>
      <article className="tarjeta concurso" aria-labelledby={titulo}>
        <h2 id={titulo} className="concurso__titulo">
          {oferta.cargo}
        </h2>
        <p className="concurso__sede">
          {oferta.institucion}, {oferta.ciudad}
        </p>
        <p>{oferta.descripcion}</p>
        <dl className="ficha">
          <div className="ficha__dato">
            <dt>Publicada</dt>
            <dd>{fechaCorta(oferta.publicadaEl)}</dd>
          </div>
          <div className="ficha__dato">
            <dt>Recibe postulaciones hasta</dt>
            <dd>{fechaCorta(oferta.cierraEl)}</dd>
          </div>
          <div className="ficha__dato">
            <dt>Contacto</dt>
            <dd>
              {oferta.contacto.nombre}:{' '}
              <a href={`mailto:${oferta.contacto.email}?subject=${encodeURIComponent(`Postulación: ${oferta.cargo}`)}`}>
                {oferta.contacto.email}
              </a>
            </dd>
          </div>
        </dl>
      </article>
    </li>
  )
}
