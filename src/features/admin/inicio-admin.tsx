import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { personalQueries, tieneCapacidad } from './queries.ts'
import { SECCIONES } from './secciones.ts'

/** The staff's home: a greeting and the sections their role may use. */
export function InicioAdmin() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const secciones = SECCIONES.filter(
    (s) => s.ruta !== '/admin/home' && (s.capacidad === null || tieneCapacidad(sesion, s.capacidad)),
  )
  return (
    <section aria-labelledby="inicio-admin-titulo">
      <h1 id="inicio-admin-titulo">Hola{sesion ? `, ${sesion.personal.nombre.split(' ')[0]}` : ''}</h1>
      {secciones.length === 0 ? (
        <p>Su rol aún no tiene secciones disponibles en el área de la escuela.</p>
      ) : (
        <ul className="admin-tarjetas">
          {secciones.map((s) => (
            <li key={s.ruta} className="admin-tarjeta">
              <Link to={s.ruta} className="admin-tarjeta__enlace">
                {s.titulo}
              </Link>
              <p>{s.descripcion}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
