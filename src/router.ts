import { createRouter, useRouterState, type RouterHistory } from '@tanstack/react-router'
import { createElement, lazy, useEffect } from 'react'
import { esRutaDeLaEscuela } from './domain/area-escuela.ts'
import type { Offline } from './lib/offline/iniciar-offline.ts'
import { queryClient } from './lib/query-client.ts'
import { leerBusqueda, escribirBusqueda } from './lib/search-params.ts'
import type { routeTree as arbolCompleto } from './routeTree.gen.ts'

// Shown rarely: loaded when needed, not with the first screen.
const PaginaNoEncontrada = lazy(() =>
  import('./ui/paginas-de-error.tsx').then((m) => ({ default: m.PaginaNoEncontrada })),
)
const PaginaError = lazy(() => import('./ui/paginas-de-error.tsx').then((m) => ({ default: m.PaginaError })))

/**
 * The app runs the student's half of the routes or the school's (main.tsx). An address of the
 * other half is not missing: it is opened with a page load, which starts that half.
 */
function noEncontradaEn(enLaEscuela: boolean) {
  return function NoEncontrada() {
    const location = useRouterState({ select: (s) => s.location })
    const otraMitad = esRutaDeLaEscuela(location.pathname) !== enLaEscuela
    useEffect(() => {
      if (otraMitad) window.location.assign(location.href)
    }, [otraMitad, location.href])
    return otraMitad ? null : createElement(PaginaNoEncontrada)
  }
}

/**
 * The app's router over `routeTree`: the student's half of the routes, or the school's when
 * `enLaEscuela` (main.tsx). `cargarOffline` loads the persisted cache and the outbox (signed-in
 * screens wait for it); tests pass the whole tree, a memory history and an outbox of their own.
 */
export function crearRouter({
  routeTree,
  enLaEscuela = false,
  cargarOffline,
  history,
}: {
  routeTree: typeof arbolCompleto
  enLaEscuela?: boolean
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
    defaultNotFoundComponent: noEncontradaEn(enLaEscuela),
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
