// Service worker registration (vite-plugin-pwa, registerType 'prompt') and the one way to apply
// an update, shared by the 'Hay una nueva versión disponible' prompt and 'VERSIÓN DISTINTA'.

type ActualizarSw = (recargar?: boolean) => Promise<void>

let actualizarSw: ActualizarSw | undefined
let registro: ServiceWorkerRegistration | undefined
let nuevaVersionEsperando = false
let listaSinConexion = false
const oyentes = new Set<() => void>()

function publicar(): void {
  for (const oyente of oyentes) oyente()
}

export function hayNuevaVersion(): boolean {
  return nuevaVersionEsperando
}

/**
 * The app shell is stored on the device: from now on the app opens without network. Said to
 * screen readers in the connection's status line, never as a notification over the page.
 */
export function estaListaSinConexion(): boolean {
  return listaSinConexion
}

export function suscribirNuevaVersion(oyente: () => void): () => void {
  oyentes.add(oyente)
  return () => oyentes.delete(oyente)
}

export function descartarAvisoNuevaVersion(): void {
  nuevaVersionEsperando = false
  publicar()
}

type RegistrarSw = typeof import('virtual:pwa-register').registerSW

/**
 * The second step of offline readiness: once a worker is active and the page is idle, it is asked
 * to store the large optional chunks (public/diferidos-sw.js): pdf-lib for 'Agregar página' and,
 * in the school's area, the school's half. Asked on every start; what is stored already is not
 * fetched again.
 */
function pedirDiferidos(grupo: 'alumno' | 'escuela'): void {
  void navigator.serviceWorker.ready.then((r) => {
    const pedir = () => r.active?.postMessage({ tipo: 'guardar-diferidos', grupo })
    if ('requestIdleCallback' in window) requestIdleCallback(pedir, { timeout: 5000 })
    else setTimeout(pedir, 1000)
  })
}

/** Called by main.tsx with vite-plugin-pwa's registerSW (kept out of here so tests need no plugin). */
export function registrarServiceWorker(registerSW: RegistrarSw, grupo: 'alumno' | 'escuela' = 'alumno'): void {
  if (!('serviceWorker' in navigator)) return
  pedirDiferidos(grupo)
  actualizarSw = registerSW({
    onNeedRefresh() {
      nuevaVersionEsperando = true
      publicar()
    },
    onOfflineReady() {
      listaSinConexion = true
      publicar()
    },
    onRegisteredSW(_url, r) {
      registro = r
    },
  })
}

function esperarNuevaVersion(ms: number): Promise<boolean> {
  if (nuevaVersionEsperando) return Promise.resolve(true)
  return new Promise((resolver) => {
    const fin = setTimeout(() => {
      oyentes.delete(oyente)
      resolver(false)
    }, ms)
    const oyente = () => {
      if (!nuevaVersionEsperando) return
      clearTimeout(fin)
      oyentes.delete(oyente)
      resolver(true)
    }
    oyentes.add(oyente)
  })
}

/**
 * Activates the waiting service worker (which reloads the page once it takes control); looks for
 * one first when none is known yet; with no service worker at all, simply reloads.
 */
export async function actualizarAplicacion(): Promise<void> {
  const recargar = () => window.location.reload()
  if (!actualizarSw || !registro) return recargar()
  if (!nuevaVersionEsperando) {
    try {
      await registro.update()
    } catch {
      return recargar()
    }
    if (registro.installing || registro.waiting) await esperarNuevaVersion(15_000)
  }
  if (!nuevaVersionEsperando) return recargar()
  await actualizarSw(true)
  // The new worker's 'controlling' event reloads the page; do it anyway if that never comes.
  setTimeout(recargar, 4000)
}
