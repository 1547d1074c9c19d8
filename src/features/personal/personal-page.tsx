import { useQuery } from '@tanstack/react-query'
import { useSesion } from '../../lib/use-sesion.ts'
import { Estado } from '../../ui/spinner.tsx'
import { lookupQueries } from '../lookups/queries.ts'
import { DocumentosPersonales } from './documentos-personales.tsx'
import type { Lookups } from './campos.tsx'
import { FormularioPersonal } from './formulario-personal.tsx'
import { personalQueries } from './queries.ts'

/**
 * 'Información Personal' (spec 2; issue 3 item 4). Everything it needs is in the persisted query
 * cache after one visit, so it opens at once and offline; the queries refresh in the background.
 * (Read with useQuery rather than a route loader: a loader would run before the cache has been
 * restored from IndexedDB and fail offline.)
 */
export function PersonalPage() {
  const codigoAlumno = useSesion()?.codigoAlumno
  const persona = useQuery(personalQueries.persona())
  const paises = useQuery(lookupQueries.paises())
  const profesiones = useQuery(lookupQueries.profesiones())
  const universidades = useQuery(lookupQueries.universidades())
  const regiones = useQuery(lookupQueries.regiones())
  const ciudades = useQuery(lookupQueries.ciudades())
  const consultas = [persona, paises, profesiones, universidades, regiones, ciudades]

  let contenido
  if (persona.data && paises.data && profesiones.data && universidades.data && regiones.data && ciudades.data && codigoAlumno) {
    const lookups: Lookups = {
      paises: paises.data,
      profesiones: profesiones.data,
      universidades: universidades.data,
      regiones: regiones.data,
      comunaCiudad: ciudades.data,
    }
    contenido = (
      <>
        <FormularioPersonal persona={persona.data} lookups={lookups} codigoAlumno={codigoAlumno} />
        <DocumentosPersonales codigoAlumno={codigoAlumno} />
      </>
    )
  } else if (consultas.some((c) => c.isError && !c.data)) {
    contenido = (
      <div className="mensaje mensaje--error" role="alert">
        <p className="mensaje__titulo">No fue posible cargar sus datos</p>
        <p>Revise su conexión e intente nuevamente. Si el problema continúa, contacte a su Asistente Comercial.</p>
        <button
          type="button"
          className="boton"
          onClick={() => {
            for (const c of consultas) if (c.isError) void c.refetch()
          }}
        >
          Reintentar
        </button>
      </div>
    )
  } else {
    contenido = <Estado texto="Cargando sus datos…" />
  }

  return (
    <section className="pagina pagina--personal" aria-labelledby="personal-titulo">
      <h1 id="personal-titulo">Información Personal</h1>
      {contenido}
    </section>
  )
}
