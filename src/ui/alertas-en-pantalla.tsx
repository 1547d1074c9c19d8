import { useId, useSyncExternalStore } from 'react'
import { alertaActual, suscribirAlertas, type Alerta } from './alertas.ts'
import { useDialogoModal } from './dialogo.tsx'

/** Renders the current alert in a native modal <dialog>: focus stays inside until it is answered. */
export function AlertasEnPantalla() {
  const actual = useSyncExternalStore(suscribirAlertas, alertaActual, alertaActual)
  return actual ? <DialogoAlerta key={actual.id} alerta={actual} /> : null
}

function DialogoAlerta({ alerta }: { alerta: Alerta }) {
  const ref = useDialogoModal<HTMLButtonElement>('button')
  const idTitulo = useId()
  const idMensaje = useId()

  return (
    <dialog
      ref={ref}
      className="alerta"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={idTitulo}
      aria-describedby={idMensaje}
      onCancel={(e) => {
        e.preventDefault()
        alerta.responder(undefined)
      }}
    >
      <h2 id={idTitulo} className="alerta__titulo">
        {alerta.titulo}
      </h2>
      <p id={idMensaje} className="alerta__mensaje">
        {alerta.mensaje}
      </p>
      <div className="alerta__acciones">
        {alerta.acciones.map((accion, i) => (
          <button
            key={accion.valor}
            type="button"
            className={i === 0 ? 'boton' : 'boton boton--secundario'}
            onClick={() => alerta.responder(accion.valor)}
          >
            {accion.etiqueta}
          </button>
        ))}
      </div>
    </dialog>
  )
}
