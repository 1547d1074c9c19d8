import type { ServerResponse } from 'node:http'
import type { Context, Next } from 'hono'

/**
 * Sets (or, with `agregar`, adds) a header, also on the reply a handler already returned, for
 * middleware that runs after it. Hono's `c.header()` at that point first copies the reply into a
 * new one (in case its headers cannot change), reading its body as a stream: the Node adapter then
 * builds the full web Response it otherwise skips, and sends the body chunk by chunk instead of in
 * one write, once for every header set that way. The replies the portal builds (`c.json`,
 * `c.text`, `Response.json`, static files) all have headers that can change; one that cannot (a
 * reply fetched from elsewhere, `Response.redirect`) refuses the change and goes the copying way.
 */
export function ponerCabecera(c: Context, nombre: string, valor: string, { agregar = false } = {}): void {
  if (c.finalized) {
    try {
      if (agregar) c.res.headers.append(nombre, valor)
      else c.res.headers.set(nombre, valor)
      return
    } catch {
      // Headers that cannot change: the copying way below.
    }
  }
  c.header(nombre, valor, { append: agregar })
}

/**
 * Headers every reply carries unless it sets its own, around `next` (the rest of the request).
 * Behind the Node server they go on Node's response before the reply exists: Node writes them with
 * the reply's headers, the reply's value winning for a name both have. Set on the finished reply
 * instead, the first one turns its headers into a web Headers object that the Node adapter must
 * copy back for Node: on a small JSON read that work, with the log line, was a fifth of the
 * server's time. Called in process (no Node response), they go on the finished reply, where it has
 * none of its own.
 */
export async function cabecerasPorDefecto(
  c: Context,
  cabeceras: Readonly<Record<string, string>>,
  next: Next,
): Promise<void> {
  const salida = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
  if (salida) {
    for (const nombre in cabeceras) salida.setHeader(nombre, cabeceras[nombre]!)
    return next()
  }
  await next()
  for (const nombre in cabeceras) if (!c.res.headers.has(nombre)) ponerCabecera(c, nombre, cabeceras[nombre]!)
}
