// The CRM's API credentials (/api/integracion/v1): an API key in `Authorization: Bearer <clave>`,
// never a cookie. A request's key must be present, known and not revoked (401 otherwise, with the
// scheme it asks for), and is counted against its throttle (429 with Retry-After); each endpoint
// then asks for its scope (403). Nothing is read before this passes.
import { createMiddleware } from 'hono/factory'
import {
  MENSAJE_ALCANCE_INSUFICIENTE,
  MENSAJE_CLAVE_INVALIDA,
  type AlcanceIntegracion,
} from '../../src/domain/integracion.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { autenticarClave, type ClaveAutenticada } from '../integracion/claves.ts'
import { contar, respuestaLimite } from './limites.ts'

export type EntornoIntegracion = EntornoApp & { Variables: { clave: ClaveAutenticada } }

/** The key of `Authorization: Bearer <clave>`, or null. */
function claveDeCabecera(cabecera: string | undefined): string | null {
  const coincidencia = /^Bearer\s+(\S+)\s*$/i.exec(cabecera ?? '')
  return coincidencia?.[1] ?? null
}

/** The caller's key, authenticated and throttled, set as `c.var.clave`. */
export const autenticacionClave = createMiddleware<EntornoIntegracion>(async (c, next) => {
  const { db, clock, config } = c.var.deps
  const token = claveDeCabecera(c.req.header('authorization'))
  const ahora = clock()
  const clave = token ? await autenticarClave(db, token, ahora) : null
  if (!clave) {
    c.header('WWW-Authenticate', 'Bearer realm="integracion"')
    return rechazar(c, 401, MENSAJE_CLAVE_INVALIDA)
  }
  const estado = await contar(db, `integracion:${clave.id}`, config.limites.integracionClave, ahora)
  if (estado.excedido) return respuestaLimite(c, estado)
  c.set('clave', clave)
  await next()
})

/** The endpoint's scope: a key without it gets 403. */
export function requiereAlcance(alcance: AlcanceIntegracion) {
  return createMiddleware<EntornoIntegracion>(async (c, next) => {
    if (!c.var.clave.alcances.includes(alcance)) return rechazar(c, 403, MENSAJE_ALCANCE_INSUFICIENTE)
    await next()
  })
}
