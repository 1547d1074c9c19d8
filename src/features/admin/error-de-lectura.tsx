import { ApiError } from '../../lib/api-error.ts'
import { mensajeDeError } from '../../lib/mensaje-de-error.ts'

/**
 * What a school's screen shows when its data could not be read: why, in Spanish, and
 * 'Reintentar', except for something that does not exist (a 404), where retrying changes nothing.
 */
export function ErrorDeLectura({ error, onReintentar }: { error: unknown; onReintentar: () => void }) {
  return (
    <div className="mensaje mensaje--error" role="alert">
      <p>{mensajeDeError(error)}</p>
      {error instanceof ApiError && error.status === 404 ? null : (
        <button type="button" className="boton boton--secundario" onClick={onReintentar}>
          Reintentar
        </button>
      )}
    </div>
  )
}
