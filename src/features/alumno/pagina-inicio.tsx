import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { asistenteVisible } from '../../domain/asistente.ts'
import { useSesion } from '../../lib/use-sesion.ts'
import { ofertaQueries } from '../ofertas/queries.ts'
import { alumnoQueries } from './queries.ts'

/** Home: welcome, tiles and the commercial assistant. Paints from stored data. */
export function PaginaInicio() {
  // Refreshes the stored marker in the background; the page never waits for it.
  useQuery(alumnoQueries.detalle())
  // The 'Ofertas Laborales' tile shows only while the server says so; hidden until it answers.
  const ofertasVisibles = useQuery(ofertaQueries.mosaico()).data?.visible === true
  const sesion = useSesion()
  if (!sesion) return null
  const asistente = sesion.asistente
  return (
    <section className="pagina">
      <h1>Bienvenido(a), {sesion.nombre}</h1>
      <nav aria-label="Accesos directos">
        <ul className="mosaico">
          <li>
            <Link to="/info/personal" className="mosaico__item">
              Información Personal
            </Link>
          </li>
          <li>
            <Link to="/info/solicitudes" className="mosaico__item">
              Solicitudes
            </Link>
          </li>
          <li>
            <Link to="/concurso/listado" className="mosaico__item">
              Concursos
            </Link>
          </li>
          {ofertasVisibles ? (
            <li>
              <Link to="/laboral/listado" className="mosaico__item">
                Ofertas Laborales
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      {asistenteVisible(asistente, sesion.cuentaServicio) ? (
        <section className="tarjeta" aria-labelledby="asistente-titulo">
          <h2 id="asistente-titulo">Tu asistente comercial</h2>
          <p className="asistente__nombre">{asistente.Name}</p>
          <ul className="asistente__contacto">
            <li>
              Correo: <a href={`mailto:${asistente.Email}`}>{asistente.Email}</a>
            </li>
            {asistente.Phone ? (
              <li>
                Teléfono: <a href={`tel:${asistente.Phone.replace(/[^\d+]/g, '')}`}>{asistente.Phone}</a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
    </section>
  )
}
