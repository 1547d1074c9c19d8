import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { lazy } from 'react'
import type { Offline } from './lib/offline/iniciar-offline.ts'
import { queryClient } from './lib/query-client.ts'
import { leerBusqueda, escribirBusqueda } from './lib/search-params.ts'
import { routeTree } from './routeTree.gen.ts'

// Shown rarely: loaded when needed, not with the first screen.
const PaginaNoEncontrada = lazy(() =>
  import('./ui/paginas-de-error.tsx').then((m) => ({ default: m.PaginaNoEncontrada })),
)
const PaginaError = lazy(() => import('./ui/paginas-de-error.tsx').then((m) => ({ default: m.PaginaError })))

/**
 * The app's router. `cargarOffline` loads the persisted cache and the outbox (signed-in screens
 * wait for it); tests pass a memory history and an outbox of their own.
 */
export function crearRouter({
  cargarOffline,
  history,
}: {
  cargarOffline: () => Promise<Offline>
  history?: RouterHistory
}) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, cargarOffline },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it (TanStack Query integration).
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: PaginaNoEncontrada,
    defaultErrorComponent: PaginaError,
    parseSearch: leerBusqueda,
    stringifySearch: escribirBusqueda,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof crearRouter>
  }
}
