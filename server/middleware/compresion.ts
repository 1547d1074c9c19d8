// API replies in JSON are compressed when they are big enough to gain from it (the lookups, the
// person, the documents list): on a weak phone signal the bytes cost more than the CPU. Small
// replies go as they are, since a compressed 100-byte reply is no smaller.
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { EntornoApp } from '../contexto.ts'
import { cabecerasPorDefecto } from './cabecera-respuesta.ts'

export const UMBRAL_COMPRESION_BYTES = 1024

const comprimirBr = promisify(brotliCompress)
const comprimirGzip = promisify(gzip)

/** The best encoding of ours the browser accepts (a q of 0 refuses it), Brotli first. */
export function codificacionAceptada(cabecera: string | undefined): 'br' | 'gzip' | null {
  const calidades = new Map<string, number>()
  for (const parte of (cabecera ?? '').split(',')) {
    const [nombre = '', ...parametros] = parte.split(';').map((s) => s.trim().toLowerCase())
    const q = parametros.find((p) => p.startsWith('q='))
    calidades.set(nombre, q ? Number(q.slice(2)) || 0 : 1)
  }
  const calidad = (nombre: string) => calidades.get(nombre) ?? calidades.get('*') ?? 0
  if (calidad('br') > 0) return 'br'
  if (calidad('gzip') > 0) return 'gzip'
  return null
}

/**
 * The reply with another body, status and headers as they were. Set on an emptied `c.res`: Hono's
 * setter would otherwise copy the new reply once more through a stream, to merge the headers it
 * already carries.
 */
function reemplazarCuerpo(c: Context<EntornoApp>, cuerpo: BodyInit): void {
  const nueva = new Response(cuerpo, c.res)
  c.res = undefined
  c.res = nueva
}

const VARIA_CON_LA_CODIFICACION = { Vary: 'Accept-Encoding' }

// Every API reply says it varies with Accept-Encoding (set ahead, see cabecerasPorDefecto), and the
// reply is looked at only when the client accepts an encoding: touching its headers or body makes
// the Node adapter build the full web Response that it otherwise skips.
export const compresionJson = createMiddleware<EntornoApp>(async (c, next) => {
  await cabecerasPorDefecto(c, VARIA_CON_LA_CODIFICACION, next)
  const codificacion = codificacionAceptada(c.req.header('accept-encoding'))
  if (!codificacion) return
  const tipo = c.res.headers.get('content-type') ?? ''
  if (!tipo.startsWith('application/json') || c.res.headers.has('content-encoding') || !c.res.body) return
  const cuerpo = Buffer.from(await c.res.arrayBuffer())
  if (cuerpo.length < UMBRAL_COMPRESION_BYTES) {
    reemplazarCuerpo(c, cuerpo)
    return
  }
  const comprimido =
    codificacion === 'br'
      ? await comprimirBr(cuerpo, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: cuerpo.length },
        })
      : await comprimirGzip(cuerpo)
  reemplazarCuerpo(c, comprimido)
  c.res.headers.set('Content-Encoding', codificacion)
  c.res.headers.set('Content-Length', String(comprimido.length))
})
