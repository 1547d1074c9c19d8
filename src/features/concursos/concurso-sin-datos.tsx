import { Link } from '@tanstack/react-router'
import { SinDatos, type ConsultaSinDatos } from '../../ui/sin-datos.tsx'

/**
 * A contest's page while its contest has not come: the page's title, then that it is loading or
 * why it failed, with the way back to the contests.
 */
export function ConcursoSinDatos({ titulo, consulta }: { titulo: string; consulta: ConsultaSinDatos }) {
  return (
    <section className="pagina pagina--estrecha">
      <h1>{titulo}</h1>
      <SinDatos
        consulta={consulta}
        que="el concurso"
        caminos={
          <Link to="/concurso/listado" className="boton boton--secundario">
            Ver los concursos
          </Link>
        }
      />
    </section>
  )
}
