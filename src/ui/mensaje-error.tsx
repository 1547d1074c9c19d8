import type { ReactNode, Ref } from 'react'
import { ApiError, ErrorDeRed, MENSAJE_SIN_CONEXION_SERVIDOR } from '../lib/api-error.ts'
import { mensajeDeError } from '../lib/mensaje-de-error.ts'

/**
 * The one way a screen shows an error (the only place that writes `mensaje--error`):
 *
 * - a text: `<MensajeError>{texto}</MensajeError>`, a paragraph;
 * - a failed request: `<MensajeError error={e} onReintentar={…} />`, `mensajeDeError`'s words
 *   and 'Reintentar', except for something that does not exist (a 404), where retrying changes
 *   nothing;
 * - a student's screen whose data did not come: `variante="carga"` with `titulo` (what failed):
 *   a 404 is told in the server's words as a notice, with no retry; otherwise the title, why (no
 *   connection, or retry and who to contact) and 'Reintentar' (a query's screen says it through
 *   `SinDatos`, which also shows the loading state);
 * - with a title, several paragraphs or a list: `titulo`, or `bloque` with block children.
 *
 * It is its own live region (`role="alert"`) unless `rol` says otherwise: 'status' for an error
 * among a status's updates, null inside a region that already announces it. `visible={false}`
 * keeps an empty, hidden alert in the page, so the region exists before the error comes.
 */
export function MensajeError({
  children,
  error,
  variante,
  titulo,
  onReintentar,
  boton,
  caminos,
  rol = 'alert',
  visible = true,
  bloque,
  id,
  tabIndex,
  ref,
}: {
  children?: ReactNode
  /** The failed request; without `children`, its message is `mensajeDeError`'s. */
  error?: unknown
  variante?: 'carga'
  titulo?: ReactNode
  onReintentar?: () => void
  /** The retry button's weight: 'principal' by default for `variante="carga"`, else 'secundario'. */
  boton?: 'principal' | 'secundario'
  /** The ways on (links), after the message. */
  caminos?: ReactNode
  rol?: 'alert' | 'status' | null
  visible?: boolean
  /** A block (a div) for children that are paragraphs or lists. */
  bloque?: boolean
  id?: string
  tabIndex?: number
  ref?: Ref<HTMLDivElement>
}) {
  const noExiste = error instanceof ApiError && error.status === 404
  const caminosEnPagina = caminos ? <p className="acciones">{caminos}</p> : null
  const atributos = { id, tabIndex, role: rol ?? undefined, hidden: visible ? undefined : true }

  if (variante === 'carga' && noExiste) {
    return (
      <div {...atributos} className="mensaje mensaje--aviso">
        <p>{error.message}</p>
        {caminosEnPagina}
      </div>
    )
  }

  let cuerpo = children
  if (cuerpo === undefined && error !== undefined && visible) {
    if (variante === 'carga')
      cuerpo =
        error instanceof ErrorDeRed
          ? MENSAJE_SIN_CONEXION_SERVIDOR
          : 'Intente nuevamente. Si el problema continúa, contacte a su Asistente Comercial.'
    else cuerpo = mensajeDeError(error)
  }

  const conReintentar = onReintentar && !noExiste
  if (!titulo && !onReintentar && !caminos && !bloque) {
    return (
      <p {...atributos} className="mensaje mensaje--error">
        {cuerpo}
      </p>
    )
  }
  const principal = (boton ?? (variante === 'carga' ? 'principal' : 'secundario')) === 'principal'
  return (
    <div {...atributos} ref={ref} className="mensaje mensaje--error">
      {titulo ? <p className="mensaje__titulo">{titulo}</p> : null}
      {bloque || cuerpo === undefined || cuerpo === null ? cuerpo : <p>{cuerpo}</p>}
      {conReintentar ? (
        <button type="button" className={principal ? 'boton' : 'boton boton--secundario'} onClick={onReintentar}>
          Reintentar
        </button>
      ) : null}
      {caminosEnPagina}
    </div>
  )
}
