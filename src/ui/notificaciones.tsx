import { useSyncExternalStore } from 'react'
import { cerrarToast, leerToasts, pausarToast, reanudarToast, suscribirToasts, type Toast } from './toasts.ts'

/** The notification region, top right. */
export function Notificaciones() {
  const toasts = useSyncExternalStore(suscribirToasts, leerToasts, leerToasts)
  return (
    <section className="toasts" aria-label="Notificaciones">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  )
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
