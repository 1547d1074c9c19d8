import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {}

/** Renders a piece of UI inside a router (for Link) and a fresh query client, as the app does. */
export function renderConRouter(ui: () => ReactNode, ruta = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const router = createRouter({
    routeTree: createRootRoute({ component: ui }),
    history: createMemoryHistory({ initialEntries: [ruta] }),
  })
  const resultado = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...resultado, router, queryClient }
}
