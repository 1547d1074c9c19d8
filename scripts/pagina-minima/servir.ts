// Builds the bare React + TanStack Router + Query + PWA page (this folder) and serves it, gzipped
// like the portal's own assets, on a free loopback port: what the bench compares the portal with.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const TIPOS: Record<string, string> = {
  js: 'text/javascript',
  html: 'text/html',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
}

export async function servirPaginaMinima(): Promise<{ url: string; dir: string; cerrar: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'pagina-minima-'))
  await build({ configFile: 'scripts/pagina-minima/vite.config.ts', build: { outDir: dir } })
  const servidor = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const archivo = join(dir, path === '/' ? 'index.html' : path)
    if (!archivo.startsWith(dir) || !existsSync(archivo)) {
      res.writeHead(404).end()
      return
    }
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    const cuerpo = readFileSync(archivo)
    res
      .writeHead(200, {
        'Content-Type': TIPOS[archivo.split('.').pop() ?? ''] ?? 'application/octet-stream',
        'Cache-Control': /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      })
      .end(gzip ? gzipSync(cuerpo) : cuerpo)
  })
  await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', listo))
  const { port } = servidor.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    dir,
    cerrar: async () => {
      await new Promise((listo) => servidor.close(listo))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
