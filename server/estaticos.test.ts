import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../tests/support/server.ts'
import { CONTENT_SECURITY_POLICY } from './middleware/cabeceras.ts'

// A tiny fake build, so these tests do not depend on `vite build`.
let dist: string
let server: TestServer

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
  mkdirSync(join(dist, 'assets'))
  mkdirSync(join(dist, 'icons'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>')
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {})')
  writeFileSync(join(dist, 'version.json'), '{"version":"1.0.0"}')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Portal"}')
  writeFileSync(join(dist, 'assets', 'index-Bx7k2Q.js'), 'console.log(1)')
  writeFileSync(join(dist, 'icons', 'icon-192.png'), 'png')
  server = await startTestServer({ throttle: 'off', distDir: dist })
})
afterAll(async () => {
  await server.close()
  rmSync(dist, { recursive: true, force: true })
})

test.each(['/', '/index.html', '/sw.js', '/version.json', '/manifest.webmanifest'])('%s is served with Cache-Control: no-cache', async (ruta) => {
  const res = await fetch(`${server.url}${ruta}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-cache')
})

test('hashed assets are cached for a year as immutable', async () => {
  const res = await fetch(`${server.url}/assets/index-Bx7k2Q.js`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/javascript/)
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(await res.text()).toBe('console.log(1)')
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

test('every response carries the security headers and, when missing, an XSRF cookie', async () => {
  for (const ruta of ['/', '/icons/icon-192.png', '/api/sesion']) {
    const res = await fetch(`${server.url}${ruta}`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('same-origin')
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true)
  }
})

test('without a build the API still works and pages say the app is not built', async () => {
  const sinDist = await startTestServer({ throttle: 'off', distDir: join(dist, 'no-existe') })
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
