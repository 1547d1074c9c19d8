// Haulmer's OpenFactura REST API, the client every issuing mode but 'erp' uses: against
// OPENFACTURA_URL (Haulmer's production or development host) or against the portal's own sandbox
// (sandbox.ts), which speaks the same API, so tests exercise this very client.
//
//   POST {url}/v2/dte/document   headers: apikey, Idempotency-Key (our reference)
//        { response: ['PDF', 'XML', 'FOLIO', 'TIMBRE'], dte: { Encabezado, Detalle, Referencia? } }
//   → 200 { TOKEN, FOLIO, PDF (base64), XML (base64), TIMBRE }
//   → 4xx/5xx { error: { message, code?, details?: [{ field, issue }] } }
//
// What Haulmer's public documentation and published integrations confirm, and what not, is in
// server/README.md ('Tax documents'): the lookup by reference (GET …/idempotency/{clave}) is the
// sandbox's; against Haulmer a 404 there reads as 'none', and the scheduler then sends the same
// request with the same Idempotency-Key, which returns the first document.
import { esTipoDte, type TipoDte } from '../../src/domain/documento-tributario.ts'
import { ErrorEmisor, type ClienteTributario, type DocumentoDelProveedor } from './cliente.ts'
import { mensajeDeFallo } from '../bitacora.ts'

export const RUTA_DTE = '/v2/dte/document'
export const RESPUESTA_PEDIDA = ['PDF', 'XML', 'FOLIO', 'TIMBRE'] as const

export type ConfigOpenfactura = {
  url: string
  apiKey: string
  timeoutMs?: number
  /** How requests are sent: the global fetch, or the sandbox's routes in this process. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

/** The <TED …>…</TED> element of a DTE's XML, or null. */
export function tedDelXml(xml: string): string | null {
  return /<TED\b[\s\S]*?<\/TED>/.exec(xml)?.[0] ?? null
}

function etiqueta(xml: string, nombre: string): string | null {
  return new RegExp(`<${nombre}>([^<]*)</${nombre}>`).exec(xml)?.[1]?.trim() ?? null
}

function base64(valor: unknown): Uint8Array | null {
  return typeof valor === 'string' && valor.length > 0 ? new Uint8Array(Buffer.from(valor, 'base64')) : null
}

/** A provider's reply as our document: folio and XML are required; the TED comes from the XML. */
export function leerRespuesta(json: Record<string, unknown>, tipoPedido: TipoDte | null): DocumentoDelProveedor {
  const xml = base64(json.XML)
  const folio = Number(json.FOLIO)
  if (!xml || !Number.isInteger(folio) || folio <= 0)
    throw new ErrorEmisor('El emisor respondió sin folio o sin XML.', null, false)
  const texto = Buffer.from(xml).toString('utf8')
  const ted = tedDelXml(texto)
  if (!ted) throw new ErrorEmisor('El XML del documento no trae su timbre electrónico (TED).', null, false)
  const tipo = Number(etiqueta(texto, 'TipoDTE') ?? tipoPedido)
  const fecha = etiqueta(texto, 'FchEmis')
  if (!esTipoDte(tipo) || !fecha) throw new ErrorEmisor('El XML del documento no trae su tipo o su fecha.', null, false)
  return {
    tipo,
    folio,
    fechaEmision: fecha,
    ted,
    token: typeof json.TOKEN === 'string' ? json.TOKEN : null,
    pdf: base64(json.PDF),
    xml,
  }
}

/** OpenFactura's error message, with its details ('Receptor.RUTRecep: inválido'). */
function mensajeDeError(json: unknown, status: number): string {
  const error = (json as { error?: { message?: unknown; details?: unknown } } | null)?.error
  const mensaje = typeof error?.message === 'string' ? error.message : `El emisor respondió ${status}`
  const detalles = Array.isArray(error?.details)
    ? error.details
        .map((d: { field?: unknown; issue?: unknown }) =>
          [d.field, d.issue].filter((x) => typeof x === 'string' && x).join(': '),
        )
        .filter(Boolean)
    : []
  return detalles.length > 0 ? `${mensaje} (${detalles.join('; ')})` : mensaje
}

export function crearClienteOpenfactura({
  url,
  apiKey,
  timeoutMs = 30_000,
  fetch: enviar = (u, init) => fetch(u, init),
}: ConfigOpenfactura): ClienteTributario {
  const base = `${url.replace(/\/+$/, '')}${RUTA_DTE}`

  async function llamar(metodo: 'GET' | 'POST', ruta: string, cuerpo?: unknown, clave?: string) {
    let res: Response
    let texto: string
    try {
      const headers: Record<string, string> = { apikey: apiKey, 'Content-Type': 'application/json' }
      if (clave) headers['Idempotency-Key'] = clave
      const init: RequestInit = { method: metodo, headers, signal: AbortSignal.timeout(timeoutMs) }
      if (cuerpo !== undefined) init.body = JSON.stringify(cuerpo)
      res = await enviar(`${base}${ruta}`, init)
      texto = await res.text()
    } catch (err) {
      throw new ErrorEmisor(`El emisor no respondió: ${mensajeDeFallo(err)}`, null, false)
    }
    let json: unknown = null
    try {
      json = texto ? JSON.parse(texto) : {}
    } catch {
      if (res.ok) throw new ErrorEmisor(`El emisor respondió ${res.status} con un cuerpo que no es JSON`, null, false)
    }
    return { res, json }
  }

  const definitivo = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429

  return {
    async emitir(dte, clave) {
      const { res, json } = await llamar('POST', '', { response: RESPUESTA_PEDIDA, dte }, clave)
      if (!res.ok) throw new ErrorEmisor(mensajeDeError(json, res.status), res.status, definitivo(res.status))
      const tipo = Number((dte as { Encabezado?: { IdDoc?: { TipoDTE?: unknown } } }).Encabezado?.IdDoc?.TipoDTE)
      return leerRespuesta(json as Record<string, unknown>, esTipoDte(tipo) ? tipo : null)
    },
    async buscar(clave) {
      const { res, json } = await llamar('GET', `/idempotency/${encodeURIComponent(clave)}`)
      if (res.status === 404) return null
      if (!res.ok) throw new ErrorEmisor(mensajeDeError(json, res.status), res.status, false)
      return leerRespuesta(json as Record<string, unknown>, null)
    },
  }
}
