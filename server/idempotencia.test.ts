import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { blobStoreEnDisco } from './blobs.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { borrarBaseDePrueba, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
  personaEditable,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import type { EntornoApp, Dependencias } from './contexto.ts'
import { abrirBaseDeDatos, migrar, type Db } from './db/connection.ts'
import { purgarCaducados } from './db/purga.ts'
import type { Alumno } from './db/schema.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { sembrar } from './db/seed/index.ts'
import { firmaDePrueba } from '../tests/support/firma.ts'
import { idempotencia } from './middleware/idempotencia.ts'

const MENSAJE_OTROS_DATOS = 'Esta clave de envío ya se usó con otros datos.'
const MENSAJE_EN_CURSO = 'El envío anterior aún se está procesando. Intente nuevamente en unos segundos.'

describe('over HTTP on the real server', () => {
  let server: ServidorDePrueba
  let estudiante: ClienteDePrueba
  let extranjera: ClienteDePrueba

  beforeAll(async () => {
    server = await iniciarServidorDePrueba({ throttle: 'off' })
    estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
    extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
  })
  afterAll(() => server.close())

  const persona = personaEditable

  const filasConClave = (clave: string) =>
    consultarDb<{ alumno_id: string }>(
      server.dataDir,
      'select alumno_id from historial_persona where clave_idempotencia = ?',
      clave,
    )

  test('the same key and body twice: applied once, the second reply is the first one replayed', async () => {
    const clave = crypto.randomUUID()
    const cuerpo = { ...(await persona(estudiante)), direccion: 'Av. Repetida 100' }
    const primera = await estudiante.put('/api/alumno/persona', cuerpo, { 'Idempotency-Key': clave })
    const segunda = await estudiante.put('/api/alumno/persona', cuerpo, { 'Idempotency-Key': clave })
    expect(primera.status).toBe(200)
    expect(segunda.status).toBe(200)
    expect(primera.headers.get('idempotency-replayed')).toBeNull()
    expect(segunda.headers.get('idempotency-replayed')).toBe('true')
    expect(segunda.headers.get('content-type')).toBe(primera.headers.get('content-type'))
    expect(await segunda.text()).toBe(await primera.text())
    expect(await filasConClave(clave)).toEqual([{ alumno_id: 'alumno-estudiante' }])
  })

  test('the same key with another body: 422 and nothing applied', async () => {
    const clave = crypto.randomUUID()
    const cuerpo = await persona(estudiante)
    expect(
      (await estudiante.put('/api/alumno/persona', { ...cuerpo, direccion: 'Primera 1' }, { 'Idempotency-Key': clave }))
        .status,
    ).toBe(200)
    const otra = await estudiante.put(
      '/api/alumno/persona',
      { ...cuerpo, direccion: 'Segunda 2' },
      { 'Idempotency-Key': clave },
    )
    expect(otra.status).toBe(422)
    expect(await otra.json()).toEqual({ error: MENSAJE_OTROS_DATOS })
    expect((await persona(estudiante)).direccion).toBe('Primera 1')
    expect(await filasConClave(clave)).toHaveLength(1)
  })

  test('the same key on another endpoint is another request: 422', async () => {
    const clave = crypto.randomUUID()
    expect(
      (await estudiante.put('/api/alumno/persona', await persona(estudiante), { 'Idempotency-Key': clave })).status,
    ).toBe(200)
    const res = await estudiante.post(
      '/api/certificados/validar',
      { codValidador: 'ABC' },
      { 'Idempotency-Key': clave },
    )
    expect(res.status).toBe(422)
  })

  test("a key is per student: another student's request with the same key runs on its own", async () => {
    const clave = crypto.randomUUID()
    expect(
      (await estudiante.put('/api/alumno/persona', await persona(estudiante), { 'Idempotency-Key': clave })).status,
    ).toBe(200)
    const suya = await extranjera.put(
      '/api/alumno/persona',
      { ...(await persona(extranjera)), direccion: 'Av. Apoquindo 4501' },
      { 'Idempotency-Key': clave },
    )
    expect(suya.status).toBe(200)
    expect(suya.headers.get('idempotency-replayed')).toBeNull()
    expect((await suya.json()).data.email).toBe('extranjera@demo.cl')
    expect((await filasConClave(clave)).map((f) => f.alumno_id).sort()).toEqual([
      'alumno-estudiante',
      'alumno-extranjera',
    ])
  })

  test('a refusal below 500 is stored too: the same bad body gets the same 400 again', async () => {
    const clave = crypto.randomUUID()
    const cuerpo = { ...(await persona(estudiante)), universidad: 'Universidad de Narnia' }
    const primera = await estudiante.put('/api/alumno/persona', cuerpo, { 'Idempotency-Key': clave })
    const segunda = await estudiante.put('/api/alumno/persona', cuerpo, { 'Idempotency-Key': clave })
    expect(primera.status).toBe(400)
    expect(segunda.status).toBe(400)
    expect(segunda.headers.get('idempotency-replayed')).toBe('true')
    expect(await segunda.json()).toEqual(await primera.json())
  })

  test('a malformed key is a 400 and nothing runs', async () => {
    const cuerpo = { ...(await persona(estudiante)), direccion: 'No Debe Guardarse 1' }
    for (const clave of ['corta', 'con espacios 123', 'ñandú-123456', 'x'.repeat(101)]) {
      const res = await estudiante.put('/api/alumno/persona', cuerpo, { 'Idempotency-Key': clave })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'La clave de envío (Idempotency-Key) no es válida.' })
    }
    expect((await persona(estudiante)).direccion).not.toBe('No Debe Guardarse 1')
  })

  test('without a session the key is not looked at: the endpoint answers 401', async () => {
    const res = await clienteDePrueba(server.url).put(
      '/api/alumno/persona',
      {},
      { 'Idempotency-Key': crypto.randomUUID() },
    )
    expect(res.status).toBe(401)
  })
})

