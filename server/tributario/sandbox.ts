// The sandbox issuer: the portal plays the certified provider itself, so payments get their
// boletas, facturas and notas de crédito on a laptop and in tests with no contract and no network.
// It speaks OpenFactura's REST API (POST /v2/dte/document with the `apikey` and `Idempotency-Key`
// headers and `response: [...]`; GET …/{token}/{pdf|xml|json}) under RUTA_SANDBOX_DTE, so the
// portal reaches it through the same client as Haulmer (openfactura.ts). It keeps its documents in
// the database (table sandbox_dte), as the provider keeps them on its side, so any portal server
// answers for them: folios numbered per type (a unique (tipo, folio) settles two servers numbering
// at once), a repeat of an Idempotency-Key answers the first document, and GET
// …/idempotency/{key} looks one up by key (the check after an unclear result). Its stamp has the
// shape of the SII's TED (DD with RE, TD, F, FE, RR, RSR, MNT, IT1, CAF, TSTED; FRMT) but is signed
// by no CAF the SII issued, and its PDF says 'SIN VALIDEZ TRIBUTARIA' across the page.
import { createHash, randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { esTipoDte, type TipoDte } from '../../src/domain/documento-tributario.ts'
import { nuevaClaveBlob } from '../blobs.ts'
import type { EntornoApp } from '../contexto.ts'
import { esViolacionDeUnicidad } from '../db/connection.ts'
import type { SandboxDteTable } from '../db/schema.ts'
import type { Kysely, Selectable } from 'kysely'
import type { Emisor } from '../../src/domain/documento-tributario.ts'
import type { BlobStore } from '../blobs.ts'
import type { Reloj } from '../contexto.ts'
import type { Database } from '../db/schema.ts'
import { dibujarDocumentoTributario } from './impreso.ts'
import { RUTA_DTE } from './openfactura.ts'

export const RUTA_SANDBOX_DTE = '/sandbox/openfactura'

/** The sandbox's API key: public, like Haulmer's development key. */
export const APIKEY_SANDBOX = 'sandbox-openfactura-sin-validez'

type Fila = Selectable<SandboxDteTable>
type Json = Record<string, unknown>

const rechazo = (c: Context<EntornoApp>, status: 400 | 401 | 404, message: string, details: Json[] = []) =>
  c.json({ error: { message, details } }, status)

export function escaparXml(texto: string): string {
  return texto
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** Characters outside ISO-8859-1 (the TED's charset) become '?', as a 40-character field is cut. */
function latin1(texto: string, largo: number): string {
  // eslint-disable-next-line no-control-regex -- any character past Latin-1
  return texto.replace(/[^\u0000-\u00ff]/g, '?').slice(0, largo)
}

const etiqueta = (nombre: string, valor: string | number) => `<${nombre}>${escaparXml(String(valor))}</${nombre}>`

/** A TED-shaped stamp: the DD the SII's stamp carries, 'signed' with a hash (no CAF of the SII). */
export function construirTed(d: {
  rutEmisor: string
  tipo: TipoDte
  folio: number
  fecha: string
  rutReceptor: string
  razonSocialReceptor: string
  monto: number
  item: string
  momento: string
}): string {
  const caf =
    '<CAF version="1.0"><DA>' +
    etiqueta('RE', d.rutEmisor) +
    '<RS>SANDBOX SIN VALIDEZ</RS>' +
    etiqueta('TD', d.tipo) +
    `<RNG><D>1</D><H>999999</H></RNG><FA>2026-01-01</FA><IDK>100</IDK></DA><FRMA algoritmo="SHA1withRSA">${createHash('sha1').update(`caf:${d.rutEmisor}:${d.tipo}`).digest('base64')}</FRMA></CAF>`
  const dd =
    '<DD>' +
    etiqueta('RE', d.rutEmisor) +
    etiqueta('TD', d.tipo) +
    etiqueta('F', d.folio) +
    etiqueta('FE', d.fecha) +
    etiqueta('RR', d.rutReceptor) +
    etiqueta('RSR', latin1(d.razonSocialReceptor, 40)) +
    etiqueta('MNT', d.monto) +
    etiqueta('IT1', latin1(d.item, 40)) +
    caf +
    etiqueta('TSTED', d.momento.slice(0, 19)) +
    '</DD>'
  const firma = createHash('sha1').update(dd).digest('base64')
  return `<TED version="1.0">${dd}<FRMT algoritmo="SHA1withRSA">${firma}</FRMT></TED>`
}

async function latencia(c: Context<EntornoApp>): Promise<void> {
  const ms = c.var.deps.config.tributario.latenciaSandboxMs ?? 0
  if (ms > 0) await new Promise((r) => setTimeout(r, ms))
}

async function leerBlob(blobs: BlobStore, clave: string): Promise<Uint8Array> {
  const stream = await blobs.get(clave)
  if (!stream) throw new Error(`falta el PDF del documento del sandbox (${clave})`)
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** The document's PDF: stored, or drawn now from what was received (and then stored). */
export async function pdfDelSandbox(ctx: ContextoSandbox, fila: Fila): Promise<Uint8Array> {
  if (fila.pdf_blob) return leerBlob(ctx.blobs, fila.pdf_blob)
  const leido = leerDte(JSON.parse(fila.solicitud))
  if (Array.isArray(leido)) throw new Error(`documento del sandbox ilegible (${fila.token})`)
  const pdf = await pdfDelDocumento(ctx.emisor, leido, fila.folio, fila.ted)
  const clave = nuevaClaveBlob()
  await ctx.blobs.put(clave, pdf)
  const r = await ctx.db
    .updateTable('sandbox_dte')
    .set({ pdf_blob: clave })
    .where('token', '=', fila.token)
    .where('pdf_blob', 'is', null)
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) !== 1) await ctx.blobs.delete(clave)
  return pdf
}

const contexto = (c: Context<EntornoApp>): ContextoSandbox => {
  const { db, blobs, clock, config } = c.var.deps
  return { db, blobs, clock, emisor: config.tributario.emisor }
}

async function respuesta(c: Context<EntornoApp>, fila: Fila): Promise<Json> {
  const pdf = await pdfDelSandbox(contexto(c), fila)
  return {
    TOKEN: fila.token,
    FOLIO: fila.folio,
    PDF: Buffer.from(pdf).toString('base64'),
    XML: Buffer.from(fila.xml, 'utf8').toString('base64'),
    // The stamp itself (Haulmer's TIMBRE may be an image of it; the portal reads the TED from the XML).
    TIMBRE: Buffer.from(fila.ted, 'latin1').toString('base64'),
  }
}

const texto = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

export type Leido = {
  /** The DTE as received. */
  original: unknown
  tipo: TipoDte
  fecha: string
  emisor: Json
  receptor: Json
  monto: number
  item: string
  referencias: Json[]
}

/** The fields the sandbox needs of the DTE, or the list of what is wrong (OpenFactura's `details`). */
export function leerDte(dte: unknown): Leido | Json[] {
  const d = (dte ?? {}) as Json
  const enc = (d.Encabezado ?? {}) as Json
  const idDoc = (enc.IdDoc ?? {}) as Json
  const emisor = (enc.Emisor ?? {}) as Json
  const receptor = (enc.Receptor ?? {}) as Json
  const totales = (enc.Totales ?? {}) as Json
  const detalle = Array.isArray(d.Detalle) ? (d.Detalle as Json[]) : []
  const referencias = Array.isArray(d.Referencia) ? (d.Referencia as Json[]) : []
  const errores: Json[] = []
  const tipo = Number(idDoc.TipoDTE)
  if (!esTipoDte(tipo)) errores.push({ field: 'Encabezado.IdDoc.TipoDTE', issue: 'El sandbox emite solo 41, 34 y 61' })
  const fecha = texto(idDoc.FchEmis)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) errores.push({ field: 'Encabezado.IdDoc.FchEmis', issue: 'Fecha inválida' })
  if (!texto(emisor.RUTEmisor)) errores.push({ field: 'Encabezado.Emisor.RUTEmisor', issue: 'Obligatorio' })
  if (!texto(receptor.RUTRecep)) errores.push({ field: 'Encabezado.Receptor.RUTRecep', issue: 'Obligatorio' })
  if (tipo === 34 && !texto(receptor.GiroRecep))
    errores.push({ field: 'Encabezado.Receptor.GiroRecep', issue: 'Obligatorio en una factura' })
  const monto = Number(totales.MntTotal)
  if (!Number.isInteger(monto) || monto <= 0)
    errores.push({ field: 'Encabezado.Totales.MntTotal', issue: 'Monto inválido' })
  if (detalle.length === 0) errores.push({ field: 'Detalle', issue: 'Al menos una línea' })
  if (tipo === 61 && referencias.length === 0)
    errores.push({ field: 'Referencia', issue: 'Una nota de crédito referencia el documento que corrige' })
  if (errores.length > 0 || !esTipoDte(tipo)) return errores
  return { original: dte, tipo, fecha, emisor, receptor, monto, item: texto(detalle[0]?.NmbItem), referencias }
}

function xmlDelDocumento(l: Leido, folio: number, ted: string, momento: string): string {
  const campos = (obj: Json) =>
    Object.entries(obj)
      .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
      .map(([k, v]) => etiqueta(k, v as string | number))
      .join('')
  const referencias = l.referencias.map((r) => `<Referencia>${campos(r)}</Referencia>`).join('')
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<DTE version="1.0"><Documento ID="T${l.tipo}F${folio}"><Encabezado><IdDoc>` +
    etiqueta('TipoDTE', l.tipo) +
    etiqueta('Folio', folio) +
    etiqueta('FchEmis', l.fecha) +
    `</IdDoc><Emisor>${campos(l.emisor)}</Emisor><Receptor>${campos(l.receptor)}</Receptor>` +
    `<Totales>${etiqueta('MntExe', l.monto)}${etiqueta('MntTotal', l.monto)}</Totales></Encabezado>` +
    `<Detalle>${etiqueta('NroLinDet', 1)}${etiqueta('IndExe', 1)}${etiqueta('NmbItem', l.item)}${etiqueta('QtyItem', 1)}${etiqueta('PrcItem', l.monto)}${etiqueta('MontoItem', l.monto)}</Detalle>` +
    referencias +
    ted +
    etiqueta('TmstFirma', momento.slice(0, 19)) +
    '</Documento></DTE>\n'
  )
}

async function pdfDelDocumento(emisor: Emisor, l: Leido, folio: number, ted: string): Promise<Uint8Array> {
  const receptor = l.receptor
  const razon = texto(receptor.RznSocRecep)
  return dibujarDocumentoTributario({
    tipo: l.tipo,
    folio,
    fechaEmision: l.fecha,
    emisor,
    receptor: {
      rut: texto(receptor.RUTRecep),
      razonSocial: razon,
      giro: texto(receptor.GiroRecep) || null,
      direccion: texto(receptor.DirRecep) || null,
      comuna: texto(receptor.CmnaRecep) || null,
    },
    detalle: [{ nombre: l.item, cantidad: 1, precioUnitario: l.monto, monto: l.monto }],
    montoExento: l.monto,
    total: l.monto,
    referencias: l.referencias.map((r) => ({
      tipo: Number(r.TpoDocRef),
      folio: Number(r.FolioRef),
      fecha: texto(r.FchRef),
      codigo: [1, 2, 3].includes(Number(r.CodRef)) ? (Number(r.CodRef) as 1 | 2 | 3) : null,
      razon: texto(r.RazonRef) || null,
    })),
    ted,
    resolucion: emisor.resolucion,
    sinValidez: true,
  })
}

/** What the sandbox needs to issue: where it keeps its documents and the school as issuer. */
export type ContextoSandbox = { db: Kysely<Database>; blobs: BlobStore; clock: Reloj; emisor: Emisor }

const porClave = (db: Kysely<Database>, clave: string) =>
  db.selectFrom('sandbox_dte').selectAll().where('clave', '=', clave).executeTakeFirst()

/** Issues the document, or answers the one issued under the same key. */
/**
 * Issues the document, or answers the one issued under the same key. `dibujar: false` leaves the
 * PDF to be drawn when first asked for (the demo's seed: drawing a stamp costs a moment each).
 */
export async function emitirEnSandbox(
  ctx: ContextoSandbox,
  clave: string,
  l: Leido,
  { dibujar = true }: { dibujar?: boolean } = {},
): Promise<Fila> {
  const { db, blobs, clock } = ctx
  const previo = await porClave(db, clave)
  if (previo) return previo
  for (let intento = 0; intento < 20; intento++) {
    const ultimo = await db
      .selectFrom('sandbox_dte')
      .select((eb) => eb.fn.max('folio').as('folio'))
      .where('tipo', '=', l.tipo)
      .executeTakeFirst()
    const folio = Number(ultimo?.folio ?? 0) + 1
    const momento = clock().toISOString()
    const ted = construirTed({
      rutEmisor: texto(l.emisor.RUTEmisor),
      tipo: l.tipo,
      folio,
      fecha: l.fecha,
      rutReceptor: texto(l.receptor.RUTRecep),
      razonSocialReceptor: texto(l.receptor.RznSocRecep),
      monto: l.monto,
      item: l.item,
      momento,
    })
    const pdfBlob = dibujar ? nuevaClaveBlob() : null
    if (pdfBlob) await blobs.put(pdfBlob, await pdfDelDocumento(ctx.emisor, l, folio, ted))
    const fila: Fila = {
      token: randomBytes(16).toString('hex'),
      clave,
      tipo: l.tipo,
      folio,
      fecha_emision: l.fecha,
      monto: l.monto,
      rut_receptor: texto(l.receptor.RUTRecep),
      ted,
      xml: xmlDelDocumento(l, folio, ted, momento),
      pdf_blob: pdfBlob,
      solicitud: JSON.stringify(l.original),
      creado_en: momento,
    }
    try {
      await db.insertInto('sandbox_dte').values(fila).execute()
      return fila
    } catch (err) {
      if (pdfBlob) await blobs.delete(pdfBlob)
      if (!esViolacionDeUnicidad(err)) throw err
      // The same key issued meanwhile (answer it), or the folio taken by another server (next one).
      const mismo = await porClave(db, clave)
      if (mismo) return mismo
    }
  }
  throw new Error('el sandbox no pudo numerar el documento')
}

export const apiOpenfacturaSandbox = new Hono<EntornoApp>()
  .use(async (c, next) => {
    if (c.req.header('apikey') !== APIKEY_SANDBOX) return rechazo(c, 401, 'apikey inválida')
    await next()
  })
  .post('/', async (c) => {
    const clave = c.req.header('idempotency-key')?.trim()
    if (!clave) return rechazo(c, 400, 'Falta la cabecera Idempotency-Key')
    let cuerpo: Json
    try {
      cuerpo = (await c.req.json()) as Json
    } catch {
      return rechazo(c, 400, 'El cuerpo no es JSON')
    }
    const leido = leerDte(cuerpo?.dte)
    if (Array.isArray(leido)) return rechazo(c, 400, 'El documento no es válido', leido)
    await latencia(c)
    const fila = await emitirEnSandbox(contexto(c), clave, leido)
    return c.json(await respuesta(c, fila))
  })
  .get('/idempotency/:clave', async (c) => {
    await latencia(c)
    const fila = await porClave(c.var.deps.db, c.req.param('clave'))
    if (!fila) return rechazo(c, 404, 'No hay un documento con esa clave')
    return c.json(await respuesta(c, fila))
  })
  .get('/:token/:valor', async (c) => {
    const fila = await c.var.deps.db
      .selectFrom('sandbox_dte')
      .selectAll()
      .where('token', '=', c.req.param('token'))
      .executeTakeFirst()
    if (!fila) return rechazo(c, 404, 'Documento no encontrado')
    const completo = await respuesta(c, fila)
    switch (c.req.param('valor')) {
      case 'pdf':
        return c.json({ pdf: completo.PDF })
      case 'xml':
        return c.json({ xml: completo.XML })
      case 'json':
        return c.json({ folio: fila.folio, tipo: fila.tipo, fecha: fila.fecha_emision, monto: fila.monto })
      default:
        return rechazo(c, 404, 'Valor desconocido')
    }
  })

/** Mounted at RUTA_SANDBOX_DTE (only with EMISOR_TRIBUTARIO=sandbox): the API under its usual path. */
export const rutasOpenfacturaSandbox = new Hono<EntornoApp>().route(RUTA_DTE, apiOpenfacturaSandbox)
