import 'fake-indexeddb/auto'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/query-persist-client-core'
import { QueryClient } from '@tanstack/react-query'
import { expect, test, vi } from 'vitest'
import { abrirAlmacen } from './idb.ts'
import {
  borrarCachePersistida,
  crearPersisterIdb,
  ESQUEMA_DATOS,
  opcionesDePersistencia,
  persisterPortal,
} from './query-persister.ts'
import { DURACION_CACHE_MS } from '../query-client.ts'

let bases = 0
function nuevo() {
  const almacen = abrirAlmacen(`cache-prueba-${++bases}`, 'consultas')
  const persister = crearPersisterIdb({ almacen, esperaMs: 0 })
  return { almacen, persister, opciones: { ...opcionesDePersistencia, persister } }
}

function cliente() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: DURACION_CACHE_MS } } })
}

/**
 * The persist packages (5.104) pin their own @tanstack/query-core, and react-query 5.108 brings
 * another, so TypeScript sees two QueryClient classes. They work together at run time (this file
 * proves it with react-query's client, the one the app uses); only the type needs the cast.
 */
function comoCliente(queryClient: QueryClient) {
  return queryClient as unknown as PersistQueryClientOptions['queryClient']
}

async function llenar(queryClient: QueryClient) {
  await queryClient.fetchQuery({ queryKey: ['alumno'], queryFn: () => ({ nombres: 'Ana', comuna: 13101 }) })
  await queryClient.fetchQuery({ queryKey: ['paises'], queryFn: () => [{ codigo: 40, nombre: 'Chile' }] })
  await queryClient.fetchQuery({ queryKey: ['token-de-un-uso'], queryFn: () => 'secreto', meta: { persistir: false } })
  await queryClient
    .fetchQuery({ queryKey: ['roto'], queryFn: () => Promise.reject(new Error('500')) })
    .catch(() => undefined)
}

test('the options use the data schema version as buster and keep data 7 days', () => {
  expect(opcionesDePersistencia.buster).toBe(ESQUEMA_DATOS)
  expect(opcionesDePersistencia.maxAge).toBe(7 * 24 * 60 * 60 * 1000)
})

test('round trip: successful queries come back in a new client; failed and opted-out ones do not', async () => {
  const { persister, opciones } = nuevo()
  const antes = cliente()
  await llenar(antes)
  await persistQueryClientSave({ ...opciones, queryClient: comoCliente(antes) })
  await persister.escribirPendiente()

  const despues = cliente()
  await persistQueryClientRestore({ ...opciones, queryClient: comoCliente(despues) })
  expect(despues.getQueryData(['alumno'])).toEqual({ nombres: 'Ana', comuna: 13101 })
  expect(despues.getQueryData(['paises'])).toEqual([{ codigo: 40, nombre: 'Chile' }])
  expect(despues.getQueryData(['token-de-un-uso'])).toBeUndefined()
  expect(despues.getQueryState(['roto'])).toBeUndefined()
})

test('data whose refresh failed offline stays in the stored copy, restored as data and not as an error', async () => {
  const { persister, opciones } = nuevo()
  const primera = cliente()
  await primera.fetchQuery({ queryKey: ['solicitudes'], queryFn: () => ['INS-26-40018'] })
  // Opened again with no network: the restored data is refreshed, and the refresh fails.
  await primera
    .fetchQuery({ queryKey: ['solicitudes'], queryFn: () => Promise.reject(new Error('sin conexión')), staleTime: 0 })
    .catch(() => undefined)
  expect(primera.getQueryState(['solicitudes'])?.status).toBe('error')
  await persistQueryClientSave({ ...opciones, queryClient: comoCliente(primera) })
  await persister.escribirPendiente()

  const segunda = cliente()
  await persistQueryClientRestore({ ...opciones, queryClient: comoCliente(segunda) })
  expect(segunda.getQueryData(['solicitudes'])).toEqual(['INS-26-40018'])
  expect(segunda.getQueryState(['solicitudes'])).toMatchObject({ status: 'success', error: null })
})

test('a cache saved under another schema version is discarded', async () => {
  const { almacen, persister, opciones } = nuevo()
  const antes = cliente()
  await llenar(antes)
  await persistQueryClientSave({ ...opciones, buster: 'v0', queryClient: comoCliente(antes) })
  await persister.escribirPendiente()
  expect(await almacen.get('cliente')).toBeDefined()

  const despues = cliente()
  await persistQueryClientRestore({ ...opciones, queryClient: comoCliente(despues) })
  expect(despues.getQueryData(['alumno'])).toBeUndefined()
  expect(await almacen.get('cliente')).toBeUndefined()
})

test('a cache older than 7 days is discarded; a 6-day-old one is restored', async () => {
  const { almacen, persister, opciones } = nuevo()
  const antes = cliente()
  await llenar(antes)
  await persistQueryClientSave({ ...opciones, queryClient: comoCliente(antes) })
  await persister.escribirPendiente()
  const guardado = (await almacen.get<PersistedClient>('cliente'))!
  const dia = 24 * 60 * 60 * 1000

  await almacen.set('cliente', { ...guardado, timestamp: Date.now() - 6 * dia })
  const seisDias = cliente()
  await persistQueryClientRestore({ ...opciones, queryClient: comoCliente(seisDias) })
  expect(seisDias.getQueryData(['alumno'])).toEqual({ nombres: 'Ana', comuna: 13101 })

  await almacen.set('cliente', { ...guardado, timestamp: Date.now() - 8 * dia })
  const ochoDias = cliente()
  await persistQueryClientRestore({ ...opciones, queryClient: comoCliente(ochoDias) })
  expect(ochoDias.getQueryData(['alumno'])).toBeUndefined()
  expect(await almacen.get('cliente')).toBeUndefined()
})

test('many saves in a row are written once, with the latest state', async () => {
  const escrituras: unknown[] = []
  const almacen = abrirAlmacen(`cache-prueba-${++bases}`, 'consultas')
  const persister = crearPersisterIdb({
    almacen: { ...almacen, set: async (_clave, valor) => void escrituras.push(valor) },
    esperaMs: 20,
  })
  for (let n = 1; n <= 50; n++)
    persister.persistClient({ timestamp: n, buster: ESQUEMA_DATOS, clientState: { queries: [], mutations: [] } })
  await new Promise((r) => setTimeout(r, 60))
  expect(escrituras).toEqual([{ timestamp: 50, buster: ESQUEMA_DATOS, clientState: { queries: [], mutations: [] } }])
})

test("borrarCachePersistida wipes the app's cache, including a save not yet written ('Salir')", async () => {
  const estado: PersistedClient = {
    timestamp: Date.now(),
    buster: ESQUEMA_DATOS,
    clientState: { queries: [], mutations: [] },
  }
  persisterPortal.persistClient(estado)
  await persisterPortal.escribirPendiente()
  expect(await persisterPortal.restoreClient()).toEqual(estado)

  // Only setTimeout is faked: fake-indexeddb schedules its work with setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    persisterPortal.persistClient({ ...estado, timestamp: estado.timestamp + 1 })
    await borrarCachePersistida()
    await vi.advanceTimersByTimeAsync(5000)
    expect(await persisterPortal.restoreClient()).toBeUndefined()
  } finally {
    vi.useRealTimers()
  }
})
