import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useSesion } from '../../lib/use-sesion.ts'
import { Estado } from '../../ui/spinner.tsx'
import { lookupQueries } from '../lookups/queries.ts'
import { DocumentosPersonales } from './documentos-personales.tsx'
import type { Lookups } from './campos.tsx'
import { FormularioPersonal } from './formulario-personal.tsx'
import { personalQueries } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'
import { EnlacePrivacidad } from '../../ui/enlace-privacidad.tsx'
import { Consentimientos } from './consentimientos.tsx'

/**
 * 'Información Personal'. The route's loader has put what it needs in the query cache (restored
 * from IndexedDB first, so it opens at once and offline); the same queries refresh here in the
 * background and show a failed load with 'Reintentar'.
 */
export function PaginaPersonal() {
  useTituloPagina('Información Personal')
  const codigoAlumno = useSesion()?.codigoAlumno
  const persona = useQuery(personalQueries.persona())
  const paises = useQuery(lookupQueries.paises())
  const profesiones = useQuery(lookupQueries.profesiones())
  const universidades = useQuery(lookupQueries.universidades())
  const regiones = useQuery(lookupQueries.regiones())
  const ciudades = useQuery(lookupQueries.ciudades())
  const consultas = [persona, paises, profesiones, universidades, regiones, ciudades]

  let contenido
  if (
    persona.data &&
    paises.data &&
    profesiones.data &&
    universidades.data &&
    regiones.data &&
    ciudades.data &&
    codigoAlumno
  ) {
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
        <Consentimientos />
      </>
    )
  } else if (consultas.some((c) => c.isError && !c.data)) {
    contenido = (
      <MensajeError
        variante="carga"
        error={consultas.find((c) => c.isError && !c.data)?.error}
        titulo="No fue posible cargar sus datos"
        onReintentar={() => {
          for (const c of consultas) if (c.isError) void c.refetch()
        }}
      />
    )
  } else {
    contenido = <Estado texto="Cargando sus datos…" />
  }

  return (
    <section className="pagina pagina--personal" aria-labelledby="personal-titulo">
      <h1 id="personal-titulo">Información Personal</h1>
      <EnlacePrivacidad />
      <p className="enlace-privacidad">
        <Link to="/privacidad/mis-datos">Mis datos: descargarlos y ejercer mis derechos</Link>
      </p>
      {contenido}
    </section>
  )
}
