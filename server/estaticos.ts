// The built PWA from dist/. Client routes work on reload
// because any other GET outside /api gets index.html.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import type { EntornoApp } from './contexto.ts'

// These must be revalidated on every load: they decide which version of the app runs.
// Hashed files under /assets/ never change, so they are cached for a year.
const SIN_CACHE = 'no-cache'
const INMUTABLE = 'public, max-age=31536000, immutable'

function cacheControl(ruta: string): string {
  return ruta.startsWith('/assets/') ? INMUTABLE : SIN_CACHE
}

// The build writes Brotli and gzip copies beside each text file (vite.config.ts); serveStatic
// sends the best one the browser accepts. Every reply says it depends on Accept-Encoding, also the
// uncompressed one, so a shared cache never hands a compressed copy to a browser that cannot read it.
function alEncontrar(cache: string) {
  return (_ruta: string, c: Context<EntornoApp>) => {
    c.header('Cache-Control', cache)
    c.header('Vary', 'Accept-Encoding')
  }
}

export function estaticos(distDir: string): Hono<EntornoApp> {
  const app = new Hono<EntornoApp>()
  if (!existsSync(distDir)) {
    app.get('*', (c) =>
      c.text('La aplicación no está compilada: ejecute `npm run build` (la API /api funciona igual).', 404),
    )
    return app
  }
  const indice = join(distDir, 'index.html')
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (ruta, c) => alEncontrar(cacheControl(c.req.path))(ruta, c),
    }),
  )
  app.get('*', async (c, next) => {
    // A missing hashed asset is a 404, not the app shell: the browser asked for a script.
    if (c.req.path.startsWith('/assets/') || !existsSync(indice)) return next()
    return serveStatic({ path: indice, precompressed: true, onFound: alEncontrar(SIN_CACHE) })(c, next)
  })
  return app
}
