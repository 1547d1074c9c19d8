import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../contexto.ts'

/** One line per request: method, path (never the query string, which may carry a token), status, ms. */
export const registroDePeticiones = createMiddleware<AppEnv>(async (c, next) => {
  const inicio = performance.now()
  await next()
  const ms = (performance.now() - inicio).toFixed(1)
  c.var.deps.log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`)
})
