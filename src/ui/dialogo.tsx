import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * A modal panel in a native <dialog> (focus stays inside; Escape closes) with a title and a
 * 'Cerrar' button. Mount it to open it; focus returns where it was when it closes.
 */
export function Dialogo({ titulo, onCerrar, children }: { titulo: string; onCerrar: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  const idTitulo = useId()

  useEffect(() => {
    const dialogo = ref.current
    if (!dialogo) return
    const previo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialogo.open) {
      if (typeof dialogo.showModal === 'function') dialogo.showModal()
      else dialogo.setAttribute('open', '')
    }
    dialogo.querySelector<HTMLElement>('h2')?.focus()
    return () => {
      if (dialogo.open && typeof dialogo.close === 'function') dialogo.close()
      if (previo?.isConnected) previo.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className="alerta dialogo"
      aria-labelledby={idTitulo}
      onCancel={(e) => {
        e.preventDefault()
        onCerrar()
      }}
    >
      <h2 id={idTitulo} className="alerta__titulo" tabIndex={-1}>
        {titulo}
      </h2>
      {children}
      <div className="alerta__acciones">
        <button type="button" className="boton boton--secundario" onClick={onCerrar}>
          Cerrar
        </button>
      </div>
    </dialog>
  )
}
