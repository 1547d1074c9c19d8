// Headers every reply carries unless it sets its own: the same outcome whether the app runs behind
// the Node server (set ahead on Node's response) or is called in process (set on the finished reply).
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cabecerasPorDefecto } from './middleware/cabecera-respuesta.ts'

const app = new Hono()
  .use((c, next) => cabecerasPorDefecto(c, { 'X-Fija': 'portal', 'X-Propia': 'portal' }, next))
  .get('/json', (c) => c.json({ ok: true }))
  .get('/json-propia', (c) => {
    c.header('X-Propia', 'ruta')
    return c.json({ ok: true })
  })
  .get('/respuesta-propia', () => new Response('hola', { headers: { 'X-Propia': 'ruta' } }))
  .get('/error', () => {
    throw new Error('falla')
  })
app.onError((_err, c) => c.text('Error interno', 500))

type Pedir = (ruta: string) => Promise<Response>

function casos(pedir: () => Pedir) {
  test('a reply with none of them gets them all', async () => {
    const res = await pedir()('/json')
    expect(res.headers.get('x-fija')).toBe('portal')
    expect(res.headers.get('x-propia')).toBe('portal')
  })
  test("a reply's own value wins, whether set through the context or on a Response it built", async () => {
    for (const ruta of ['/json-propia', '/respuesta-propia']) {
      const res = await pedir()(ruta)
      expect(res.headers.get('x-fija')).toBe('portal')
      expect(res.headers.get('x-propia')).toBe('ruta')
    }
  })
  test('an error reply gets them too', async () => {
    const res = await pedir()('/error')
    expect(res.status).toBe(500)
    expect(res.headers.get('x-fija')).toBe('portal')
  })
}

describe('in process', () => {
  casos(() => (ruta) => Promise.resolve(app.request(ruta)))
})

describe('behind the Node server', () => {
  const servidor = createAdaptorServer({ fetch: app.fetch })
  let url = ''
  beforeAll(async () => {
    await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', () => listo()))
    url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((listo) => servidor.close(() => listo())))
  casos(() => (ruta) => fetch(url + ruta))
})
