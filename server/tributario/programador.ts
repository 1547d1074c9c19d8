// The durable scheduler of tax documents, run by every server every few seconds (as the notice
// scheduler, server/notificaciones/programador.ts, whose approach this follows): the work lives in
// the database (documentos_tributarios, queued in the transaction that approved the payment or
// applied the refund), and each document is taken by one server at a time through a lease written
// by a conditional update (`tomado_por`, `tomado_hasta`). The provider is asked with our reference
// as its Idempotency-Key, so a repeat returns the first document. A try that ends without a clear
// answer (timeout, connection cut, 5xx) may have issued the document: the next try, by this or
// another server, first looks it up by that reference, and so does any try after one that never
// ended (a server killed mid-call leaves its lease to run out; `intentos` says a try began). A
// provider's refusal (a 4xx: bad data, no folios) is final until staff retry it ('error', with the
// provider's message). Other failures are tried again with growing waits, never given up: a
// document still pending after PLAZO_DOCUMENTO_PENDIENTE_HORAS is shown on the staff's home and
// mailed to the admins, once. The payment never waits for any of this.
//
// On issue, in one transaction with the row's new state: the notice 'documento-emitido' (bell,
// push and the e-mail digest, as the student chose). The PDF and XML go to the blob store first,
// under keys the server chooses; a write that lost its lease deletes its copies.
import { randomUUID } from 'node:crypto'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import {
  avisoDocumentoTributario,
  esTipoDte,
  nombreTipoDte,
  type CodigoReferencia,
  type TipoDte,
} from '../../src/domain/documento-tributario.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import { formatearClp } from '../../src/domain/moneda.ts'
import { urlResultadoPago } from '../../src/domain/urls.ts'
import { mensajeDeFallo, type Log } from '../bitacora.ts'
import { nuevaClaveBlob, type BlobStore } from '../blobs.ts'
import type { ConfigApp, Dependencias, Reloj } from '../contexto.ts'
import type { Correo } from '../correo.ts'
import type { Db } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'
import { notificar } from '../notificaciones/notificar.ts'
import { ErrorEmisor, type ClienteTributario, type DocumentoDelProveedor } from './cliente.ts'
import { receptorDeFila, type FilaDocumento } from './documentos.ts'
import { construirDte } from './dte.ts'

export type DependenciasTributario = {
  db: Db
  clock: Reloj
  log: Log
  correo: Correo
  blobs: BlobStore
  config: Pick<ConfigApp, 'tributario' | 'publicUrl'>
  /** null with EMISOR_TRIBUTARIO=erp: the ERP pushes the documents. */
  tributario: ClienteTributario | null
}

/** The waits after the n-th failed try, in units of TRIBUTARIO_ESPERA_S (30 s: 30 s, 1 min, 5 min, 30 min, 2 h, then every 6 h). */
const FACTORES_ESPERA = [1, 2, 10, 60, 240, 720]
/** Documents looked at per run; the rest wait for the next one. */
const POR_RONDA = 20

type Filtro = (eb: ExpressionBuilder<Database, 'documentos_tributarios'>) => Expression<SqlBool>

const libre =
  (ahora: string): Filtro =>
  (eb) =>
    eb.and([
      eb('estado', '=', 'pendiente'),
      eb('disponible_desde', '<=', ahora),
      eb.or([eb('tomado_hasta', 'is', null), eb('tomado_hasta', '<', ahora)]),
    ])

/** Longer than a lookup and a send with their timeouts. */
export function plazoToma(config: Pick<ConfigApp, 'tributario'>): number {
  return 3 * config.tributario.timeoutMs
}

export function espera(config: Pick<ConfigApp, 'tributario'>, intentos: number): number {
  const factor = FACTORES_ESPERA[Math.min(Math.max(intentos, 1), FACTORES_ESPERA.length) - 1] ?? 720
  return factor * config.tributario.esperaMs
}

async function tomar(
  deps: DependenciasTributario,
  id: string,
  ahora: Date,
): Promise<{ token: string; fila: FilaDocumento } | null> {
  const token = randomUUID()
  const momento = ahora.toISOString()
  const tomado = await deps.db
    .updateTable('documentos_tributarios')
    .set((eb) => ({
      tomado_por: token,
      tomado_hasta: new Date(ahora.getTime() + plazoToma(deps.config)).toISOString(),
      intentos: eb('intentos', '+', 1),
    }))
    .where('id', '=', id)
    .where(libre(momento))
    .executeTakeFirst()
  if (Number(tomado.numUpdatedRows) !== 1) return null
  const fila = await deps.db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('id', '=', id)
    .where('tomado_por', '=', token)
    .executeTakeFirst()
  return fila ? { token, fila } : null
}

