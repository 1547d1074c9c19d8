// A form body (urlencoded or multipart) is bounded in how many fields and files it carries, not
// only in bytes: under the size limit, 100 KB of `a=1&` is 25,000 fields, and parsing them all
// (the gateway's return, the sandbox's pages, the fingerprint of an idempotent upload) costs far
// more than the bytes suggest. The body is counted as it is read, by whoever reads it: the first
// part over the limit fails the read, so nothing parses the rest and the rest is never read, and
// the reply becomes 413 whatever the reader made of the failure. A request refused before its body
// is read (no session, the wrong content type) is not read at all. No form of the portal comes
// near the limit: the gateway's return has at most four fields, an upload its file and two or
// three fields, the sandbox's card form five.
import { createMiddleware } from 'hono/factory'
import type { EntornoApp } from '../contexto.ts'
import { respuestaDeRechazo } from '../http/respuesta.ts'
import { SIN_CUERPO } from './limite-cuerpo.ts'

/** Fields and files together. */
export const MAXIMO_PARTES_FORMULARIO = 16

export const MENSAJE_DEMASIADOS_CAMPOS = 'El formulario enviado tiene demasiados campos.'

/** How a body of this type separates its parts, or null when it is not a form. */
function separador(tipo: string | undefined): Uint8Array | null {
  const [medio = '', ...parametros] = (tipo ?? '').split(';').map((p) => p.trim())
  const media = medio.toLowerCase()
  if (media === 'application/x-www-form-urlencoded') return new TextEncoder().encode('&')
  if (media !== 'multipart/form-data') return null
  const boundary = parametros.map((p) => /^boundary="?([^";]+)"?$/i.exec(p)?.[1]).find((b) => b !== undefined)
  // Without a boundary nothing can parse it: the endpoint refuses it as malformed.
  return boundary ? new TextEncoder().encode(`--${boundary}`) : null
}

/**
 * Counts `aguja` in a body arriving in pieces, the pieces' seams included: the last bytes of each
 * piece are kept to be searched again with the next one.
 */
function contador(aguja: Uint8Array) {
  let cola = Buffer.alloc(0)
  let total = 0
  return (trozo: Uint8Array): number => {
    const datos = Buffer.concat([cola, trozo])
    for (let i = datos.indexOf(aguja); i !== -1; i = datos.indexOf(aguja, i + aguja.length)) total++
    cola = datos.subarray(Math.max(0, datos.length - (aguja.length - 1)))
    return total
  }
}

/** What a read of a body over the limit fails with (the app answers it with 413, unlogged). */
export class DemasiadosCampos extends Error {
  constructor() {
    super(MENSAJE_DEMASIADOS_CAMPOS)
    this.name = 'DemasiadosCampos'
  }
}

export function respuestaDemasiadosCampos(): Response {
  // The rest of the body is left unread on the connection, which cannot carry another request.
  return respuestaDeRechazo(413, MENSAJE_DEMASIADOS_CAMPOS, { headers: { Connection: 'close' } })
}

export const limiteDeCampos = createMiddleware<EntornoApp>(async (c, next) => {
  // The content type first: asking a bodiless request for its body makes the Node adapter build
  // the full web Request for nothing.
  const aguja = separador(c.req.header('content-type'))
  if (!aguja || SIN_CUERPO.has(c.req.method)) return next()
  const cuerpo = c.req.raw.body
  if (!cuerpo) return next()
  // urlencoded: fields are one more than their '&'; multipart: every part opens with the
  // delimiter, and one more closes the body.
  const maximoSeparadores = aguja.length === 1 ? MAXIMO_PARTES_FORMULARIO - 1 : MAXIMO_PARTES_FORMULARIO + 1
  const contar = contador(aguja)
  const lector = cuerpo.getReader()
  let excedido = false
  // A high-water mark of 0: nothing is read until someone reads. With the default of one chunk
  // the stream pulls a chunk as soon as it exists, so a request refused without reading its body
  // (415, 401…) would still have it read, and counted, while the refusal waited on the database.
  const acotado = new ReadableStream<Uint8Array>(
    {
      async pull(control) {
        const { done, value } = await lector.read()
        if (done) return control.close()
        if (contar(value) > maximoSeparadores) {
          excedido = true
          control.error(new DemasiadosCampos())
          return
        }
        control.enqueue(value)
      },
      // Never cancelled upstream: that would drop the socket before the reply is sent.
      cancel: () => lector.releaseLock(),
    },
    { highWaterMark: 0 },
  )
  c.req.raw = new Request(c.req.raw, { body: acotado, duplex: 'half' } as RequestInit)
  await next()
  if (excedido) {
    // A new reply, not merged with the headers of whatever the reader answered.
    c.res = undefined
    c.res = respuestaDemasiadosCampos()
  }
})
