import { randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { EntornoApp } from '../contexto.ts'
import { cabecerasPorDefecto } from './cabecera-respuesta.ts'

/**
 * One event per request: its id, method, path (never the query string, which may carry a token),
 * status and milliseconds. The id is also sent back in `X-Request-Id`, so a student's report of a
 * failure can be matched to its line.
 */
export const registroDePeticiones = createMiddleware<EntornoApp>(async (c, next) => {
  const inicio = performance.now()
  const id = randomUUID()
  c.set('idPeticion', id)
  await cabecerasPorDefecto(c, { 'X-Request-Id': id }, next)
  c.get('deps').log('petición', {
    id,
    metodo: c.req.method,
    ruta: c.req.path,
    status: c.res.status,
    ms: Number((performance.now() - inicio).toFixed(1)),
  })
})