/** Settles a row this run holds; one whose lease ran out and another run took is left alone. */
async function cerrar(
  deps: DependenciasTributario,
  token: string,
  id: string,
  valores: Partial<{ estado: string; error: string | null; disponible_desde: string; dudoso: number }>,
  devolverIntento = false,
): Promise<void> {
  await deps.db
    .updateTable('documentos_tributarios')
    .set((eb) => ({ ...valores, tomado_hasta: null, ...(devolverIntento ? { intentos: eb('intentos', '-', 1) } : {}) }))
    .where('id', '=', id)
    .where('tomado_por', '=', token)
    .where('estado', '=', 'pendiente')
    .execute()
}

type Referida = { tipo: TipoDte; folio: number; fecha: string; codigo: CodigoReferencia }

/**
 * Records an issued document on the row this run holds, with its files and the student's notice,
 * once: the files first (under new keys), then the row and the notice in one transaction. Exported
 * for the ERP's push, which records documents the same way (`token` null: no lease to hold).
 */
export async function registrarEmitido(
  deps: Pick<DependenciasTributario, 'db' | 'blobs' | 'clock' | 'log'>,
  fila: FilaDocumento,
  token: string | null,
  doc: {
    folio: number
    fechaEmision: string
    ted: string | null
    token: string | null
    /** null: the provider sent none; drawn from the TED when first downloaded (documentos.ts). */
    pdf: Uint8Array | null
    xml: Uint8Array
  },
): Promise<boolean> {
  const pdfBlob = doc.pdf ? nuevaClaveBlob() : null
  const xmlBlob = nuevaClaveBlob()
  if (pdfBlob && doc.pdf) await deps.blobs.put(pdfBlob, doc.pdf)
  await deps.blobs.put(xmlBlob, doc.xml)
  const ahora = deps.clock()
  const hecho = await deps.db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('documentos_tributarios')
      .set({
        estado: 'emitido',
        folio: doc.folio,
        fecha_emision: doc.fechaEmision,
        ted: doc.ted,
        token_proveedor: doc.token,
        pdf_blob: pdfBlob,
        xml_blob: xmlBlob,
        error: null,
        dudoso: 0,
        tomado_hasta: null,
        emitido_en: ahora.toISOString(),
      })
      .where('id', '=', fila.id)
      .where('estado', '!=', 'emitido')
    if (token) q = q.where('tomado_por', '=', token)
    const r = await q.executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return false
    await notificar(trx, {
      alumnoId: fila.alumno_id,
      tipo: 'documento-emitido',
      ocasion: `documento-tributario:${fila.id}`,
      aviso: avisoDocumentoTributario({
        tipo: fila.tipo as TipoDte,
        folio: doc.folio,
        descripcion: fila.descripcion,
        monto: fila.monto,
        ruta: urlResultadoPago(fila.pago_id, fila.codigo_inscripcion),
      }),
      ahora,
    })
    return true
  })
  if (!hecho) {
    if (pdfBlob) await deps.blobs.delete(pdfBlob)
    await deps.blobs.delete(xmlBlob)
  }
  return hecho
}

/** One document this run holds: issued, looked up, or left for a later try. */
async function procesar(deps: DependenciasTributario, cliente: ClienteTributario, token: string, fila: FilaDocumento) {
  const ahora = deps.clock()
  const config = deps.config
  let referencia: Referida | null = null
  if (fila.documento_referencia_id) {
    const original = await deps.db
      .selectFrom('documentos_tributarios')
      .select(['tipo', 'folio', 'fecha_emision', 'estado'])
      .where('id', '=', fila.documento_referencia_id)
      .executeTakeFirst()
    if (
      !original ||
      original.estado !== 'emitido' ||
      original.folio === null ||
      !original.fecha_emision ||
      !esTipoDte(original.tipo)
    ) {
      // A nota de crédito waits for the document it corrects: not a failed try.
      await cerrar(
        deps,
        token,
        fila.id,
        { disponible_desde: new Date(ahora.getTime() + config.tributario.esperaMs).toISOString() },
        true,
      )
      return
    }
    referencia = {
      tipo: original.tipo,
      folio: original.folio,
      fecha: original.fecha_emision,
      codigo: (fila.codigo_referencia === 1 ? 1 : 3) as CodigoReferencia,
    }
  }
  const tipo = fila.tipo as TipoDte
  const dte = construirDte({
    tipo,
    fecha: fechaEnChile(ahora),
    emisor: config.tributario.emisor,
    receptor: receptorDeFila(fila),
    descripcion: fila.descripcion,
    monto: fila.monto,
    referencia,
  })
  let doc: DocumentoDelProveedor | null = null
  try {
    // A try began before this one (and did not say it issued nothing): look first.
    if (fila.intentos > 1 || fila.dudoso === 1) doc = await cliente.buscar(fila.clave)
    doc ??= await cliente.emitir(dte, fila.clave)
    if (doc.tipo !== tipo)
      throw new ErrorEmisor(`El emisor devolvió un documento de tipo ${doc.tipo} en vez de ${tipo}.`, null, true)
  } catch (err) {
    const definitivo = err instanceof ErrorEmisor && err.definitivo
    deps.log('no se pudo emitir un documento tributario', {
      documento: fila.id,
      tipo,
      intento: fila.intentos,
      definitivo,
      error: mensajeDeFallo(err),
    })
    if (definitivo) await cerrar(deps, token, fila.id, { estado: 'error', error: mensajeDeFallo(err), dudoso: 0 })
    else
      await cerrar(deps, token, fila.id, {
        error: mensajeDeFallo(err),
        dudoso: 1,
        disponible_desde: new Date(deps.clock().getTime() + espera(config, fila.intentos)).toISOString(),
      })
    return
  }
  const hecho = await registrarEmitido(deps, fila, token, doc)
  if (hecho) deps.log('documento tributario emitido', { documento: fila.id, tipo, folio: doc.folio })
}

