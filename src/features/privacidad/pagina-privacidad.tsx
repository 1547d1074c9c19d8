import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { fechaLarga } from '../../domain/fechas.ts'
import type { PoliticaPrivacidad } from '../../domain/politica-privacidad.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { privacidadQueries } from './queries.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

/** The public privacy policy (Ley 21.719, art. 14 ter), as the server publishes it. */
export function PaginaPrivacidad() {
  useTituloPagina('Política de privacidad')
  const consulta = useQuery(privacidadQueries.politica())
  let contenido
  if (consulta.data) contenido = <Politica politica={consulta.data} />
  else contenido = <SinDatos consulta={consulta} que="la política de privacidad" />
  return (
    <section className="pagina pagina--estrecha politica" aria-labelledby="privacidad-titulo">
      <h1 id="privacidad-titulo">Política de privacidad</h1>
      {contenido}
    </section>
  )
}

function Politica({ politica }: { politica: PoliticaPrivacidad }) {
  const { responsable } = politica
  return (
    <>
      <p>
        Versión {politica.version}, vigente desde el {fechaLarga(politica.vigenteDesde)}.
      </p>
      <h2>Quién es responsable de sus datos</h2>
      <p>
        {responsable.nombre}, {responsable.domicilio}. Contacto para sus datos personales:{' '}
        <a href={`mailto:${responsable.correo}`}>{responsable.correo}</a>.
      </p>

      <h2>Qué datos guardamos, para qué y por cuánto tiempo</h2>
      {politica.categorias.map((c) => (
        <section key={c.id} aria-labelledby={`categoria-${c.id}`} className="politica__categoria">
          <h3 id={`categoria-${c.id}`}>
            {c.nombre}
            {c.sensible ? ' (incluye datos sensibles)' : ''}
          </h3>
          <p>{c.contenido}</p>
          <dl>
            <dt>Para qué</dt>
            <dd>{c.finalidad}</dd>
            <dt>Base legal</dt>
            <dd>
              {c.base}. {c.baseDetalle}
            </dd>
            <dt>De dónde vienen</dt>
            <dd>{c.fuente}</dd>
            <dt>A quién se comunican</dt>
            <dd>{c.destinatarios.length ? c.destinatarios.join('; ') + '.' : 'A nadie fuera de la escuela.'}</dd>
            <dt>Cuánto tiempo</dt>
            <dd>
              {c.conservacion} {c.alTermino}
            </dd>
            <dt>¿Puede pedir que se eliminen?</dt>
            <dd>{c.suprimible ? 'Sí.' : 'No: la ley o el contrato obligan a conservarlos.'}</dd>
          </dl>
        </section>
      ))}

      <h2>Transferencias y encargados</h2>
      <p>{politica.transferencias}</p>

      <h2>Cómo protegemos sus datos</h2>
      <p>{politica.seguridad}</p>

      <h2>Sus derechos</h2>
      <ul>
        {politica.derechos.map((d) => (
          <li key={d.nombre}>
            <strong>{d.nombre}:</strong> {d.descripcion}
          </li>
        ))}
      </ul>
      <p>{politica.comoEjercer}</p>
      <p>
        <Link to="/privacidad/mis-datos">Descargar mis datos y ejercer mis derechos</Link> (debe ingresar al portal).
      </p>
      <p>{politica.plazos}</p>
      <p>{politica.consentimiento}</p>
      <p>{politica.agencia}</p>

      {politica.cambios.length ? (
        <>
          <h2>Qué cambió en esta versión</h2>
          <ul>
            {politica.cambios.map((cambio) => (
              <li key={cambio}>{cambio}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}
