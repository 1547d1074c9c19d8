import { getConnInfo } from '@hono/node-server/conninfo'
import { createMiddleware } from 'hono/factory'
import type { EntornoApp } from '../contexto.ts'

/**
 * The client's address for throttling. X-Forwarded-For is trusted only with TRUST_PROXY=1, and
 * then its last entry: the one our own proxy appended (earlier entries are whatever the client sent).
 */
export const ipCliente = createMiddleware<EntornoApp>(async (c, next) => {
  let ip = getConnInfo(c).remote.address ?? 'desconocida'
  if (c.get('deps').config.trustProxy) {
    const reenviada = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1)
    if (reenviada) ip = reenviada
  }
  c.set('ip', ip)
  await next()
})
