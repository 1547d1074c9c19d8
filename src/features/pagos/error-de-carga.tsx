import { ApiError, ErrorDeRed } from '../../lib/api-error.ts'

/**
 * What a payment screen shows when its data did not come: the server's own words for a 404 (not
 * the student's, or not payable online), a connection message offline, a retry otherwise.
 */
export function ErrorDeCarga({
  error,
  titulo,
  onReintentar,
}: {
  error: unknown
  titulo: string
  onReintentar: () => void
}) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="mensaje mensaje--aviso" role="alert">
        <p>{error.message}</p>
      </div>
    )
  }
  return (
    <div className="mensaje mensaje--error" role="alert">
      <p className="mensaje__titulo">{titulo}</p>
      <p>
        {error instanceof ErrorDeRed
          ? 'Sin conexión con el servidor. Revise su conexión e intente nuevamente.'
          : 'Intente nuevamente. Si el problema continúa, contacte a su Asistente Comercial.'}
      </p>
      <button type="button" className="boton" onClick={onReintentar}>
        Reintentar
      </button>
    </div>
  )
}
