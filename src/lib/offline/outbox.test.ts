import 'fake-indexeddb/auto'
import { describe, expect, test, vi } from 'vitest'
import { abrirAlmacen } from './idb.ts'
import {
  clasificarRespuesta,
  crearOutbox,
  type DatosItem,
  type Enviar,
  type ItemOutbox,
  type RespuestaServidor,
} from './outbox.ts'

let bases = 0
function almacenNuevo() {
  return abrirAlmacen(`outbox-prueba-${++bases}`, 'items')
}

function datos(n: number, alumno = 'A1'): DatosItem {
  return {
    alumno,
    tipo: 'persona',
    etiqueta: `Datos personales ${n}`,
    metodo: 'PUT',
    url: '/api/alumno',
    cuerpo: { n },
  }
}

/**
 * A server with the idempotency store of the design: per key it keeps the first response and
 * answers a replay with it, so a key is applied once however often it arrives.
 */
function servidorFalso() {
  const aplicados: Array<{ id: string; cuerpo: unknown }> = []
  const recibidos: string[] = []
  const primeras = new Map<string, RespuestaServidor>()
  let conexion = true
  /** Scripted replies for the next requests; when empty, the server applies the request. */
  const guion: Array<'red' | 'respuesta-perdida' | number> = []

  const enviar: Enviar = async (item) => {
    await Promise.resolve()
    if (!conexion) throw new TypeError('Failed to fetch')
    recibidos.push(item.id)
    const paso = guion.shift()
    if (paso === 'red') throw new TypeError('Failed to fetch')
    if (typeof paso === 'number') {
      const body =
        paso === 422
          ? { error: 'La fecha de nacimiento no es válida' }
          : paso === 400
            ? { error: 'Campo obligatorio y debe ser válido', campos: {} }
            : { error: 'x' }
      return { status: paso, body }
    }
    let respuesta = primeras.get(item.id)
    if (!respuesta) {
      aplicados.push({ id: item.id, cuerpo: item.cuerpo })
      respuesta = { status: 200, body: { ok: true, n: aplicados.length } }
      primeras.set(item.id, respuesta)
    }
    if (paso === 'respuesta-perdida') throw new TypeError('Failed to fetch')
    return respuesta
  }

  return {
    enviar,
    aplicados,
    recibidos,
    guion,
    desconectar: () => {
      conexion = false
    },
    conectar: () => {
      conexion = true
    },
  }
}

function nuevaOutbox(
  servidor: ReturnType<typeof servidorFalso>,
  extra: Partial<Parameters<typeof crearOutbox>[0]> = {},
) {
  const almacen = extra.almacen ?? almacenNuevo()
  return { almacen, outbox: crearOutbox({ almacen, enviar: servidor.enviar, alumno: 'A1', ...extra }) }
}

describe('clasificarRespuesta', () => {
  test('2xx confirms, 401 pauses, 409/429/5xx retry, other 4xx are refusals', () => {
    expect([200, 201, 204].map(clasificarRespuesta)).toEqual(['confirmado', 'confirmado', 'confirmado'])
    expect(clasificarRespuesta(401)).toBe('en-pausa')
    expect([409, 429, 500, 502, 503].map(clasificarRespuesta)).toEqual(Array(5).fill('reintentar'))
    expect([400, 403, 404, 413, 415, 422].map(clasificarRespuesta)).toEqual(Array(6).fill('rechazado'))
  })
})

test('an item is in IndexedDB before enviar is called, under its own id as key', async () => {
  const almacen = almacenNuevo()
  const vistos: Array<ItemOutbox | undefined> = []
  const outbox = crearOutbox({
    almacen,
    alumno: 'A1',
    enviar: async (item) => {
      // Read through a second connection, as a reloaded tab would.
      vistos.push(await abrirAlmacen(`outbox-prueba-${bases}`, 'items').get<ItemOutbox>(item.id))
      throw new TypeError('Failed to fetch')
    },
  })
  const item = await outbox.encolar(datos(1))
  await outbox.procesar()
  expect(vistos).toHaveLength(1)
  expect(vistos[0]).toMatchObject({ id: item.id, cuerpo: { n: 1 }, alumno: 'A1' })
  expect(item.id).toMatch(/^[0-9a-f-]{36}$/)
})

test('replays in the order the items were queued', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const { outbox } = nuevaOutbox(servidor)
  const ids: string[] = []
  for (let n = 1; n <= 5; n++) ids.push((await outbox.encolar(datos(n))).id)
  await outbox.procesar()
  expect(servidor.aplicados).toEqual([])
  servidor.conectar()
  await outbox.procesar()
  expect(servidor.aplicados.map((a) => a.id)).toEqual(ids)
  expect(outbox.items()).toEqual([])
})

