// This device's Web Push subscription, as the browser holds it. Kept apart from the opt-in screen
// so 'Salir' can drop it without loading that screen.

/** The service worker's registration, or undefined where there is none (no support, dev server). */
export async function registroServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  return navigator.serviceWorker.getRegistration()
}

/**
 * The signed-out student's notices stop coming to this device: its subscription is dropped in the
 * browser, so the push service answers the next message with 410 and the server forgets it.
 */
export async function darDeBajaEsteDispositivo(): Promise<void> {
  try {
    const registro = await registroServiceWorker()
    const suscripcion = await registro?.pushManager?.getSubscription()
    await suscripcion?.unsubscribe()
  } catch {
    // 'Salir' goes on: the rest of the wipe matters more, and the student can still turn the
    // notifications off in the browser's settings.
  }
}
