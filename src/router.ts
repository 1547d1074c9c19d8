import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { queryClient } from './lib/query-client.ts'
import { parseSearch, stringifySearch } from './lib/search-params.ts'
import { routeTree } from './routeTree.gen.ts'
import { PaginaError, PaginaNoEncontrada } from './ui/paginas-de-error.tsx'

/** The app's router; tests pass a memory history. */
export function crearRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it (TanStack Query integration).
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: PaginaNoEncontrada,
    defaultErrorComponent: PaginaError,
    parseSearch,
    stringifySearch,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof crearRouter>
  }
}