// The middleware alone, on an app whose handler we control: for what cannot be timed over HTTP.
test('a personal-data save throttled with its key is applied when the outbox retries it after the wait', async () => {
  let ahora = new Date()
  const limites = { ...construirConfig({}).limites, documentoAlumno: { max: 1, ventanaMs: 3_600_000 } }
  const servidor = await iniciarServidorDePrueba({ clock: () => ahora, config: { limites } })
  try {
    const extranjera = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
    const {
      codPersona: _c,
      email: _e,
      rut: _r,
      ...datos
    } = (await (await extranjera.get('/api/alumno/persona')).json()).data
    const guardar = (numeroDocumento: string, clave: string) =>
      extranjera.put('/api/alumno/persona', { ...datos, numeroDocumento }, { 'Idempotency-Key': clave })
    expect((await guardar('PAS100200', 'primer-guardado')).status).toBe(200)
    const clave = crypto.randomUUID()
    expect((await guardar('PAS300400', clave)).status).toBe(429)
    ahora = new Date(ahora.getTime() + 3_600_000 + 1000)
    expect((await guardar('PAS300400', clave)).status).toBe(200)
    expect((await (await extranjera.get('/api/alumno/persona')).json()).data.numeroDocumento).toBe('PAS300400')
  } finally {
    await servidor.close()
  }
})

