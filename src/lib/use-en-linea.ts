import { useSyncExternalStore } from 'react'

function suscribirConexion(alCambiar: () => void) {
  window.addEventListener('online', alCambiar)
  window.addEventListener('offline', alCambiar)
  return () => {
    window.removeEventListener('online', alCambiar)
    window.removeEventListener('offline', alCambiar)
  }
}

/**
 * False when the browser knows it has no network (for the 'Sin conexión' banner). True does not
 * promise the server is reachable: the outbox finds that out by trying.
 */
export function useEnLinea(): boolean {
  return useSyncExternalStore(
    suscribirConexion,
    () => navigator.onLine,
    () => true,
  )
}
