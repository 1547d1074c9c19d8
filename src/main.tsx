import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { lookupQueries } from './features/lookups/queries.ts'
import { envioDocumentoPersonal, envioPersona } from './features/personal/envios.ts'
import { MENSAJE_SESION_EXPIRADA } from './domain/errores-api.ts'
import { alExpirarSesion } from './lib/api.ts'
import { enviarItemOutbox } from './lib/enviar-outbox.ts'
import { confirmarEnCache } from './lib/offline/envios.ts'
import { crearOutbox } from './lib/offline/outbox.ts'
import { opcionesDePersistencia, persisterPortal } from './lib/offline/query-persister.ts'
import { OutboxProvider } from './lib/offline/use-outbox.ts'
import { queryClient } from './lib/query-client.ts'
import { registrarServiceWorker } from './lib/sw.ts'
import { crearRouter } from './router.ts'
import { alerta, hayAlerta } from './ui/alertas.ts'
import { toast } from './ui/toasts.ts'
import './styles.css'

const router = crearRouter()

// The one outbox of the page (design 'Offline'): submissions that must survive offline are
// stored here before they are sent. The signed-in layout decides when it replays.
const outbox = crearOutbox({ enviar: enviarItemOutbox })
outbox.alConfirmar(confirmarEnCache([envioPersona, envioDocumentoPersonal], queryClient))

// Spec 8: a signed-in request that meets an expired session goes back to login with this alert.
// Outbox items that met it stay, paused, and go after the next sign-in (the signed-in layout).
alExpirarSesion(() => {
  void router.navigate({ to: '/login', replace: true })
  if (!hayAlerta('Sesión expirada')) void alerta({ titulo: 'Sesión expirada', mensaje: MENSAJE_SESION_EXPIRADA })
})

// The cache is written to IndexedDB about once a second; a reload or a closed tab must not lose
// the last second (the data just loaded is what the next offline start shows).
window.addEventListener('pagehide', () => void persisterPortal.escribirPendiente())

const raiz = document.getElementById('root')
if (!raiz) throw new Error('Falta el elemento #root en index.html')

/**
 * The copy restored from IndexedDB shows at once, but it may be older than its timestamps say
 * (it is written at most once a second, so a reload right after a save can bring back the data
 * from before it): the student's own data is refetched in the background once restored. Lookups
 * change a few times a year and keep their day-long freshness.
 */
function refrescarTrasRestaurar() {
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== lookupQueries.all()[0] })
}

createRoot(raiz).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={opcionesDePersistencia} onSuccess={refrescarTrasRestaurar}>
      <OutboxProvider outbox={outbox}>
        <RouterProvider router={router} />
      </OutboxProvider>
    </PersistQueryClientProvider>
  </StrictMode>,
)

// Loaded after the first render: the service worker never delays the first screen.
void import('virtual:pwa-register').then(({ registerSW }) =>
  registrarServiceWorker(registerSW, {
    alQuedarListaSinConexion: () => toast({ tipo: 'info', mensaje: 'La aplicación está lista para usarse sin conexión' }),
  }),
)
