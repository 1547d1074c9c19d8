import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { iniciarSesion, iniciarServidorDePrueba, type ServidorDePrueba } from '../tests/support/servidor.ts'
import { CONTENT_SECURITY_POLICY, HSTS } from './middleware/cabeceras.ts'
import { UMBRAL_COMPRESION_BYTES } from './middleware/compresion.ts'

// A tiny fake build, so these tests do not depend on `vite build`. The script has the Brotli and
// gzip copies the build writes beside it, each distinguishable from the original once decoded.
let dist: string
let server: ServidorDePrueba

const SCRIPT = 'console.log(1)'
const INDICE = '<!doctype html><title>Portal</title><div id="root"></div>'

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
  mkdirSync(join(dist, 'assets'))
  mkdirSync(join(dist, 'icons'))
  writeFileSync(join(dist, 'index.html'), INDICE)
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDICE))
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {})')
  writeFileSync(join(dist, 'version.json'), '{"version":"1.0.0"}')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Portal"}')
  writeFileSync(join(dist, 'assets', 'index-Bx7k2Q.js'), SCRIPT)
  writeFileSync(join(dist, 'assets', 'index-Bx7k2Q.js.br'), brotliCompressSync('console.log("br")'))
  writeFileSync(join(dist, 'assets', 'index-Bx7k2Q.js.gz'), gzipSync('console.log("gzip")'))
  writeFileSync(join(dist, 'icons', 'icon-192.png'), 'png')
  server = await iniciarServidorDePrueba({ throttle: 'off', distDir: dist })
})
afterAll(async () => {
  await server.close()
  rmSync(dist, { recursive: true, force: true })
})

test.each(['/', '/index.html', '/sw.js', '/version.json', '/manifest.webmanifest'])(
  '%s is served with Cache-Control: no-cache',
  async (ruta) => {
    const res = await fetch(`${server.url}${ruta}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  },
)

test('hashed assets are cached for a year as immutable', async () => {
  const res = await fetch(`${server.url}/assets/index-Bx7k2Q.js`, { headers: { 'accept-encoding': 'identity' } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/javascript/)
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(await res.text()).toBe(SCRIPT)
})

test('client routes fall back to index.html on reload; a missing asset is a 404', async () => {
  for (const ruta of ['/login', '/info/solicitudes', '/certificado/validador']) {
    const res = await fetch(`${server.url}${ruta}?codcertificado=ABC`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain('<div id="root">')
  }
  expect((await fetch(`${server.url}/assets/no-existe-123.js`)).status).toBe(404)
  const api = await fetch(`${server.url}/api/nada`)
  expect(api.status).toBe(404)
  expect(await api.json()).toEqual({ error: 'Recurso no encontrado' })
})

test('every response carries the security headers; the page and the API, when missing, an XSRF cookie', async () => {
  for (const ruta of ['/', '/login', '/icons/icon-192.png', '/assets/index-Bx7k2Q.js', '/api/sesion']) {
    const res = await fetch(`${server.url}${ruta}`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('same-origin')
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('strict-transport-security')).toBeNull()
    const conCookie = ruta === '/' || ruta === '/login' || ruta.startsWith('/api/')
    expect(
      res.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN=')),
      ruta,
    ).toBe(conCookie)
  }
})

test('files are sent as the best precompressed copy the browser accepts, varying on Accept-Encoding', async () => {
  const casos = [
    { acepta: 'gzip, deflate, br, zstd', codificacion: 'br', cuerpo: 'console.log("br")' },
    { acepta: 'gzip', codificacion: 'gzip', cuerpo: 'console.log("gzip")' },
    { acepta: 'identity', codificacion: null, cuerpo: SCRIPT },
  ]
  for (const { acepta, codificacion, cuerpo } of casos) {
    const res = await fetch(`${server.url}/assets/index-Bx7k2Q.js`, { headers: { 'accept-encoding': acepta } })
    expect(res.headers.get('content-encoding'), acepta).toBe(codificacion)
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe(cuerpo)
  }
  // The app shell's fallback for client routes is compressed too.
  const pagina = await fetch(`${server.url}/certificado/validador`, { headers: { 'accept-encoding': 'br' } })
  expect(pagina.headers.get('content-encoding')).toBe('br')
  expect(pagina.headers.get('content-type')).toMatch(/text\/html/)
  expect(await pagina.text()).toBe(INDICE)
})

test('API replies are never stored by a cache, and large JSON replies are compressed', async () => {
  for (const ruta of ['/api/sesion', '/api/nada', '/api/alumno']) {
    expect((await fetch(`${server.url}${ruta}`)).headers.get('cache-control'), ruta).toBe('no-store')
  }
  const cliente = await iniciarSesion(server.url, 'estudiante@demo.cl')
  const grande = await cliente.get('/api/lookups/paises', { 'accept-encoding': 'br, gzip' })
  expect(grande.headers.get('content-encoding')).toBe('br')
  expect(grande.headers.get('vary')).toContain('Accept-Encoding')
  expect(grande.headers.get('cache-control')).toBe('no-store')
  const texto = await grande.text()
  expect(texto.length).toBeGreaterThan(UMBRAL_COMPRESION_BYTES)
  expect(Number(grande.headers.get('content-length'))).toBeLessThan(texto.length / 2)
  expect((JSON.parse(texto) as { status: string }).status).toBe('ok')

  const gzip = await cliente.get('/api/lookups/paises', { 'accept-encoding': 'gzip' })
  expect(gzip.headers.get('content-encoding')).toBe('gzip')
  expect(await gzip.text()).toBe(texto)

  const pequena = await cliente.get('/api/sesion', { 'accept-encoding': 'br, gzip' })
  expect(pequena.headers.get('content-encoding')).toBeNull()
  expect(await pequena.json()).toEqual({ ok: true })
})

test('HSTS is sent when the public URL is https', async () => {
  const seguro = await iniciarServidorDePrueba({
    throttle: 'off',
    distDir: dist,
    config: { publicUrl: 'https://portal.example.cl' },
  })
  try {
    for (const ruta of ['/', '/api/sesion']) {
      expect((await fetch(`${seguro.url}${ruta}`)).headers.get('strict-transport-security')).toBe(HSTS)
    }
  } finally {
    await seguro.close()
  }
})

test('without a build the API still works and pages say the app is not built', async () => {
  const sinDist = await iniciarServidorDePrueba({ throttle: 'off', distDir: join(dist, 'no-existe') })
  try {
    expect((await fetch(`${sinDist.url}/api/sesion`)).status).toBe(200)
    const res = await fetch(`${sinDist.url}/login`)
    expect(res.status).toBe(404)
    expect(await res.text()).toMatch(/no está compilada/)
    expect(sinDist.logs.join('\n')).toMatch(/AVISO: no existe .*no-existe/)
  } finally {
    await sinDist.close()
  }
})
