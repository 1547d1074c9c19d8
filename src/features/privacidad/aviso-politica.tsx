import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { fechaLarga } from '../../domain/fechas.ts'
import { privacidadMutations, privacidadQueries } from './queries.ts'

/**
 * A new version of the privacy policy, shown once to a signed-in student with what changed
 * (the server records that it was shown when they close it). Offline it waits: nothing to show.
 */
export function AvisoPolitica() {
  const queryClient = useQueryClient()
  const consulta = useQuery(privacidadQueries.aviso())
  const visto = useMutation(privacidadMutations.visto(queryClient))
  const version = consulta.data
  if (!version) return null
  return (
    <section className="mensaje mensaje--aviso aviso-politica" aria-labelledby="aviso-politica-titulo">
      <h2 id="aviso-politica-titulo" className="mensaje__titulo">
        Actualizamos nuestra política de privacidad
      </h2>
      {/* Compact on a phone: what changed opens on demand, the screen below stays in reach. */}
      <details>
        <summary>
          Qué cambió en la versión {version.version}, vigente desde el {fechaLarga(version.vigenteDesde)}
        </summary>
        <ul>
          {version.cambios.map((cambio) => (
            <li key={cambio}>{cambio}</li>
          ))}
        </ul>
      </details>
      <p className="acciones">
        <Link to="/privacidad">Leer la política de privacidad</Link>
        <button
          type="button"
          className="boton"
          disabled={visto.isPending}
          onClick={() => visto.mutate(version.version)}
        >
          Entendido
        </button>
      </p>
      {visto.isError ? <p role="alert">No fue posible guardar que la leyó. Intente nuevamente.</p> : null}
    </section>
  )
}
