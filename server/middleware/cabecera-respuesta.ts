import type { Context } from 'hono'

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
