// The modal dialogs open right now, in the order they opened. A modal <dialog> sits in the
// browser's top layer, above everything else of the page, and makes the rest inert: anything
// that must show above it (the notifications) has to be inside the topmost one.

let abiertos: readonly HTMLDialogElement[] = []
const oyentes = new Set<() => void>()

function publicar(nuevos: readonly HTMLDialogElement[]): void {
  abiertos = nuevos
  for (const oyente of oyentes) oyente()
}

/** A modal dialog opened; returns what to call when it closes. */
export function registrarModal(dialogo: HTMLDialogElement): () => void {
  publicar([...abiertos.filter((d) => d !== dialogo), dialogo])
  return () => publicar(abiertos.filter((d) => d !== dialogo))
}

/** The modal dialog on top, or null when none is open. */
export function modalSuperior(): HTMLDialogElement | null {
  return abiertos.at(-1) ?? null
}

export function suscribirModales(oyente: () => void): () => void {
  oyentes.add(oyente)
  return () => oyentes.delete(oyente)
}
