import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { esRutaDeLaEscuela } from './domain/area-escuela.ts'
import { MENSAJE_SESION_EXPIRADA } from './domain/errores-api.ts'
import { alExpirarSesion } from './lib/api.ts'
import { queryClient } from './lib/query-client.ts'
import { haySesion } from './lib/session.ts'
import { registrarServiceWorker } from './lib/sw.ts'
import { crearRouter } from './router.ts'
import { routeTree as arbolDelAlumno } from './routeTree.alumno.gen.js'
import { cargarBarraAlumno } from './routes/-components/encabezado.tsx'
import { alerta, hayAlerta } from './ui/alertas.ts'
import './styles.css'

// The persisted cache and the outbox load only when a signed-in screen needs them, so the
// first screen of a visitor (login, the certificate validator) weighs what the bare stack does.
const cargarOffline = () => import('./offline.ts').then((m) => m.offline)
// A student already signed in will need them at once: start the IndexedDB read now, and load
// the header's navigation for whatever page opened.
if (haySesion()) {
  void cargarOffline()
  void cargarBarraAlumno()
}

// A mid-range phone runs script about four times slower than a desk: every step of the start
// below is its own task, each well under the 50 ms that makes a first tap feel frozen.
const cederTurno = () => new Promise<void>((listo) => setTimeout(listo, 0))

/** Starts the app over `routeTree`, one of the two halves of the routes (router.ts). */
async function arrancar(routeTree: Parameters<typeof crearRouter>[0]['routeTree'], enLaEscuela: boolean) {
  await cederTurno()
  const router = crearRouter({ routeTree, enLaEscuela, cargarOffline })

  // A signed-in request that meets an expired session goes back to login with this alert.
  // Outbox items that met it stay, paused, and go after the next sign-in (the signed-in layout).
  alExpirarSesion(() => {
    void router.navigate({ to: '/login', replace: true })
    if (!hayAlerta('Sesión expirada')) void alerta({ titulo: 'Sesión expirada', mensaje: MENSAJE_SESION_EXPIRADA })
  })

  const raiz = document.getElementById('root')
  if (!raiz) throw new Error('Falta el elemento #root en index.html')

  await cederTurno()
  // A screen that needs no network (login, the validator) is loaded before the first render, so
  // React renders it once; one that waits for data renders after 50 ms with its pending state.
  const cargada = router.load().catch(() => undefined)
  const raizReact = createRoot(raiz)
  await Promise.race([cargada, new Promise((listo) => setTimeout(listo, 50))])
  // As a transition React renders in slices of a few milliseconds, giving the thread back between
  // them; the page from index.html stays on screen meanwhile.
  startTransition(() =>
    raizReact.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
}

// The school's area (/admin) runs the school's routes, loaded only there; everywhere else the app
// runs the student's, so the school's weigh nothing on a student's first screen. (Not a top-level
// await: the bundler would then keep every shared module out of the first script, to spare the
// school's chunk a cycle with it.)
const enLaEscuela = esRutaDeLaEscuela(window.location.pathname)
if (enLaEscuela) void import('./routeTree.escuela.gen.js').then(({ routeTree }) => arrancar(routeTree, true))
else void arrancar(arbolDelAlumno, false)

// Loaded after the first render: the service worker never delays the first screen.
void import('virtual:pwa-register').then(({ registerSW }) =>
  registrarServiceWorker(registerSW, enLaEscuela ? 'escuela' : 'alumno'),
)
