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
export const ESQUEMA_DATOS = 'v2'

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
      pendiente = cliente
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
 * Persist only queries that hold data the screen can show (success), and never one that opts out
 * with `meta: { persistir: false }` (e.g. a one-off lookup that must always be fresh), nor the
 * staff's: the school's data about its students never stays on a device.
 */
export const debePersistirConsulta: NonNullable<DehydrateOptions['shouldDehydrateQuery']> = (query) =>
  query.state.status === 'success' && query.meta?.persistir !== false && query.queryKey[0] !== 'admin'

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