test('a network error keeps the item pending and a later pass sends it', async () => {
  const servidor = servidorFalso()
  servidor.guion.push('red')
  const { outbox } = nuevaOutbox(servidor)
  const item = await outbox.encolar(datos(1))
  await outbox.procesar()
  expect(outbox.items()).toMatchObject([
    { id: item.id, estado: 'pendiente', intentos: 1, ultimoError: expect.stringContaining('Sin conexión') },
  ])
  await outbox.procesar()
  expect(servidor.aplicados.map((a) => a.id)).toEqual([item.id])
  expect(outbox.items()).toEqual([])
})

test('a lost reply is replayed with the same id and the server applies it once', async () => {
  const servidor = servidorFalso()
  servidor.guion.push('respuesta-perdida')
  const { outbox } = nuevaOutbox(servidor)
  const confirmaciones: Array<[string, unknown]> = []
  outbox.alConfirmar((item, body) => confirmaciones.push([item.id, body]))
  const item = await outbox.encolar(datos(1))
  await outbox.procesar()
  expect(outbox.items()).toHaveLength(1)
  await outbox.procesar()
  expect(servidor.recibidos).toEqual([item.id, item.id])
  expect(servidor.aplicados).toHaveLength(1)
  // The replay gets the first response again, and the screen hears of it once.
  expect(confirmaciones).toEqual([[item.id, { ok: true, n: 1 }]])
  expect(outbox.items()).toEqual([])
})

test('401 pauses every item of the student until reanudar, then they go in order', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const { outbox } = nuevaOutbox(servidor)
  const a = await outbox.encolar(datos(1))
  const b = await outbox.encolar(datos(2))
  servidor.conectar()
  servidor.guion.push(401)
  await outbox.procesar()
  expect(outbox.items().map((i) => i.estado)).toEqual(['en-pausa', 'en-pausa'])
  expect(outbox.items()[0]?.ultimoError).toContain('Sesión expirada')
  // Paused means paused: another pass sends nothing, and a new item waits behind them.
  const c = await outbox.encolar(datos(3))
  await outbox.procesar()
  expect(servidor.recibidos).toEqual([a.id])
  expect(outbox.pendientes('A1')).toBe(3)

  await outbox.reanudar()
  expect(servidor.aplicados.map((x) => x.id)).toEqual([a.id, b.id, c.id])
  expect(outbox.items()).toEqual([])
})

test('409 (first attempt still running) keeps the item pending with a backoff, then it goes', async () => {
  const servidor = servidorFalso()
  let reloj = 1_000_000
  const { outbox } = nuevaOutbox(servidor, { ahora: () => reloj })
  servidor.guion.push(409)
  const a = await outbox.encolar(datos(1))
  const b = await outbox.encolar(datos(2))
  await outbox.procesar()
  expect(outbox.items().map((i) => [i.id, i.estado])).toEqual([
    [a.id, 'pendiente'],
    [b.id, 'pendiente'],
  ])
  expect(outbox.items()[0]?.siguienteIntentoEn).toBe(reloj + 2000)
  // Before the backoff ends nothing is sent, not even the next item (order).
  await outbox.procesar()
  expect(servidor.recibidos).toEqual([a.id])
  reloj += 2000
  await outbox.procesar()
  expect(servidor.aplicados.map((x) => x.id)).toEqual([a.id, b.id])
})

test('5xx retries with a growing backoff', async () => {
  const servidor = servidorFalso()
  let reloj = 0
  const { outbox } = nuevaOutbox(servidor, { ahora: () => reloj })
  servidor.guion.push(503, 500)
  await outbox.encolar(datos(1))
  await outbox.procesar()
  expect(outbox.items()[0]?.siguienteIntentoEn).toBe(2000)
  reloj = 2000
  await outbox.procesar()
  expect(outbox.items()[0]).toMatchObject({ intentos: 2, siguienteIntentoEn: 6000, estado: 'pendiente' })
  reloj = 6000
  await outbox.procesar()
  expect(servidor.aplicados).toHaveLength(1)
})

