// The payment flow, whatever is paid: create a payment and its gateway transaction, take the
// browser's return from the gateway, commit, and settle the payment exactly once.
//
// The return is matched by the gateway's token and the buy order, never by the session: the
// gateway's POST comes from another site and carries no SameSite=Lax cookie. A payment leaves
// 'pendiente' through one conditional update (`where estado = 'pendiente'`) inside the
// transaction that also applies it to what was paid, so of two returns at once (two tabs, a
// reload, two servers) only one settles it and the other finds it settled. A commit the gateway
// refuses (already committed, late) or whose reply was lost is followed by a status query, and the
// payment is settled from that: the gateway is the source of truth, the portal shows what it stored.
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { DOC_COMPROBANTE_PAGO, enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import { MENSAJE_PASARELA_NO_DISPONIBLE, type ConceptoPago, type EstadoPago } from '../../src/domain/pagos.ts'
import type { Log } from '../bitacora.ts'
import type { Reloj } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Alumno, Pago } from '../db/schema.ts'
import type { DependenciasPapel } from '../papel/emitir.ts'
import { emitirComprobantePago } from '../papel/plantillas/comprobante-pago.ts'
import { conceptos } from './conceptos.ts'
import {
  ErrorPasarela,
  esAprobada,
  estaIniciada,
  LARGO_ORDEN_COMPRA,
  type PasarelaDePago,
  type RespuestaTransaccion,
} from './pasarela.ts'

export type DependenciasPago = {
  db: Db
  clock: Reloj
  log: Log
  pasarela: PasarelaDePago
  /** The portal's return endpoint, absolute: where the gateway sends the browser back. */
  urlRetorno: string
  /** What the physical payment record names as the application. */
  nombreApp?: string
  /** The document service, for the receipt of an approved payment. */
  papel: Omit<DependenciasPapel, 'db' | 'ahora'>
}

export const NOMBRE_APP = 'Portal del Estudiante'

export const DETALLE_ERROR_FORMULARIO =
  'La pasarela mostró un error en el formulario de pago; no se realizó ningún cargo.'
export const DETALLE_NO_COINCIDE =
  'La pasarela informó un monto u orden de compra distintos a los del cobro, por lo que el pago no se aplicó. Comuníquese con su Asistente Comercial.'
export const DETALLE_YA_PAGADO =
  'Esto ya estaba pagado con otro pago, así que este no se confirmó en la pasarela: no se realizó ningún cargo.'
export const DETALLE_NO_INICIADO = 'No fue posible iniciar el pago en la pasarela; no se realizó ningún cargo.'

type Rechazo = { ok: false; error: string; status: 404 | 409 | 502 }

/** Letters and digits that cannot be mistaken for one another when read aloud or typed. */
const ALFABETO_ORDEN = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/**
 * 26 characters, Webpay's maximum: a letter for the concept and 25 random ones (about 127 bits),
 * so a repeat is out of reach and the column's unique key is only a guard.
 */
export function nuevaOrdenCompra(tipo: ConceptoPago): string {
  let orden = tipo === 'cuota' ? 'C' : 'P'
  while (orden.length < LARGO_ORDEN_COMPRA) orden += ALFABETO_ORDEN[randomInt(ALFABETO_ORDEN.length)]
  return orden
}

/**
 * A payment for `referencia`, sent to the gateway: the URL and token the browser posts to.
 * The amount is the concept's, read from the database now.
 */
