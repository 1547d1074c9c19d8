import type { Almacen } from '../lib/offline/idb.ts'
import { crearOutbox, type Enviar, type Outbox } from '../lib/offline/outbox.ts'

/** An Almacen in memory: component tests under jsdom have no IndexedDB. */
export function almacenEnMemoria(): Almacen {
  const mapa = new Map<IDBValidKey, unknown>()
  return {
    get: async <T>(clave: IDBValidKey) => mapa.get(clave) as T | undefined,
    set: async (clave, valor) => void mapa.set(clave, structuredClone(valor)),
    del: async (clave) => void mapa.delete(clave),
    entries: async <T>() => [...mapa.entries()] as Array<[IDBValidKey, T]>,
    clear: async () => mapa.clear(),
  }
}

/** An outbox for component tests; by default nothing answers (as a page with no network). */
export function outboxDePrueba(enviar: Enviar = () => new Promise(() => {})): Outbox {
  return crearOutbox({ almacen: almacenEnMemoria(), enviar, bloqueo: (pasada) => pasada() })
}
