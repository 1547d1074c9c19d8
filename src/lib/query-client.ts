import { QueryClient } from '@tanstack/react-query'
import { ApiError, ErrorDeRed } from './api-error.ts'

/** Lookups and the student's own data live at least 7 days offline (here and in IndexedDB). */
export const DURACION_CACHE_MS = 7 * 24 * 60 * 60 * 1000

// One client for the whole app; once a student is signed in its cache is persisted to IndexedDB
// (offline/iniciar-offline.ts).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Kept in memory (and so in the persisted copy) as long as the persisted cache lives: the
      // student's data and the lookups must show offline for at least 7 days.
      gcTime: DURACION_CACHE_MS,
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
      // the ones that must survive offline go through the outbox (src/lib/offline/outbox.ts).
      networkMode: 'always',
      retry: false,
    },
  },
})
