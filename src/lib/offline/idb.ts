import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval'

// A small key-value store on IndexedDB that outlives a lost connection ("treat
// a lost IndexedDB connection as something to reopen, not a crash").
//
// Safari and iOS close IndexedDB connections behind the page's back (a backgrounded tab, memory
// pressure, "Connection to Indexed Database server lost"). idb-keyval's createStore caches its
// connection and forgets it only when the `close` event fires, which Safari does not always send;
// from then on every transaction throws InvalidStateError (or UnknownError). So on such an error
// we drop the store, open a fresh connection and run the operation once more. All operations
// here are idempotent (get, put, delete, read all, clear), so running one twice is harmless.
//
// Each store gets a database of its own: idb-keyval opens databases without a version and creates
// its object store only when the database is new, so two stores in one database would not work.

export interface Almacen {
  get<T>(clave: IDBValidKey): Promise<T | undefined>
  set(clave: IDBValidKey, valor: unknown): Promise<void>
  del(clave: IDBValidKey): Promise<void>
  entries<T>(): Promise<Array<[IDBValidKey, T]>>
  clear(): Promise<void>
}

/** Errors that mean "this connection is gone", after which a new connection works. */
export function esConexionPerdida(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('name' in error)) return false
  return error.name === 'InvalidStateError' || error.name === 'UnknownError'
}

/**
 * Opens (lazily) the object store `storeName` in the database `dbName`.
 * `crear` is idb-keyval's createStore; tests pass another to simulate a lost connection.
 */
export function abrirAlmacen(
  dbName: string,
  storeName: string,
  crear: (dbName: string, storeName: string) => UseStore = createStore,
): Almacen {
  let store: UseStore | undefined

  async function conReintento<T>(operacion: (store: UseStore) => Promise<T>): Promise<T> {
    store ??= crear(dbName, storeName)
    try {
      return await operacion(store)
    } catch (error) {
      if (!esConexionPerdida(error)) throw error
      store = crear(dbName, storeName)
      return operacion(store)
    }
  }

  return {
    get: <T>(clave: IDBValidKey) => conReintento((s) => get<T>(clave, s)),
    set: (clave, valor) => conReintento((s) => set(clave, valor, s)),
    del: (clave) => conReintento((s) => del(clave, s)),
    entries: <T>() => conReintento((s) => entries<IDBValidKey, T>(s)),
    clear: () => conReintento((s) => clear(s)),
  }
}

let persistencia: Promise<boolean> | undefined

/**
 * Asks the browser not to evict this site's storage (iOS clears site data after weeks unused, and
 * the outbox may hold a submission the student has not sent yet). Asked once per page: later calls
 * get the first answer. A browser without the API, or one that says no, leaves us where we were,
 * so absence and failure both read as `false`.
 */
export function pedirAlmacenamientoPersistente(): Promise<boolean> {
  persistencia ??= (async () => {
    try {
      return (await globalThis.navigator?.storage?.persist?.()) ?? false
    } catch {
      return false
    }
  })()
  return persistencia
}
