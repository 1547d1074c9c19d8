import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ApiError } from '../../lib/api-error.ts'

/**
 * A contest screen whose data could not be read: a contest (or application) that does not exist
 * says so with the server's words and a way back to the list; anything else offers to retry.
 */
export function ErrorConcurso({
  error,
  titulo,
  reintentar,
  children,
}: {
  error: Error
  titulo: string
  reintentar: () => void
  children?: ReactNode
}) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="pagina pagina--estrecha">
        <h1>{titulo}</h1>
        <p className="mensaje mensaje--aviso" role="status">
          {error.message}
        </p>
        <p className="acciones">
          {children}
          <Link to="/concurso/listado" className="boton boton--secundario">
            Ver los concursos
          </Link>
        </p>
      </section>
    )
  }
  return (
    <section className="pagina pagina--estrecha">
      <h1>{titulo}</h1>
      <div className="mensaje mensaje--error" role="alert">
        <p className="mensaje__titulo">No fue posible cargar esta información</p>
        <p>Revise su conexión e intente nuevamente.</p>
        <button type="button" className="boton" onClick={reintentar}>
          Reintentar
        </button>
      </div>
    </section>
  )
}