test('422 and 400 leave the item refused with the server message; later items still go', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const { outbox } = nuevaOutbox(servidor)
  const a = await outbox.encolar(datos(1))
  const b = await outbox.encolar(datos(2))
  const c = await outbox.encolar(datos(3))
  servidor.conectar()
  servidor.guion.push(422, 400)
  await outbox.procesar()
  expect(outbox.items()).toMatchObject([
    { id: a.id, estado: 'rechazado', ultimoError: 'La fecha de nacimiento no es válida', respuesta: { status: 422 } },
    { id: b.id, estado: 'rechazado', ultimoError: 'Campo obligatorio y debe ser válido', respuesta: { status: 400 } },
  ])
  expect(servidor.aplicados.map((x) => x.id)).toEqual([c.id])

  // Kept across passes until the student acts.
  await outbox.procesar()
  expect(outbox.pendientes('A1')).toBe(2)
  const resultado = await outbox.esperar(a.id)
  expect(resultado).toMatchObject({ estado: 'rechazado', item: { id: a.id } })

  // Edited: a new key (the old one's refusal is what the server would answer), same place.
  const editado = await outbox.reemplazar(a.id, { n: 10 })
  expect(editado?.id).not.toBe(a.id)
  await outbox.procesar()
  expect(servidor.aplicados.at(-1)).toEqual({ id: editado?.id, cuerpo: { n: 10 } })
  // Discarded: gone.
  expect(await outbox.descartar(b.id)).toBe(true)
  expect(outbox.items()).toEqual([])
})

test('reintentar sends a refused item again under a new key', async () => {
  const servidor = servidorFalso()
  servidor.guion.push(403)
  const { outbox } = nuevaOutbox(servidor)
  const a = await outbox.encolar(datos(1))
  await outbox.procesar()
  expect(outbox.items()[0]?.estado).toBe('rechazado')
  await outbox.reintentar(a.id)
  expect(servidor.aplicados).toHaveLength(1)
  expect(servidor.aplicados[0]?.id).not.toBe(a.id)
  expect(servidor.aplicados[0]?.cuerpo).toEqual({ n: 1 })
})

test('an item that may have reached the server cannot be edited under a new key', async () => {
  const servidor = servidorFalso()
  servidor.guion.push('respuesta-perdida')
  const { outbox } = nuevaOutbox(servidor)
  const a = await outbox.encolar(datos(1))
  await outbox.procesar()
  expect(await outbox.reemplazar(a.id, { n: 2 })).toBeNull()
})

test('an item left "enviando" by a crash is sent by the next outbox on the same store, once', async () => {
  const servidor = servidorFalso()
  const almacen = almacenNuevo()
  // First tab: the request reaches the server, which applies it, and the tab dies before the
  // reply arrives (the promise never settles).
  const primera = crearOutbox({
    almacen,
    alumno: 'A1',
    enviar: (item) => {
      void servidor.enviar(item)
      return new Promise(() => {})
    },
  })
  const item = await primera.encolar(datos(1))
  await vi.waitFor(() => expect(servidor.aplicados).toHaveLength(1))
  expect(await almacen.get<ItemOutbox>(item.id)).toMatchObject({ estado: 'enviando' })

  const segunda = crearOutbox({
    almacen: abrirAlmacen(`outbox-prueba-${bases}`, 'items'),
    alumno: 'A1',
    enviar: servidor.enviar,
  })
  await segunda.listo()
  expect(segunda.items()).toMatchObject([{ id: item.id, estado: 'pendiente' }])
  await segunda.procesar()
  expect(servidor.recibidos).toEqual([item.id, item.id])
  expect(servidor.aplicados).toHaveLength(1)
  expect(segunda.items()).toEqual([])
})

test("another student's items are never sent in this student's session", async () => {
  const servidor = servidorFalso()
  const { outbox } = nuevaOutbox(servidor)
  const ajeno = await outbox.encolar(datos(1, 'B2'))
  const propio = await outbox.encolar(datos(2, 'A1'))
  await outbox.procesar()
  expect(servidor.recibidos).toEqual([propio.id])
  expect(outbox.pendientes('B2')).toBe(1)
  expect(outbox.pendientes('A1')).toBe(0)

  outbox.cambiarAlumno(null)
  await outbox.procesar()
  expect(servidor.recibidos).toEqual([propio.id])

  outbox.cambiarAlumno('B2')
  await outbox.procesar()
  expect(servidor.recibidos).toEqual([propio.id, ajeno.id])
})

test('concurrent procesar() calls do not send an item twice', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const { outbox } = nuevaOutbox(servidor)
  for (let n = 1; n <= 10; n++) await outbox.encolar(datos(n))
  servidor.conectar()
  await Promise.all([outbox.procesar(), outbox.procesar(), outbox.procesar(), outbox.encolar(datos(11))])
  await outbox.procesar()
  expect(servidor.recibidos).toHaveLength(11)
  expect(new Set(servidor.recibidos).size).toBe(11)
  expect(servidor.aplicados).toHaveLength(11)
})