export async function crearPago(
  deps: DependenciasPago,
  alumno: Alumno,
  tipo: ConceptoPago,
  referencia: string,
): Promise<{ ok: true; url: string; token: string; pagoId: string } | Rechazo> {
  const { db, clock, log, pasarela } = deps
  const c = conceptos[tipo]
  const ahora = clock()
  const cobro = await c.cobro(db, alumno.id, referencia, ahora)
  if ('error' in cobro) return { ok: false, error: cobro.error, status: cobro.status }
  if (!Number.isInteger(cobro.monto) || cobro.monto <= 0) throw new Error(`monto inválido para ${tipo} ${referencia}`)
  const pago = {
    id: randomUUID(),
    alumno_id: alumno.id,
    concepto: tipo,
    referencia,
    monto: cobro.monto,
    descripcion: cobro.descripcion,
    codigo_inscripcion: cobro.codigoInscripcion,
    ruta_volver: cobro.rutaVolver,
    orden_compra: nuevaOrdenCompra(tipo),
    // The gateway's session id is ours to choose: a random one, never the student's session.
    id_sesion: randomBytes(16).toString('hex'),
    token: null,
    estado: 'pendiente' satisfies EstadoPago,
    creado_en: ahora.toISOString(),
  }
  await db.insertInto('pagos').values(pago).execute()
  try {
    const creada = await pasarela.crear({
      ordenCompra: pago.orden_compra,
      idSesion: pago.id_sesion,
      monto: pago.monto,
      urlRetorno: deps.urlRetorno,
    })
    await db.updateTable('pagos').set({ token: creada.token }).where('id', '=', pago.id).execute()
    return { ok: true, url: creada.url, token: creada.token, pagoId: pago.id }
  } catch (err) {
    log('no se pudo crear la transacción en la pasarela', { pago: pago.id, error: String(err) })
    // Nobody holds a token for it: it can never be paid, so it is closed now.
    await db
      .updateTable('pagos')
      .set({
        estado: 'rechazado' satisfies EstadoPago,
        detalle: DETALLE_NO_INICIADO,
        resuelto_en: clock().toISOString(),
      })
      .where('id', '=', pago.id)
      .execute()
    return { ok: false, error: MENSAJE_PASARELA_NO_DISPONIBLE, status: 502 }
  }
}

/** The four ways the gateway sends the browser back, told apart by the fields it carries. */
export type Retorno =
  | { tipo: 'normal'; token: string }
  | { tipo: 'anulado'; token: string; ordenCompra: string; idSesion: string }
  | { tipo: 'tiempo-agotado'; ordenCompra: string; idSesion: string }
  | { tipo: 'error-formulario'; token: string; ordenCompra: string; idSesion: string }

/** Which return this is, or null when the fields fit none of them. */
export function clasificarRetorno(campos: Record<string, string | undefined>): Retorno | null {
  const token = campos.token_ws || undefined
  const tbkToken = campos.TBK_TOKEN || undefined
  const ordenCompra = campos.TBK_ORDEN_COMPRA || undefined
  const idSesion = campos.TBK_ID_SESION || undefined
  if (token && !tbkToken && !ordenCompra && !idSesion) return { tipo: 'normal', token }
  if (!ordenCompra || !idSesion) return null
  if (token && tbkToken) return token === tbkToken ? { tipo: 'error-formulario', token, ordenCompra, idSesion } : null
  if (tbkToken) return { tipo: 'anulado', token: tbkToken, ordenCompra, idSesion }
  if (!token) return { tipo: 'tiempo-agotado', ordenCompra, idSesion }
  return null
}

async function pagoDelRetorno(db: Db, retorno: Retorno): Promise<Pago | undefined> {
  let consulta = db.selectFrom('pagos').selectAll()
  if (retorno.tipo !== 'tiempo-agotado') consulta = consulta.where('token', '=', retorno.token)
  if (retorno.tipo !== 'normal')
    consulta = consulta.where('orden_compra', '=', retorno.ordenCompra).where('id_sesion', '=', retorno.idSesion)
  return consulta.executeTakeFirst()
}

/** Where the student reads a payment's outcome (an app page, GET, with their session). */
export function rutaResultado(pago: Pick<Pago, 'id' | 'codigo_inscripcion'>): string {
  return pago.codigo_inscripcion
    ? `/pagos/respuesta/${encodeURIComponent(pago.codigo_inscripcion)}/${pago.id}`
    : `/pagos/respuesta/${pago.id}`
}

/**
 * Takes the browser's return from the gateway. Returns the payment it belongs to (settled, or
 * still pending when the gateway could not say), or null when no payment matches the fields.
 */
