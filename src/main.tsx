import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { alExpirarSesion } from './lib/api.ts'
import { queryClient } from './lib/query-client.ts'
import { parseSearch, stringifySearch } from './lib/search-params.ts'
import { registrarServiceWorker } from './lib/sw.ts'
import { routeTree } from './routeTree.gen.ts'
import { alerta, hayAlerta } from './ui/alertas.ts'
import { PaginaError, PaginaNoEncontrada } from './ui/paginas-de-error.tsx'
import { toast } from './ui/toasts.ts'
import './styles.css'

const router = createRouter({
  routeTree,
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

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

const MENSAJE_SESION_EXPIRADA = 'Sesion Expirada, vuelva a ingresar'

// Spec 8: a signed-in request that meets an expired session goes back to login with this alert.
alExpirarSesion(() => {
  void router.navigate({ to: '/login', replace: true })
  if (!hayAlerta('Sesión expirada')) void alerta({ titulo: 'Sesión expirada', mensaje: MENSAJE_SESION_EXPIRADA })
})

const raiz = document.getElementById('root')
if (!raiz) throw new Error('Falta el elemento #root en index.html')

createRoot(raiz).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)

void registrarServiceWorker({
  alQuedarListaSinConexion: () => toast({ tipo: 'info', mensaje: 'La aplicación está lista para usarse sin conexión' }),
})
