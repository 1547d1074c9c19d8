// A reply sent before the request's body was read in full (a refusal for the session, the XSRF
// token, the content type or a throttle, which never look at the body) leaves the rest of that
// body on the connection. The Node adapter drains it for half a second at most and then drops the
// socket, so a client told the connection stays open would send its next request into a closed
// socket and lose it. Such replies say `Connection: close`: the client opens a new connection.
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { EntornoApp } from '../contexto.ts'
import { ponerCabecera } from './cabecera-respuesta.ts'

function traeCuerpo(c: Context<EntornoApp>): boolean {
  const largo = c.req.header('content-length')
  return (largo !== undefined && Number(largo) > 0) || c.req.header('transfer-encoding') !== undefined
}

export const cerrarSiQuedaCuerpo = createMiddleware<EntornoApp>(async (c, next) => {
  await next()
  // The Node request behind this one; absent when the app is called in-process.
  const entrante = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (entrante && !entrante.readableEnded && traeCuerpo(c)) ponerCabecera(c, 'Connection', 'close')
})
