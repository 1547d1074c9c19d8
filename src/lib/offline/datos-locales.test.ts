import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { claveBorrador, guardarBorrador, leerBorrador } from './borradores.ts'
import { borrarDatosLocales } from './datos-locales.ts'
import { abrirAlmacen } from './idb.ts'
import { crearOutbox } from './outbox.ts'
import { ESQUEMA_DATOS, persisterPortal } from './query-persister.ts'

test("'Salir' leaves no cache, draft or outbox item behind", async () => {
  const queryClient = new QueryClient()
  queryClient.setQueryData(['alumno'], { nombres: 'Ana' })
  persisterPortal.persistClient({
    timestamp: Date.now(),
    buster: ESQUEMA_DATOS,
    clientState: { queries: [], mutations: [] },
  })
  await persisterPortal.escribirPendiente()
  await guardarBorrador(claveBorrador('A1', 'personal'), { nombres: 'Ana' })
  const almacen = abrirAlmacen('datos-locales-prueba', 'items')
  const outbox = crearOutbox({ almacen, alumno: 'A1', enviar: () => Promise.reject(new TypeError('Failed to fetch')) })
  await outbox.encolar({
    alumno: 'A1',
    tipo: 'persona',
    etiqueta: 'Datos personales',
    metodo: 'PUT',
    url: '/api/alumno',
    cuerpo: {},
  })
  await outbox.procesar()
  expect(outbox.pendientes('A1')).toBe(1)

  await borrarDatosLocales({ outbox, queryClient })

  expect(queryClient.getQueryData(['alumno'])).toBeUndefined()
  expect(await persisterPortal.restoreClient()).toBeUndefined()
  expect(await leerBorrador(claveBorrador('A1', 'personal'))).toBeUndefined()
  expect(outbox.items()).toEqual([])
  expect(await almacen.entries()).toEqual([])
})
