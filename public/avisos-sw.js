// Web Push in the service worker (imported by the one vite-plugin-pwa generates). Every push shows
// a notification: a push that shows none makes Safari revoke the subscription after a few. A tap
// opens the notice's screen, in the app's window if one is open (focused), else in a new one.
/* global self, clients */

self.addEventListener('push', (event) => {
  let aviso = {}
  try {
    aviso = event.data ? event.data.json() : {}
  } catch {
    aviso = { cuerpo: event.data ? event.data.text() : '' }
  }
  const titulo = aviso.titulo || 'Portal del Estudiante'
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(titulo, {
        body: aviso.cuerpo || 'Tiene un aviso nuevo en el portal.',
        // One notification per notice: shown again, it replaces itself.
        tag: aviso.id || undefined,
        lang: 'es-CL',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { ruta: aviso.ruta || '/home', id: aviso.id },
      }),
      // An open app refreshes its list of notices.
      clients
        .matchAll({ type: 'window' })
        .then((ventanas) => ventanas.forEach((v) => v.postMessage({ tipo: 'aviso-nuevo' }))),
    ]),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const { ruta } = event.notification.data || {}
  // Only screens of this app: the data came from our server, but a path is all it may name.
  const url = new URL(typeof ruta === 'string' && ruta.startsWith('/') ? ruta : '/home', self.location.origin).href
  event.waitUntil(
    // The app's windows this worker controls (it claims them all), which it may navigate.
    clients.matchAll({ type: 'window' }).then(([ventana]) => {
      if (!ventana) return clients.openWindow(url)
      // Both start at once: focusing is allowed only while the tap is being handled.
      return Promise.all([ventana.focus(), ventana.navigate(url)])
    }),
  )
})