test('two tabs sharing the lock never send an item twice', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const almacen = almacenNuevo()
  // Stands in for navigator.locks: one pass at a time across both "tabs".
  let cola: Promise<unknown> = Promise.resolve()
  const bloqueo = <T>(pasada: () => Promise<T>): Promise<T> => {
    const r = cola.then(pasada)
    cola = r.catch(() => undefined)
    return r
  }
  const tabA = crearOutbox({ almacen, alumno: 'A1', enviar: servidor.enviar, bloqueo })
  const tabB = crearOutbox({
    almacen: abrirAlmacen(`outbox-prueba-${bases}`, 'items'),
    alumno: 'A1',
    enviar: servidor.enviar,
    bloqueo,
  })
  for (let n = 1; n <= 20; n++) await (n % 2 ? tabA : tabB).encolar(datos(n))
  servidor.conectar()
  await Promise.all([tabA.procesar(), tabB.procesar()])
  expect(servidor.recibidos).toHaveLength(20)
  expect(new Set(servidor.recibidos).size).toBe(20)
})

test('200 queued submissions replay with 0 duplicates and 0 losses, through lost replies and dropped connections', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const { outbox } = nuevaOutbox(servidor)
  const ids: string[] = []
  for (let n = 0; n < 200; n++) ids.push((await outbox.encolar(datos(n))).id)
  expect(outbox.pendientes('A1')).toBe(200)
  servidor.conectar()
  for (let n = 0; n < 200; n++)
    servidor.guion.push(n % 17 === 5 ? 'respuesta-perdida' : n % 23 === 7 ? 'red' : ('ok' as never))
  for (let pasadas = 0; outbox.items().length > 0 && pasadas < 100; pasadas++) await outbox.procesar()

  const aplicados = servidor.aplicados.map((a) => a.id)
  expect(aplicados).toHaveLength(200)
  expect(new Set(aplicados).size).toBe(200)
  expect(aplicados).toEqual(ids)
  expect(outbox.items()).toEqual([])
})

test('an upload keeps its Blob in IndexedDB and sends it after a reload', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const { outbox, almacen } = nuevaOutbox(servidor)
  const archivo = new Blob(['%PDF-1.7 licenciatura'], { type: 'application/pdf' })
  await outbox.encolar({
    alumno: 'A1',
    tipo: 'documento-personal',
    etiqueta: 'Certificado de licenciatura',
    metodo: 'POST',
    url: '/api/alumno/documentos',
    cuerpo: { campos: { idInscripcion: '0', idGrupo: '1' }, archivo, nombre: 'licenciatura.pdf' },
  })
  servidor.conectar()
  const recargada = crearOutbox({ almacen, alumno: 'A1', enviar: servidor.enviar })
  await recargada.procesar()
  const cuerpo = servidor.aplicados[0]?.cuerpo as { archivo: Blob; nombre: string }
  expect(cuerpo.nombre).toBe('licenciatura.pdf')
  expect(await cuerpo.archivo.text()).toBe('%PDF-1.7 licenciatura')
})

test('esperar reports the server reply of a confirmed item', async () => {
  const servidor = servidorFalso()
  const { outbox } = nuevaOutbox(servidor)
  const item = await outbox.encolar(datos(1))
  expect(await outbox.esperar(item.id)).toEqual({
    estado: 'confirmado',
    respuesta: { status: 200, body: { ok: true, n: 1 } },
  })
})

test('esperar reports a pending item when there is no connection', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const { outbox } = nuevaOutbox(servidor)
  const item = await outbox.encolar(datos(1))
  expect(await outbox.esperar(item.id)).toMatchObject({ estado: 'pendiente', item: { id: item.id } })
})

test('vaciar removes everything, and a send still in flight does not bring its item back', async () => {
  let soltar: (r: RespuestaServidor) => void = () => {}
  const almacen = almacenNuevo()
  const outbox = crearOutbox({ almacen, alumno: 'A1', enviar: () => new Promise((r) => (soltar = r)) })
  await outbox.encolar(datos(1))
  await vi.waitFor(() => expect(outbox.items()[0]?.estado).toBe('enviando'))
  const pasada = outbox.procesar()
  await outbox.vaciar()
  soltar({ status: 422, body: { error: 'no' } })
  await pasada
  expect(outbox.items()).toEqual([])
  expect(await almacen.entries()).toEqual([])
})

test('the snapshot keeps its identity until something changes', async () => {
  const servidor = servidorFalso()
  servidor.desconectar()
  const { outbox } = nuevaOutbox(servidor)
  const avisos = vi.fn()
  outbox.subscribe(avisos)
  await outbox.encolar(datos(1))
  await outbox.procesar()
  const antes = outbox.items()
  expect(outbox.items()).toBe(antes)
  expect(Object.isFrozen(antes)).toBe(true)
  expect(avisos).toHaveBeenCalled()
})