export async function procesarRetorno(deps: DependenciasPago, retorno: Retorno): Promise<Pago | null> {
  const { db, clock } = deps
  const pago = await pagoDelRetorno(db, retorno)
  if (!pago) return null
  if (!pago.retornado_en)
    await db
      .updateTable('pagos')
      .set({ retornado_en: clock().toISOString() })
      .where('id', '=', pago.id)
      .where('retornado_en', 'is', null)
      .execute()
  // A reload, or a second return: the stored result stands.
  if (pago.estado !== 'pendiente') return pago
  switch (retorno.tipo) {
    case 'normal':
      await confirmarPago(deps, pago)
      break
    case 'anulado':
      await cerrarSinCargo(deps, pago, 'anulado', null)
      break
    case 'tiempo-agotado':
      await cerrarSinCargo(deps, pago, 'tiempo-agotado', null)
      break
    case 'error-formulario':
      await cerrarSinCargo(deps, pago, 'rechazado', DETALLE_ERROR_FORMULARIO)
      break
  }
  return (await db.selectFrom('pagos').selectAll().where('id', '=', pago.id).executeTakeFirst()) ?? null
}

/**
 * Commits the payment at the gateway and settles it from the reply. When the commit is refused
 * (already committed by another return, too late) or its reply is lost, the status query says
 * what happened; when that fails too, the payment stays pending for `reconciliar`.
 */
export async function confirmarPago(deps: DependenciasPago, pago: Pago): Promise<void> {
  const { pasarela, log } = deps
  if (!pago.token) return
  // Paid meanwhile by another payment (two tabs): this one is not committed, so the gateway never
  // takes the money, and it ends as rejected with the reason.
  if (await conceptos[pago.concepto as ConceptoPago].pagadoPorOtro(deps.db, pago.referencia, pago.id)) {
    await cerrarSinCargo(deps, pago, 'rechazado', DETALLE_YA_PAGADO)
    return
  }
  let respuesta: RespuestaTransaccion
  try {
    respuesta = await pasarela.confirmar(pago.token)
  } catch (err) {
    log('la pasarela no confirmó el pago; se consulta su estado', {
      pago: pago.id,
      status: err instanceof ErrorPasarela ? err.status : null,
      error: err instanceof Error ? err.message : String(err),
    })
    try {
      respuesta = await pasarela.estado(pago.token)
    } catch (errEstado) {
      log('no se pudo consultar el estado del pago; queda pendiente', {
        pago: pago.id,
        error: errEstado instanceof Error ? errEstado.message : String(errEstado),
      })
      return
    }
  }
  // Nothing settled yet at the gateway (a return sent before the payer finished).
  if (estaIniciada(respuesta)) return
  await aplicarRespuesta(deps, pago, respuesta)
}

/**
 * For a payment still pending when its outcome is asked for: if the browser came back from the
 * gateway, the commit is tried again (it had no answer); if not, the status says whether it ended
 * there (an abandoned payment reads as timed out once the gateway gives up on it).
 */
export async function reconciliar(deps: DependenciasPago, pago: Pago): Promise<void> {
  if (pago.estado !== 'pendiente' || !pago.token) return
  if (pago.retornado_en) return confirmarPago(deps, pago)
  let respuesta: RespuestaTransaccion
  try {
    respuesta = await deps.pasarela.estado(pago.token)
  } catch {
    return
  }
  if (estaIniciada(respuesta)) return
  if (esAprobada(respuesta)) {
    await aplicarRespuesta(deps, pago, respuesta)
    return
  }
  await cerrarSinCargo(deps, pago, 'tiempo-agotado', null)
}

/** Ends a pending payment that took no money. */
async function cerrarSinCargo(
  { db, clock }: DependenciasPago,
  pago: Pago,
  estado: Exclude<EstadoPago, 'pendiente' | 'aprobado'>,
  detalle: string | null,
): Promise<void> {
  await db
    .updateTable('pagos')
    .set({ estado, detalle, resuelto_en: clock().toISOString() })
    .where('id', '=', pago.id)
    .where('estado', '=', 'pendiente')
    .execute()
}

/**
 * Settles a pending payment from the gateway's reply, once: the state change, what was paid and
 * the physical payment record commit together, or not at all. Approved only when the reply is
 * approved and names this payment's buy order and amount.
 */
