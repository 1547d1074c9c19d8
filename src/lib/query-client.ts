import { QueryClient } from '@tanstack/react-query'
import { ApiError, ErrorDeRed } from './api-error.ts'

// One client for the whole app. A later issue persists its cache to IndexedDB (design 'Offline').
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Offline is normal: serve the cache and try the network once, then wait for a connection.
      networkMode: 'offlineFirst',
      // A 4xx answer will not change by asking again, nor will a request made while offline.
      retry: (intentos, error) => {
        if (error instanceof ApiError && error.status < 500) return false
        if (error instanceof ErrorDeRed && typeof navigator !== 'undefined' && !navigator.onLine) return false
        return intentos < 2
      },
    },
    mutations: {
      // Submissions fail fast with a clear message instead of waiting silently while offline;
      // the outbox issue replaces this for the submissions that must survive offline.
      networkMode: 'always',
      retry: false,
    },
  },
})
