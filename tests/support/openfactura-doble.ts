// A stand-in for Haulmer's OpenFactura in the test process, as a real HTTP server with real
// latency (hundreds of milliseconds) that fails on demand: the provider the tax-document tests
// point OPENFACTURA_URL at. It keeps its documents by Idempotency-Key (a repeat answers the first
// document, as the provider does), numbers folios per type, and answers the lookup by key. Faults,
// each used once, in order:
// - 'error-500': answers 500 and issues nothing;
// - 'rechazo': answers 400 with OpenFactura's error shape (bad data) and issues nothing;
// - 'colgar': issues the document, then never answers (the client times out);
// - 'cortar': issues the document, then cuts the connection (a reset);
// - a function: issues the document, calls it (e.g. to kill the portal), then never answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { construirTed } from '../../server/tributario/sandbox.ts'

export const APIKEY_DOBLE = 'clave-del-doble'

export type Falla = 'error-500' | 'rechazo' | 'colgar' | 'cortar' | (() => void | Promise<void>)

export type DocumentoDoble = {
  clave: string
  tipo: number
  folio: number
  monto: number
  json: Record<string, unknown>
}

export type OpenfacturaDoble = {
  url: string
  latenciaMs: number
  /** Faults for the next POSTs, one each. */
  fallas: Falla[]
  /** Every document issued, by key. */
  documentos: Map<string, DocumentoDoble>
  /** POSTs received per key, and lookups per key. */
  envios: Map<string, number>
  consultas: Map<string, number>
  cerrar(): Promise<void>
}

const PDF = Buffer.from('%PDF-1.4\n% documento del doble de OpenFactura\n%%EOF\n')

function leer(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let cuerpo = ''
    req.setEncoding('utf8')
    req.on('data', (t: string) => (cuerpo += t))
    req.on('end', () => resolve(cuerpo))
    req.on('error', reject)
  })
}

function responder(res: ServerResponse, status: number, cuerpo: unknown) {
  const texto = JSON.stringify(cuerpo)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(texto) })
  res.end(texto)
}

export async function iniciarOpenfacturaDoble(latenciaMs = 300): Promise<OpenfacturaDoble> {
  const documentos = new Map<string, DocumentoDoble>()
  const envios = new Map<string, number>()
  const consultas = new Map<string, number>()
  const folios = new Map<number, number>()
  const colgadas = new Set<ServerResponse>()
  const doble: OpenfacturaDoble = {
    url: '',
    latenciaMs,
    fallas: [],
    documentos,
    envios,
    consultas,
    async cerrar() {
      for (const r of colgadas) r.destroy()
      await new Promise<void>((resolve) => servidor.close(() => resolve()))
    },
  }

  function emitir(clave: string, dte: Record<string, any>): DocumentoDoble {
    const previo = documentos.get(clave)
    if (previo) return previo
    const tipo = Number(dte.Encabezado.IdDoc.TipoDTE)
    const folio = (folios.get(tipo) ?? 1000) + 1
    folios.set(tipo, folio)
    const fecha = String(dte.Encabezado.IdDoc.FchEmis)
    const monto = Number(dte.Encabezado.Totales.MntTotal)
    const ted = construirTed({
      rutEmisor: dte.Encabezado.Emisor.RUTEmisor,
      tipo: tipo as 41,
      folio,
      fecha,
      rutReceptor: dte.Encabezado.Receptor.RUTRecep,
      razonSocialReceptor: dte.Encabezado.Receptor.RznSocRecep,
      monto,
      item: dte.Detalle[0].NmbItem,
      momento: new Date().toISOString(),
    })
    const xml = `<?xml version="1.0" encoding="UTF-8"?><DTE version="1.0"><Documento><Encabezado><IdDoc><TipoDTE>${tipo}</TipoDTE><Folio>${folio}</Folio><FchEmis>${fecha}</FchEmis></IdDoc></Encabezado>${ted}</Documento></DTE>`
    const doc = {
      clave,
      tipo,
      folio,
      monto,
      json: {
        TOKEN: `tok-${tipo}-${folio}`,
        FOLIO: folio,
        PDF: PDF.toString('base64'),
        XML: Buffer.from(xml).toString('base64'),
        TIMBRE: '',
      },
    }
    documentos.set(clave, doc)
    return doc
  }

  const servidor: Server = createServer(async (req, res) => {
    const esperar = () => new Promise((r) => setTimeout(r, doble.latenciaMs))
    if (req.headers.apikey !== APIKEY_DOBLE) return responder(res, 401, { error: { message: 'apikey inválida' } })
    const url = new URL(req.url ?? '/', 'http://doble')
    const consulta = /^\/v2\/dte\/document\/idempotency\/(.+)$/.exec(url.pathname)
    if (req.method === 'GET' && consulta) {
      const clave = decodeURIComponent(consulta[1]!)
      consultas.set(clave, (consultas.get(clave) ?? 0) + 1)
      await esperar()
      const doc = documentos.get(clave)
      return doc ? responder(res, 200, doc.json) : responder(res, 404, { error: { message: 'No encontrado' } })
    }
    if (req.method !== 'POST' || url.pathname !== '/v2/dte/document')
      return responder(res, 404, { error: { message: 'Ruta desconocida' } })
    const clave = String(req.headers['idempotency-key'] ?? '')
    if (!clave) return responder(res, 400, { error: { message: 'Falta Idempotency-Key' } })
    envios.set(clave, (envios.get(clave) ?? 0) + 1)
    const cuerpo = JSON.parse(await leer(req)) as { dte: Record<string, any> }
    await esperar()
    const falla = doble.fallas.shift()
    if (falla === 'error-500') return responder(res, 500, { error: { message: 'Servicio no disponible' } })
    if (falla === 'rechazo')
      return responder(res, 400, {
        error: { message: 'Documento inválido', details: [{ field: 'Receptor.GiroRecep', issue: 'requerido' }] },
      })
    const doc = emitir(clave, cuerpo.dte)
    if (falla === 'colgar') {
      colgadas.add(res)
      return
    }
    if (falla === 'cortar') return req.socket.destroy()
    if (typeof falla === 'function') {
      colgadas.add(res)
      await falla()
      return
    }
    return responder(res, 200, doc.json)
  })
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve))
  doble.url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`
  return doble
}

/** The environment of a portal issuing through the double (fast tries, so a test sees retries). */
export function entornoOpenfacturaDoble(doble: OpenfacturaDoble): Record<string, string> {
  return {
    EMISOR_TRIBUTARIO: 'openfactura',
    OPENFACTURA_URL: doble.url,
    OPENFACTURA_APIKEY: APIKEY_DOBLE,
    EMISOR_RUT: '76000100-7',
    EMISOR_RAZON_SOCIAL: 'Escuela de Postgrado de Prueba SpA',
    EMISOR_GIRO: 'Enseñanza de postgrado',
    EMISOR_ACTECO: '854200',
    EMISOR_DIRECCION: 'Calle de Prueba 100',
    EMISOR_COMUNA: 'Santiago',
    TRIBUTARIO_INTERVALO_S: '0.2',
    TRIBUTARIO_TIMEOUT_S: '1',
    TRIBUTARIO_ESPERA_S: '0.3',
  }
}