describe('the middleware in-process', () => {
  let dataDir: string
  let db: Db
  let ahora = new Date('2026-03-01T12:00:00Z')
  let alumno: Alumno

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-idempotencia-'))
    db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(dataDir))
    await migrar(db)
    await sembrar(db, {
      serviceAccountEmail: 'portal@postgrado-demo.cl',
      ahora,
      blobs: blobStoreEnDisco(join(dataDir, 'archivos')),
      firma: firmaDePrueba(),
      urlPublica: 'http://portal.test',
      demo: true,
    })
    alumno = await db.selectFrom('alumnos').selectAll().where('id', '=', 'alumno-estudiante').executeTakeFirstOrThrow()
  })
  afterAll(async () => {
    await db.destroy()
    rmSync(dataDir, { recursive: true, force: true })
    await borrarBaseDePrueba(dataDir)
  })

  /** An app with the session's student set and `manejador` behind the middleware. */
  function app(manejador: (cuerpo: string) => Promise<Response>) {
    const deps = { db, clock: () => ahora, log: () => {} } as unknown as Dependencias
    const hono = new Hono<EntornoApp>()
    hono.use(async (c, next) => {
      c.set('deps', deps)
      c.set('actor', { tipo: 'alumno', id: alumno.id, alumno })
      c.set('alumno', alumno)
      await next()
    })
    hono.use(idempotencia)
    hono.post('/api/envio', async (c) => manejador(await c.req.text()))
    hono.onError(() => Response.json({ error: 'interno' }, { status: 500 }))
    return (clave: string, cuerpo = '{"a":1}') =>
      hono.request('/api/envio', {
        method: 'POST',
        body: cuerpo,
        headers: { 'Idempotency-Key': clave, 'content-type': 'application/json' },
      })
  }

  function señal() {
    let resolver: () => void = () => {}
    const promesa = new Promise<void>((r) => (resolver = r))
    return { promesa, resolver }
  }

  test('the handler reads the body the fingerprint already read', async () => {
    const enviar = app(async (cuerpo) => Response.json({ recibido: cuerpo }))
    expect(await (await enviar(crypto.randomUUID(), '{"hola":"mundo"}')).json()).toEqual({
      recibido: '{"hola":"mundo"}',
    })
  })

  test('while the first request runs, the same key gets 409; afterwards the stored reply', async () => {
    const entro = señal()
    const soltar = señal()
    let llamadas = 0
    const enviar = app(async () => {
      llamadas++
      entro.resolver()
      await soltar.promesa
      return Response.json({ ok: true, llamada: llamadas }, { status: 201 })
    })
    const clave = crypto.randomUUID()
    const primera = enviar(clave)
    await entro.promesa
    const concurrente = await enviar(clave)
    expect(concurrente.status).toBe(409)
    expect(await concurrente.json()).toEqual({ error: MENSAJE_EN_CURSO })
    soltar.resolver()
    expect((await primera).status).toBe(201)
    const despues = await enviar(clave)
    expect(despues.status).toBe(201)
    expect(despues.headers.get('idempotency-replayed')).toBe('true')
    expect(await despues.json()).toEqual({ ok: true, llamada: 1 })
    expect(llamadas).toBe(1)
  })

  test('a 5xx is not stored: the retry runs the handler again', async () => {
    let llamadas = 0
    const enviar = app(async () => {
      llamadas++
      return llamadas === 1 ? Response.json({ error: 'caído' }, { status: 503 }) : Response.json({ ok: true })
    })
    const clave = crypto.randomUUID()
    expect((await enviar(clave)).status).toBe(503)
    const reintento = await enviar(clave)
    expect(reintento.status).toBe(200)
    expect(reintento.headers.get('idempotency-replayed')).toBeNull()
    expect(llamadas).toBe(2)
    expect((await enviar(clave)).headers.get('idempotency-replayed')).toBe('true')
    expect(llamadas).toBe(2)
  })

  test('a "not now" (429 and the like) is not stored: the retry after the wait runs the handler again', async () => {
    for (const status of [408, 409, 425, 429]) {
      let llamadas = 0
      const enviar = app(async () => {
        llamadas++
        return llamadas === 1 ? Response.json({ error: 'espere' }, { status }) : Response.json({ ok: true })
      })
      const clave = crypto.randomUUID()
      expect((await enviar(clave)).status).toBe(status)
      const reintento = await enviar(clave)
      expect(reintento.status, String(status)).toBe(200)
      expect(reintento.headers.get('idempotency-replayed')).toBeNull()
      expect(llamadas).toBe(2)
    }
  })

  test('a thrown error is not stored either', async () => {
    let llamadas = 0
    const enviar = app(async () => {
      llamadas++
      if (llamadas === 1) throw new Error('fallo')
      return Response.json({ ok: true })
    })
    const clave = crypto.randomUUID()
    expect((await enviar(clave)).status).toBe(500)
    expect((await enviar(clave)).status).toBe(200)
    expect(llamadas).toBe(2)
  })

  test('a 204 is replayed without a body', async () => {
    const enviar = app(async () => new Response(null, { status: 204 }))
    const clave = crypto.randomUUID()
    expect((await enviar(clave)).status).toBe(204)
    const otra = await enviar(clave)
    expect(otra.status).toBe(204)
    expect(otra.headers.get('idempotency-replayed')).toBe('true')
    expect(await otra.text()).toBe('')
  })

  test("a record left 'en-curso' (the server died mid-request) is taken over after 2 minutes", async () => {
    const soltar = señal()
    let llamadas = 0
    const enviar = app(async () => {
      llamadas++
      if (llamadas === 1) await soltar.promesa
      return Response.json({ llamada: llamadas })
    })
    const clave = crypto.randomUUID()
    const colgada = enviar(clave)
    await new Promise((r) => setTimeout(r, 20))
    ahora = new Date(ahora.getTime() + 60_000)
    expect((await enviar(clave)).status).toBe(409)
    ahora = new Date(ahora.getTime() + 61_000)
    const toma = await enviar(clave)
    expect(toma.status).toBe(200)
    expect(await toma.json()).toEqual({ llamada: 2 })
    soltar.resolver()
    await colgada
  })

  test('records are purged after 30 days', async () => {
    const enviar = app(async () => Response.json({ ok: true }))
    const clave = crypto.randomUUID()
    await enviar(clave)
    const cuenta = async () =>
      (await db.selectFrom('idempotencia').select('clave').where('clave', '=', clave).execute()).length
    await purgarCaducados(db, new Date(ahora.getTime() + 29 * 24 * 3_600_000))
    expect(await cuenta()).toBe(1)
    await purgarCaducados(db, new Date(ahora.getTime() + 30 * 24 * 3_600_000 + 1))
    expect(await cuenta()).toBe(0)
  })
})
