// The bare stack the first screen is measured against: React, TanStack Router and Query and the
// PWA registration, with nothing of the portal. `npm run bench` builds and loads it beside /login.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const queryClient = new QueryClient()

const raiz = createRootRoute({
  component: () => (
    <>
      <nav>
        <Link to="/">Inicio</Link>
      </nav>
      <Outlet />
    </>
  ),
})

function Inicio() {
  const saludo = useQuery({ queryKey: ['saludo'], queryFn: async () => 'Hola' })
  return <h1>{saludo.data ?? '…'}</h1>
}

const inicio = createRoute({ getParentRoute: () => raiz, path: '/', component: Inicio })
const router = createRouter({ routeTree: raiz.addChildren([inicio]) })

const elemento = document.getElementById('root')
if (!elemento) throw new Error('Falta #root')
createRoot(elemento).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)

void import('virtual:pwa-register').then(({ registerSW }) => registerSW({}))
