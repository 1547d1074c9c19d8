import 'fake-indexeddb/auto'
import { clear, createStore, get, set, type UseStore } from 'idb-keyval'
import { afterEach, expect, test, vi } from 'vitest'
import { abrirAlmacen, esConexionPerdida } from './idb.ts'

/** createStore, but remembering the IDBDatabase each store opened, so a test can close it. */
function crearEspiando() {
  const conexiones: IDBDatabase[] = []
  const crear = vi.fn((dbName: string, storeName: string): UseStore => {
    const store = createStore(dbName, storeName)
    return (modo, callback) =>
      store(modo, (objectStore) => {
        if (!conexiones.includes(objectStore.transaction.db)) conexiones.push(objectStore.transaction.db)
        return callback(objectStore)
      })
  })
  return { crear, conexiones }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

test('get, set, del, entries and clear work on their own database', async () => {
  const almacen = abrirAlmacen('idb-prueba-1', 'cosas')
  await almacen.set('a', { n: 1 })
  await almacen.set('b', { n: 2 })
  expect(await almacen.get('a')).toEqual({ n: 1 })
  await almacen.del('a')
  expect(await almacen.get('a')).toBeUndefined()
  expect(await almacen.entries()).toEqual([['b', { n: 2 }]])
  await almacen.clear()
  expect(await almacen.entries()).toEqual([])
})

test('a plain idb-keyval store stays broken once its connection is closed (what the wrapper fixes)', async () => {
  const { crear, conexiones } = crearEspiando()
  const store = crear('idb-prueba-2', 'cosas')
  await set('a', 1, store)
  conexiones[0]?.close()
  await expect(get('a', store)).rejects.toMatchObject({ name: 'InvalidStateError' })
  await expect(clear(store)).rejects.toMatchObject({ name: 'InvalidStateError' })
})

test('reopens the database and retries once after the connection was closed', async () => {
  const { crear, conexiones } = crearEspiando()
  const almacen = abrirAlmacen('idb-prueba-3', 'cosas', crear)
  await almacen.set('a', 'antes')
  // What Safari does to a backgrounded page, without telling idb-keyval.
  conexiones[0]?.close()
  expect(await almacen.get('a')).toBe('antes')
  await almacen.set('b', 'después')
  expect(await almacen.entries()).toEqual([
    ['a', 'antes'],
    ['b', 'después'],
  ])
  expect(crear).toHaveBeenCalledTimes(2)
  expect(conexiones).toHaveLength(2)
})

test('a store that throws InvalidStateError once is replaced, and the operation runs once more', async () => {
  let fallos = 0
  const crear = vi.fn((dbName: string, storeName: string): UseStore => {
    if (crear.mock.calls.length === 1) {
      return () => {
        fallos++
        return Promise.reject(new DOMException('The database connection is closing.', 'InvalidStateError'))
      }
    }
    return createStore(dbName, storeName)
  })
  const almacen = abrirAlmacen('idb-prueba-4', 'cosas', crear)
  await almacen.set('a', 1)
  expect(fallos).toBe(1)
  expect(await almacen.get('a')).toBe(1)
  expect(crear).toHaveBeenCalledTimes(2)
})

test('other errors are not retried', async () => {
  const crear = vi.fn((): UseStore => () => Promise.reject(new DOMException('quota', 'QuotaExceededError')))
  const almacen = abrirAlmacen('idb-prueba-5', 'cosas', crear)
  await expect(almacen.set('a', 1)).rejects.toMatchObject({ name: 'QuotaExceededError' })
  expect(crear).toHaveBeenCalledTimes(1)
})

test('esConexionPerdida recognises the errors of a lost connection only', () => {
  expect(esConexionPerdida(new DOMException('x', 'InvalidStateError'))).toBe(true)
  expect(esConexionPerdida(new DOMException('Connection to Indexed Database server lost', 'UnknownError'))).toBe(true)
  expect(esConexionPerdida(new DOMException('x', 'DataCloneError'))).toBe(false)
  expect(esConexionPerdida('InvalidStateError')).toBe(false)
})

test('pedirAlmacenamientoPersistente asks the browser once', async () => {
  vi.resetModules()
  const persist = vi.fn(async () => true)
  vi.stubGlobal('navigator', { storage: { persist } })
  const { pedirAlmacenamientoPersistente } = await import('./idb.ts')
  expect(await pedirAlmacenamientoPersistente()).toBe(true)
  expect(await pedirAlmacenamientoPersistente()).toBe(true)
  expect(persist).toHaveBeenCalledTimes(1)
})

test('pedirAlmacenamientoPersistente reads a missing API or a failure as false', async () => {
  vi.resetModules()
  vi.stubGlobal('navigator', {})
  expect(await (await import('./idb.ts')).pedirAlmacenamientoPersistente()).toBe(false)
  vi.resetModules()
  vi.stubGlobal('navigator', { storage: { persist: () => Promise.reject(new Error('no')) } })
  expect(await (await import('./idb.ts')).pedirAlmacenamientoPersistente()).toBe(false)
})
