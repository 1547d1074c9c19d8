// Where focus goes back when a dialog closes. Usually the button that opened it; but a dialog's
// action often changes the very row it came from ('Publicar' becomes 'Cerrar', 'Emitir' becomes
// 'Revocar', the row is disabled while the list refreshes), and a button that is gone or disabled
// cannot take focus: the browser then drops it on the page's body, and a keyboard or screen-reader
// user starts again from the top. So the opener's place is remembered (its position among the
// focusable elements of each of its containers), and focus goes to what now stands there.

const ENFOCABLES = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ')

/** How long after closing a late change of the page (the list refreshed) may still move focus back. */
const VIGILANCIA_MS = 4000

function enfocables(contenedor: Element): HTMLElement[] {
  return [...contenedor.querySelectorAll<HTMLElement>(ENFOCABLES)].filter(
    (el) => !el.closest('[hidden], [inert], dialog:not([open])'),
  )
}

function puedeRecibirFoco(el: HTMLElement): boolean {
  return el.isConnected && el.matches(ENFOCABLES) && !el.closest('[hidden], [inert], dialog:not([open])')
}

/** Ends the watch of the last dialog closed: one at a time, and none once another dialog opens. */
let terminarVigilancia: () => void = () => {}

/** The focus has nowhere to be: the page's body (or nothing). */
function focoPerdido(): boolean {
  const activo = document.activeElement
  return activo === null || activo === document.body || activo === document.documentElement
}

/**
 * Remembers where `origen` (the element focused when a dialog opened) sits, and returns what gives
 * focus back when the dialog closes: to `origen` if it can still take it; else to the element now
 * at its place in its nearest container still on the page (the row, then the table, then the
 * section…); else to the page's main region. For a few seconds afterwards, if focus falls to the
 * body because the page changed under it, it is given back again; the user's own click or key
 * ends that watch.
 */
export function recordarOrigen(origen: HTMLElement | null): () => void {
  terminarVigilancia()
  if (!origen || origen === document.body) return () => {}
  const marcas: { contenedor: Element; indice: number }[] = []
  for (let c = origen.parentElement; c && c !== document.body; c = c.parentElement)
    marcas.push({ contenedor: c, indice: Math.max(0, enfocables(c).indexOf(origen)) })

  function destino(): HTMLElement | null {
    if (puedeRecibirFoco(origen!)) return origen
    for (const { contenedor, indice } of marcas) {
      if (!contenedor.isConnected) continue
      const candidatos = enfocables(contenedor)
      if (candidatos.length > 0) return candidatos[Math.min(indice, candidatos.length - 1)]!
    }
    return document.querySelector<HTMLElement>('main[tabindex]')
  }

  return function devolver() {
    terminarVigilancia()
    destino()?.focus()
    if (typeof MutationObserver === 'undefined') return
    const observador = new MutationObserver(() => {
      if (focoPerdido()) destino()?.focus()
    })
    observador.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'inert'],
    })
    const terminar = () => {
      terminarVigilancia = () => {}
      observador.disconnect()
      clearTimeout(plazo)
      document.removeEventListener('pointerdown', terminar, true)
      document.removeEventListener('keydown', terminar, true)
    }
    const plazo = setTimeout(terminar, VIGILANCIA_MS)
    document.addEventListener('pointerdown', terminar, true)
    document.addEventListener('keydown', terminar, true)
    terminarVigilancia = terminar
  }
}
