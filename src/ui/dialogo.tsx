import { useEffect, useId, useRef, type ReactNode } from 'react'
import { registrarModal } from './capa-modal.ts'
import { recordarOrigen } from './foco-de-retorno.ts'

/**
 * Opens a native <dialog> as modal when it mounts (focus stays inside it; Escape fires `cancel`),
 * focuses the first element matching `enfocar`, and on unmount closes it and gives focus back to
 * where it was: the button that opened it, or, when the dialog's action replaced or disabled that
 * button, what now stands in its place (foco-de-retorno.ts), never the page's body.
 */
export function useDialogoModal<T extends HTMLElement>(enfocar: string) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialogo = ref.current
    if (!dialogo) return
    const devolverFoco = recordarOrigen(document.activeElement instanceof HTMLElement ? document.activeElement : null)
    if (!dialogo.open) {
      if (typeof dialogo.showModal === 'function') dialogo.showModal()
      else dialogo.setAttribute('open', '')
    }
    // Modal dialogs stack in the order they open: an alert already on screen (a dialog that
    // changed state and opened again behind it, say) is raised back above this one.
    const quitar = registrarModal(dialogo)
    for (const alerta of document.querySelectorAll<HTMLDialogElement>('dialog[role="alertdialog"][open]')) {
      if (alerta === dialogo || typeof alerta.showModal !== 'function') continue
      alerta.close()
      alerta.showModal()
      // On top again: its own unmount takes it off the stack.
      registrarModal(alerta)
    }
    dialogo.querySelector<T>(enfocar)?.focus()
    return () => {
      quitar()
      if (dialogo.open && typeof dialogo.close === 'function') dialogo.close()
      devolverFoco()
    }
  }, [enfocar])
  return ref
}

/**
 * A modal panel in a native <dialog> (focus stays inside; Escape closes) with a title and, unless
 * `acciones` gives its own buttons, a 'Cerrar' button. `grande` makes it nearly the whole screen
 * with its body scrolling. Mount it to open it; focus returns where it was when it closes.
 */
export function Dialogo({
  titulo,
  onCerrar,
  children,
  acciones,
  grande = false,
}: {
  titulo: string
  onCerrar: () => void
  children: ReactNode
  acciones?: ReactNode
  grande?: boolean
}) {
  const ref = useDialogoModal<HTMLHeadingElement>('h2')
  const idTitulo = useId()

  return (
    <dialog
      ref={ref}
      className={`alerta dialogo${grande ? ' dialogo--grande' : ''}`}
      aria-labelledby={idTitulo}
      onCancel={(e) => {
        e.preventDefault()
        onCerrar()
      }}
    >
      <h2 id={idTitulo} className="alerta__titulo" tabIndex={-1}>
        {titulo}
      </h2>
      <div className="dialogo__cuerpo">{children}</div>
      <div className="alerta__acciones">
        {acciones ?? (
          <button type="button" className="boton boton--secundario" onClick={onCerrar}>
            Cerrar
          </button>
        )}
      </div>
    </dialog>
  )
}
