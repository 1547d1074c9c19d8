import type { PersistedClient, PersistQueryClientOptions, Persister } from '@tanstack/query-persist-client-core'
import { DURACION_CACHE_MS } from '../query-client.ts'
import { abrirAlmacen, type Almacen } from './idb.ts'

// The TanStack Query cache, persisted to IndexedDB so lookups, the student's data and the
// enrolment list show at once and without network.

/**
 * The version of the SHAPE of the cached data. Raise it only when a change to the API replies
 * would make old cached data wrong for the new code. It is deliberately not the build hash: a
 * deploy that changes no data shape must not wipe the students' offline cache.
 */
export const ESQUEMA_DATOS = 'v4'

const CLAVE = 'cliente'

export interface OpcionesPersister {
  almacen?: Almacen
  /**
   * The cache emits an event on every fetch; writing the whole client each time would be wasted
   * work, so writes are gathered and the latest state is written once per this many ms.
   */
  esperaMs?: number
}

export interface PersisterIdb extends Persister {
  /** Writes a gathered state now (e.g. on `pagehide`). */
  escribirPendiente(): Promise<void>
}

export function crearPersisterIdb({
  almacen = abrirAlmacen('portal-cache', 'consultas'),
  esperaMs = 1000,
}: OpcionesPersister = {}): PersisterIdb {
  let pendiente: PersistedClient | undefined
  let temporizador: ReturnType<typeof setTimeout> | undefined

  async function escribirPendiente() {
    clearTimeout(temporizador)
    temporizador = undefined
    const cliente = pendiente
    pendiente = undefined
    if (!cliente) return
    try {
      await almacen.set(CLAVE, cliente)
    } catch (error) {
      // The cache is a copy of what the server has: failing to store it (quota, a value that
      // cannot be cloned) must never break the screen. The next change tries again.
      console.warn('No se pudo guardar la caché local', error)
    }
  }

  return {
    persistClient(cliente) {
      pendiente = sinFallosDeRefresco(cliente)
      temporizador ??= setTimeout(() => void escribirPendiente(), esperaMs)
    },
    async restoreClient() {
      return almacen.get<PersistedClient>(CLAVE)
    },
    async removeClient() {
      // A write still gathered would bring back what was just removed ('Salir').
      clearTimeout(temporizador)
      temporizador = undefined
      pendiente = undefined
      await almacen.del(CLAVE)
    },
    escribirPendiente,
  }
}

type DehydrateOptions = NonNullable<PersistQueryClientOptions['dehydrateOptions']>

/**
 * Persist every query that holds data the screen can show, and never one that opts out with
 * `meta: { persistir: false }` (e.g. a one-off lookup that must always be fresh). That includes a
 * query whose last refresh failed (opened offline, its data restored, its refetch without
 * network): leaving it out would drop the student's data from the stored copy on the next write,
 * and the second offline start would open empty. Never the staff's: the school's data about its
 * students does not stay on a device.
 */
export const debePersistirConsulta: NonNullable<DehydrateOptions['shouldDehydrateQuery']> = (query) =>
  query.state.data !== undefined && query.meta?.persistir !== false && query.queryKey[0] !== 'admin'

/**
 * The stored copy keeps the data of a query whose last refresh failed, not the failure: restored,
 * it reads as the data it was (and is refreshed like any other), never as an error to show.
 */
export function sinFallosDeRefresco(cliente: PersistedClient): PersistedClient {
  const queries = cliente.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureReason: null } }
      : q,
  )
  return { ...cliente, clientState: { ...cliente.clientState, queries } }
}

/** The one persister of the app: the cache in IndexedDB. */
export const persisterPortal = crearPersisterIdb()

/** `persistOptions` for PersistQueryClientProvider. */
export const opcionesDePersistencia = {
  persister: persisterPortal,
  buster: ESQUEMA_DATOS,
  maxAge: DURACION_CACHE_MS,
  dehydrateOptions: {
    shouldDehydrateQuery: debePersistirConsulta,
    // Submissions that must survive offline go through the outbox, never paused mutations.
    shouldDehydrateMutation: () => false,
  },
} satisfies Omit<PersistQueryClientOptions, 'queryClient'>

/** Wipes the persisted cache ('Salir'). Clear the in-memory QueryClient before calling this. */
export function borrarCachePersistida(): Promise<void> {
  return Promise.resolve(persisterPortal.removeClient())
}
