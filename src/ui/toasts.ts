// Notifications: shown 5000 ms; while the pointer or focus is
// on one it stays, and it closes 1000 ms after they leave; 300 ms exit animation; top right.

export type TipoToast = 'success' | 'warning' | 'error' | 'info'

export type Toast = {
  id: number
  tipo: TipoToast
  titulo: string
  mensaje: string
  saliendo: boolean
}

export const DURACION_TOAST_MS = 5000
export const EXTENSION_TOAST_MS = 1000
export const ANIMACION_TOAST_MS = 300

const TITULOS: Record<TipoToast, string> = {
  success: '¡Éxito!',
  warning: '¡Alerta!',
  error: 'Error',
  info: 'Información',
}

type Estado = { toast: Toast; timer: ReturnType<typeof setTimeout> | undefined; pausas: number }

let siguienteId = 1
let estados: Estado[] = []
let instantanea: readonly Toast[] = []
const oyentes = new Set<() => void>()

function publicar(): void {
  instantanea = estados.map((e) => e.toast)
  for (const oyente of oyentes) oyente()
}

function sinAnimacion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

function programarCierre(estado: Estado, ms: number): void {
  clearTimeout(estado.timer)
  estado.timer = setTimeout(() => cerrarToast(estado.toast.id), ms)
}

export function toast(opciones: { tipo: TipoToast; mensaje: string; titulo?: string }): number {
  const id = siguienteId++
  const estado: Estado = {
    toast: {
      id,
      tipo: opciones.tipo,
      titulo: opciones.titulo ?? TITULOS[opciones.tipo],
      mensaje: opciones.mensaje,
      saliendo: false,
    },
    timer: undefined,
    pausas: 0,
  }
  estados = [...estados, estado]
  programarCierre(estado, DURACION_TOAST_MS)
  publicar()
  return id
}

export function cerrarToast(id: number): void {
  const estado = estados.find((e) => e.toast.id === id)
  if (!estado || estado.toast.saliendo) return
  clearTimeout(estado.timer)
  estado.toast = { ...estado.toast, saliendo: true }
  publicar()
  const quitar = () => {
    estados = estados.filter((e) => e.toast.id !== id)
    publicar()
  }
  const ms = sinAnimacion() ? 0 : ANIMACION_TOAST_MS
  estado.timer = setTimeout(quitar, ms)
}

/** Pointer or focus entered the toast: keep it. */
export function pausarToast(id: number): void {
  const estado = estados.find((e) => e.toast.id === id)
  if (!estado || estado.toast.saliendo) return
  estado.pausas += 1
  clearTimeout(estado.timer)
  estado.timer = undefined
}

/** Pointer or focus left: it closes after the 1000 ms extension. */
export function reanudarToast(id: number): void {
  const estado = estados.find((e) => e.toast.id === id)
  if (!estado || estado.toast.saliendo || estado.pausas === 0) return
  estado.pausas -= 1
  if (estado.pausas === 0) programarCierre(estado, EXTENSION_TOAST_MS)
}

export function leerToasts(): readonly Toast[] {
  return instantanea
}

export function suscribirToasts(oyente: () => void): () => void {
  oyentes.add(oyente)
  return () => oyentes.delete(oyente)
}

/** Tests only need a clean slate between cases. */
export function limpiarToasts(): void {
  for (const e of estados) clearTimeout(e.timer)
  estados = []
  publicar()
}
