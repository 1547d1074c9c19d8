import type { ReactNode } from 'react'
import { ApiError, ErrorDeRed, MENSAJE_SIN_CONEXION_SERVIDOR } from '../lib/api-error.ts'

/**
 * What a student's screen shows when its data did not come, the one way every screen says it:
 * something that does not exist or is not theirs (a 404) in the server's own words, with no retry
 * since retrying changes nothing; otherwise what failed (`titulo`), why (no connection, or
 * something else), and 'Reintentar'. `children` are the ways on (links) shown in both cases.
 */
export function ErrorDeCarga({
  error,
  titulo,
  onReintentar,
  children,
}: {
  error: unknown
  titulo: string
  onReintentar: () => void
  children?: ReactNode
}) {
  const caminos = children ? <p className="acciones">{children}</p> : null
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="mensaje mensaje--aviso" role="alert">
        <p>{error.message}</p>
        {caminos}
      </div>
    )
  }
  return (
    <div className="mensaje mensaje--error" role="alert">
      <p className="mensaje__titulo">{titulo}</p>
      <p>
        {error instanceof ErrorDeRed
          ? MENSAJE_SIN_CONEXION_SERVIDOR
          : 'Intente nuevamente. Si el problema continúa, contacte a su Asistente Comercial.'}
      </p>
      <button type="button" className="boton" onClick={onReintentar}>
        Reintentar
      </button>
      {caminos}
    </div>
  )
}
