import { useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { modalSuperior, suscribirModales } from './capa-modal.ts'
import { cerrarToast, leerToasts, pausarToast, reanudarToast, suscribirToasts, type Toast } from './toasts.ts'

/**
 * The notification region: top right below the header (never over its buttons), at the bottom
 * on a phone. In the school's area (`escuela`) at the bottom left instead: the staff's lists keep
 * each row's buttons in their last column, on the right, where a notice after an action would
 * cover the next row's. While a modal dialog is open the region moves into it: a modal dialog
 * covers the rest of the page and makes it inert, so a notification left outside would show
 * behind its backdrop, unreadable, and its close button would not answer.
 */
export function Notificaciones({ escuela = false }: { escuela?: boolean }) {
  const toasts = useSyncExternalStore(suscribirToasts, leerToasts, leerToasts)
  const modal = useSyncExternalStore(suscribirModales, modalSuperior, modalSuperior)
  const region = (
    <section className={escuela ? 'toasts toasts--escuela' : 'toasts'} aria-label="Notificaciones">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  )
  return modal ? createPortal(region, modal) : region
}

function ToastItem({ toast }: { toast: Toast }) {
  const urgente = toast.tipo === 'warning' || toast.tipo === 'error'
  return (
    <div
      role={urgente ? 'alert' : 'status'}
      className={`toast toast--${toast.tipo}${toast.saliendo ? ' toast--saliendo' : ''}`}
      onMouseEnter={() => pausarToast(toast.id)}
      onMouseLeave={() => reanudarToast(toast.id)}
      onFocus={() => pausarToast(toast.id)}
      onBlur={() => reanudarToast(toast.id)}
    >
      <div className="toast__texto">
        <p className="toast__titulo">{toast.titulo}</p>
        <p className="toast__mensaje">{toast.mensaje}</p>
      </div>
      <button
        type="button"
        className="toast__cerrar"
        aria-label="Cerrar notificación"
        onClick={() => cerrarToast(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
