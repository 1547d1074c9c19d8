// The built PWA from dist/ (design: 'One origin, one server'). Client routes work on reload
// because any other GET outside /api gets index.html.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import type { AppEnv } from './contexto.ts'

// These must be revalidated on every load: they decide which version of the app runs
// (design: 'Offline'). Hashed files under /assets/ never change, so they are cached for a year.
const SIN_CACHE = 'no-cache'
const INMUTABLE = 'public, max-age=31536000, immutable'

function cacheControl(ruta: string): string {
  return ruta.startsWith('/assets/') ? INMUTABLE : SIN_CACHE
}

export function estaticos(distDir: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  if (!existsSync(distDir)) {
    app.get('*', (c) => c.text('La aplicación no está compilada: ejecute `npm run build` (la API /api funciona igual).', 404))
    return app
  }
  const indice = join(distDir, 'index.html')
  app.use(
    '*',
    serveStatic({
      root: distDir,
      onFound: (_ruta, c) => {
        c.header('Cache-Control', cacheControl(c.req.path))
      },
    }),
  )
  app.get('*', async (c, next) => {
    // A missing hashed asset is a 404, not the app shell: the browser asked for a script.
    if (c.req.path.startsWith('/assets/') || !existsSync(indice)) return next()
    return serveStatic({ path: indice, onFound: (_r, ctx) => void ctx.header('Cache-Control', SIN_CACHE) })(c, next)
  })
  return app
}