export async function aplicarRespuesta(deps: DependenciasPago, pago: Pago, r: RespuestaTransaccion): Promise<boolean> {
  const { db, clock, log } = deps
  const coincide = r.buy_order === pago.orden_compra && r.amount === pago.monto
  const aprobado = coincide && esAprobada(r)
  if (!coincide)
    log('la respuesta de la pasarela no coincide con el pago; no se aplica', {
      pago: pago.id,
      ordenCompra: r.buy_order,
      monto: r.amount,
      status: r.status,
    })
  const ahora = clock().toISOString()
  const aplicado = await db.transaction().execute(async (trx) => {
    const actualizado = await trx
      .updateTable('pagos')
      .set({
        estado: (aprobado ? 'aprobado' : 'rechazado') satisfies EstadoPago,
        detalle: coincide ? null : DETALLE_NO_COINCIDE,
        codigo_respuesta: r.response_code ?? null,
        estado_pasarela: r.status,
        codigo_autorizacion: r.authorization_code ?? null,
        ultimos_digitos: r.card_detail?.card_number?.slice(-4) ?? null,
        tipo_pago: r.payment_type_code ?? null,
        numero_cuotas: r.installments_number ?? null,
        fecha_contable: r.accounting_date ?? null,
        fecha_transaccion: r.transaction_date ?? null,
        vci: r.vci ?? null,
        resuelto_en: ahora,
      })
      .where('id', '=', pago.id)
      .where('estado', '=', 'pendiente')
      .executeTakeFirst()
    // Settled already by another return: nothing more to do here.
    if (Number(actualizado.numUpdatedRows) !== 1) return false
    if (!aprobado) return true
    // Only the concepts registered ever reach the table (the body is checked against them).
    const c = conceptos[pago.concepto as ConceptoPago]
    await c.alAprobar(trx, pago.alumno_id, pago.referencia, pago.id)
    const vendedor = await vendedorDe(trx, pago)
    await trx
      .insertInto('pagos_fisicos')
      .values({
        pago_id: pago.id,
        id_pago_flujo: pago.id,
        cod_pago_flujo: pago.orden_compra,
        cod_fila_wpay: pago.token ?? '',
        app_name: deps.nombreApp ?? NOMBRE_APP,
        mail_vendedor: vendedor?.email ?? '',
        nombre_vendedor: vendedor?.nombre ?? '',
        registrado_en: ahora,
      })
      .execute()
    return true
  })
  // The receipt comes after the commit: a failure to lay out or sign it never loses the payment,
  // and the outcome page issues it when it is first asked for (comprobanteDe).
  if (aplicado && aprobado) await comprobanteDe(deps, { ...pago, estado: 'aprobado' })
  return aplicado && aprobado
}

/**
 * The link to an approved payment's signed receipt, issuing it if it has not been yet (issuing is
 * idempotent: two at once make one). Null for a payment not approved, or when the document service
 * failed now; it is tried again on the next request.
 */
export async function comprobanteDe(deps: DependenciasPago, pago: Pick<Pago, 'id' | 'estado'>): Promise<string | null> {
  if (pago.estado !== 'aprobado') return null
  const emitido = await deps.db
    .selectFrom('documentos_emitidos')
    .select('codigo')
    .where('cod_tipo_documento', '=', DOC_COMPROBANTE_PAGO)
    .where('referencia', '=', pago.id)
    .executeTakeFirst()
  if (emitido) return enlaceDocumentoEmitido(emitido.codigo)
  try {
    const nuevo = await emitirComprobantePago({ ...deps.papel, db: deps.db, ahora: deps.clock() }, pago.id)
    return enlaceDocumentoEmitido(nuevo.codigo)
  } catch (err) {
    deps.log('no se pudo emitir el comprobante del pago', {
      pago: pago.id,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    })
    return null
  }
}

/**
 * The seller the physical payment record names: the commercial assistant who owns the enrolment,
 * or the student's own assistant for a payment outside an enrolment (a contest fee).
 */
async function vendedorDe(trx: Db, pago: Pago) {
  const asistenteId = pago.codigo_inscripcion
    ? (
        await trx
          .selectFrom('solicitudes')
          .select('asistente_id')
          .where('codigo_inscripcion', '=', pago.codigo_inscripcion)
          .executeTakeFirst()
      )?.asistente_id
    : (await trx.selectFrom('alumnos').select('asistente_id').where('id', '=', pago.alumno_id).executeTakeFirst())
        ?.asistente_id
  if (!asistenteId) return undefined
  return trx.selectFrom('asistentes').select(['nombre', 'email']).where('id', '=', asistenteId).executeTakeFirst()
}