/** One run: every document due now, each taken by this server alone; then the overdue ones told. */
export async function emitirPendientes(deps: DependenciasTributario): Promise<void> {
  const cliente = deps.tributario
  if (cliente) {
    const ahora = deps.clock()
    const debidos = await deps.db
      .selectFrom('documentos_tributarios')
      .select('id')
      .where(libre(ahora.toISOString()))
      .orderBy('disponible_desde')
      .limit(POR_RONDA)
      .execute()
    for (const { id } of debidos) {
      const tomado = await tomar(deps, id, deps.clock())
      if (tomado) await procesar(deps, cliente, tomado.token, tomado.fila)
    }
  }
  await avisarAtrasados(deps)
}

/**
 * A run now, not awaited, for what a change just queued (a payment approved): the reply does not
 * wait for the provider. Each document is still taken by lease, so a regular run meanwhile issues
 * none twice.
 */
export function despacharDocumentos(deps: DependenciasTributario & Pick<Dependencias, 'segundoPlano'>): void {
  void deps.segundoPlano.lanzar('emitir documentos tributarios', () => emitirPendientes(deps))
}

/** Since when a document is overdue: queued more than PLAZO_DOCUMENTO_PENDIENTE_HORAS ago. */
export function limiteAtraso(config: Pick<ConfigApp, 'tributario'>, ahora: Date): string {
  return new Date(ahora.getTime() - config.tributario.plazoPendienteHoras * 3_600_000).toISOString()
}

/**
 * Documents still not issued past the configured time, mailed to the admins once: each is marked
 * by a conditional update (of two servers, one marks it), then one e-mail lists those this run
 * marked.
 */
async function avisarAtrasados(deps: DependenciasTributario): Promise<void> {
  const ahora = deps.clock()
  const candidatos = await deps.db
    .selectFrom('documentos_tributarios')
    .select(['id', 'tipo', 'monto', 'descripcion', 'clave', 'estado', 'error', 'creado_en'])
    .where('estado', 'in', ['pendiente', 'error'])
    .where('creado_en', '<', limiteAtraso(deps.config, ahora))
    .where('atraso_avisado_en', 'is', null)
    .limit(100)
    .execute()
  const marcados: typeof candidatos = []
  for (const c of candidatos) {
    const r = await deps.db
      .updateTable('documentos_tributarios')
      .set({ atraso_avisado_en: ahora.toISOString() })
      .where('id', '=', c.id)
      .where('atraso_avisado_en', 'is', null)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) === 1) marcados.push(c)
  }
  if (marcados.length === 0) return
  const admins = await deps.db
    .selectFrom('personal')
    .select(['email', 'nombre'])
    .where('rol', '=', 'admin')
    .where('activo', '=', 1)
    .execute()
  const horas = deps.config.tributario.plazoPendienteHoras
  const lineas = marcados.map(
    (m) =>
      `- ${esTipoDte(m.tipo) ? nombreTipoDte(m.tipo) : m.tipo}, ${formatearClp(m.monto)}, ${m.descripcion} (referencia ${m.clave})${m.estado === 'error' ? `: error del emisor: ${m.error ?? ''}` : m.error ? `: último error: ${m.error}` : ''}`,
  )
  const subject =
    marcados.length === 1
      ? `Un documento tributario lleva más de ${horas} horas sin emitirse`
      : `${marcados.length} documentos tributarios llevan más de ${horas} horas sin emitirse`
  const text = `${subject}. El SII exige emitirlos dentro de 12 horas.\n\n${lineas.join('\n')}\n\nRevíselos en ${deps.config.publicUrl}/admin/pagos y use «Reintentar» cuando el problema esté resuelto.`
  const html = `<p>${escapar(subject)}. El SII exige emitirlos dentro de 12 horas.</p><ul>${lineas.map((l) => `<li>${escapar(l.slice(2))}</li>`).join('')}</ul><p>Revíselos en <a href="${escapar(deps.config.publicUrl)}/admin/pagos">la lista de pagos</a> y use «Reintentar» cuando el problema esté resuelto.</p>`
  for (const admin of admins) {
    try {
      await deps.correo.enviar({ to: admin.email, subject, text, html })
    } catch (err) {
      deps.log('no se pudo avisar a un administrador de documentos tributarios atrasados', {
        error: mensajeDeFallo(err),
      })
    }
  }
}

function escapar(texto: string): string {
  return texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
