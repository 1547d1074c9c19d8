// The payment flow, whatever is paid: create a payment and its gateway transaction, take the
// browser's return from the gateway, commit, and settle the payment exactly once.
//
// The return is matched by the gateway's token and the buy order, never by the session: the
// gateway's POST comes from another site and carries no SameSite=Lax cookie.
//
// A payment claims what it pays before the gateway commits it (the commit is what captures the
// money): it moves from 'pendiente' to 'confirmando' through one conditional update, and a unique
// index lets only one payment of the same concept and reference be 'confirmando' or 'aprobado'.
// So of two payments of one installment returning at once (two tabs, two servers), one claims it
// and is committed; the other is never committed, so the gateway never takes that money, and ends
// rejected with the reason. The claim carries a lease (`confirmando_hasta`): while it runs, only
// the server that claimed it commits; once it runs out (that server died, or its commit and status
// query got no answer), the next read of the payment or the periodic sweep takes it and finishes
// the job: commit again (the gateway commits a token once, so a repeat is refused, never charged
// twice) and settle from the status. A claim is released only when the gateway says the payment
// did not go through. The gateway is the source of truth; the portal shows what it stored.
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { DOC_COMPROBANTE_PAGO, enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import {
  MENSAJE_DEMASIADOS_PAGOS,
  MENSAJE_PASARELA_NO_DISPONIBLE,
  type ConceptoPago,
  type EstadoPago,
} from '../../src/domain/pagos.ts'
import { mensajeDeFallo, detalleDeError, type Log } from '../bitacora.ts'
import type { Limite } from '../config.ts'
import type { Reloj } from '../contexto.ts'
import { esViolacionDeUnicidad, type Db } from '../db/connection.ts'
import type { Transaction } from 'kysely'
import type { Alumno, Database, Pago, PagosFisicosTable } from '../db/schema.ts'
import { contar } from '../middleware/limites.ts'
import type { DependenciasPapel } from '../papel/emitir.ts'
import { emitirComprobantePago } from '../papel/plantillas/comprobante-pago.ts'
import { avisoPagoAprobado } from '../../src/domain/notificaciones.ts'
import { notificar } from '../notificaciones/notificar.ts'
import { conceptos } from './conceptos.ts'
import { encolarDocumentoDePago } from '../tributario/documentos.ts'
import {
  ErrorPasarela,
  esAprobada,
  estaIniciada,
  LARGO_ORDEN_COMPRA,
  VIGENCIA_TOKEN_MS,
  type PasarelaDePago,
  type RespuestaTransaccion,
} from './pasarela.ts'
import { urlResultadoPago } from '../../src/domain/urls.ts'

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
  /** New gateway transactions per student. */
  limiteCreacion: Limite
}

export const NOMBRE_APP = 'Portal del Estudiante'

export const DETALLE_ERROR_FORMULARIO =
  'La pasarela mostró un error en el formulario de pago; no se realizó ningún cargo.'
export const DETALLE_NO_COINCIDE =
  'La pasarela informó un monto u orden de compra distintos a los del cobro, por lo que el pago no se aplicó. Comuníquese con su Asistente Comercial.'
export const DETALLE_YA_PAGADO =
  'Esto ya estaba pagado con otro pago, así que este no se confirmó en la pasarela: no se realizó ningún cargo.'
export const DETALLE_NO_INICIADO = 'No fue posible iniciar el pago en la pasarela; no se realizó ningún cargo.'

/**
 * How long the server that claimed a payment has to commit it before another may settle it: more
 * than a commit and a status query with their timeouts (30 s each against Webpay).
 */
export const PLAZO_RECLAMO_MS = 2 * 60_000

type Rechazo =
  | { ok: false; error: string; status: 404 | 409 | 502 }
  | { ok: false; error: string; status: 429; reintentarEnSeg: number }

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
 * A payment for `referencia`, sent to the gateway: the URL and token the browser posts to. The
 * amount is the concept's, read from the database now. Asked again while the student's own
 * payment of the same thing waits at the gateway (a second tab, a button pressed twice), it is
 * that payment again, not a new transaction; beyond that, new transactions are throttled per
 * student.
 */
export async function crearPago(
  deps: DependenciasPago,
  alumno: Alumno,
  tipo: ConceptoPago,
  referencia: string,
): Promise<{ ok: true; url: string; token: string; pagoId: string; nuevo: boolean } | Rechazo> {
  const { db, clock, log, pasarela } = deps
  const c = conceptos[tipo]
  const ahora = clock()
  const cobro = await c.cobro(db, alumno.id, referencia, ahora)
  if ('error' in cobro) return { ok: false, error: cobro.error, status: cobro.status }
  if (!Number.isInteger(cobro.monto) || cobro.monto <= 0) throw new Error(`monto inválido para ${tipo} ${referencia}`)
  const enCurso = await db
    .selectFrom('pagos')
    .select(['id', 'token', 'url_pasarela'])
    .where('alumno_id', '=', alumno.id)
    .where('concepto', '=', tipo)
    .where('referencia', '=', referencia)
    .where('estado', '=', 'pendiente')
    .where('retornado_en', 'is', null)
    .where('creado_en', '>', new Date(ahora.getTime() - VIGENCIA_TOKEN_MS).toISOString())
    .orderBy('creado_en', 'desc')
    .executeTakeFirst()
  if (enCurso?.token && enCurso.url_pasarela)
    return { ok: true, url: enCurso.url_pasarela, token: enCurso.token, pagoId: enCurso.id, nuevo: false }
  const limite = await contar(db, `pagos-alumno:${alumno.id}`, deps.limiteCreacion, ahora)
  if (limite.excedido)
    return { ok: false, error: MENSAJE_DEMASIADOS_PAGOS, status: 429, reintentarEnSeg: limite.reintentarEnSeg }
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
    await db
      .updateTable('pagos')
      .set({ token: creada.token, url_pasarela: creada.url })
      .where('id', '=', pago.id)
      .execute()
    return { ok: true, url: creada.url, token: creada.token, pagoId: pago.id, nuevo: true }
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
  return urlResultadoPago(pago.id, pago.codigo_inscripcion)
}

/**
 * Takes the browser's return from the gateway. Returns the payment it belongs to (settled, or
 * still in course when the gateway could not say), or null when no payment matches the fields.
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
  if (pago.estado === 'confirmando') {
    // Claimed already (an earlier return, another server): only the gateway settles it now.
    if (retorno.tipo === 'normal') await retomar(deps, pago)
  } else if (pago.estado === 'pendiente') {
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
  }
  // Otherwise a reload, or a second return: the stored result stands.
  return (await db.selectFrom('pagos').selectAll().where('id', '=', pago.id).executeTakeFirst()) ?? null
}

/**
 * A pending payment the payer finished: claims what it pays, then commits it. One that loses the
 * claim (another payment of the same thing holds it, or already paid it) is never committed and
 * ends rejected with the reason.
 */
async function confirmarPago(deps: DependenciasPago, pago: Pago): Promise<void> {
  if (!pago.token) return
  const reclamo = await reclamar(deps, pago)
  if (reclamo === 'perdido') await cerrarSinCargo(deps, pago, 'rechazado', DETALLE_YA_PAGADO)
  if (reclamo === 'ganado') await comprometer(deps, pago)
}

/**
 * 'pendiente' to 'confirmando', with the lease, in one statement. 'perdido': the unique index
 * refused it, another payment of the same concept and reference is being confirmed or approved;
 * 'otro': this payment had already left 'pendiente' (another return of it got there first).
 */
async function reclamar({ db, clock }: DependenciasPago, pago: Pago): Promise<'ganado' | 'perdido' | 'otro'> {
  try {
    const reclamado = await db
      .updateTable('pagos')
      .set({
        estado: 'confirmando' satisfies EstadoPago,
        confirmando_hasta: new Date(clock().getTime() + PLAZO_RECLAMO_MS).toISOString(),
      })
      .where('id', '=', pago.id)
      .where('estado', '=', 'pendiente')
      .executeTakeFirst()
    return Number(reclamado.numUpdatedRows) === 1 ? 'ganado' : 'otro'
  } catch (err) {
    if (esViolacionDeUnicidad(err)) return 'perdido'
    throw err
  }
}

/**
 * Takes over a claimed payment whose lease ran out, renewing it (of several servers, one gets
 * it), and finishes its commit.
 */
async function retomar(deps: DependenciasPago, pago: Pago): Promise<void> {
  const ahora = deps.clock()
  const tomado = await deps.db
    .updateTable('pagos')
    .set({ confirmando_hasta: new Date(ahora.getTime() + PLAZO_RECLAMO_MS).toISOString() })
    .where('id', '=', pago.id)
    .where('estado', '=', 'confirmando')
    .where('confirmando_hasta', '<=', ahora.toISOString())
    .executeTakeFirst()
  if (Number(tomado.numUpdatedRows) === 1) await comprometer(deps, pago)
}

/**
 * Commits a payment that holds the claim and settles it from the reply. When the commit is
 * refused (already committed, too late) or its reply is lost, the status query says what
 * happened; when that fails too, or the payer has not finished, the lease is given up so the next
 * read or the sweep tries again.
 */
async function comprometer(deps: DependenciasPago, pago: Pago): Promise<void> {
  const { pasarela, log } = deps
  if (!pago.token) return
  // Paid some other way meanwhile (recorded without this flow): not committed, so nothing is charged.
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
      error: mensajeDeFallo(err),
    })
    try {
      respuesta = await pasarela.estado(pago.token)
    } catch (errEstado) {
      log('no se pudo consultar el estado del pago; queda por confirmar', {
        pago: pago.id,
        error: mensajeDeFallo(errEstado),
      })
      await soltarPlazo(deps, pago)
      return
    }
  }
  if (estaIniciada(respuesta)) {
    await soltarPlazo(deps, pago)
    return
  }
  await aplicarRespuesta(deps, pago, respuesta)
}

/** Gives up the lease of a claim this server could not settle, keeping the claim. */
async function soltarPlazo({ db, clock }: DependenciasPago, pago: Pago): Promise<void> {
  await db
    .updateTable('pagos')
    .set({ confirmando_hasta: clock().toISOString() })
    .where('id', '=', pago.id)
    .where('estado', '=', 'confirmando')
    .execute()
}

/**
 * For a payment still in course when its outcome is asked for. Claimed: settled if its lease ran
 * out. Pending: if the browser came back from the gateway, it is claimed and committed (the
 * server that took the return stopped before); if not, the status says whether it ended there
 * (an abandoned payment reads as timed out once the gateway gives up on it).
 */
export async function reconciliar(deps: DependenciasPago, pago: Pago): Promise<void> {
  if (pago.estado === 'confirmando') return retomar(deps, pago)
  if (pago.estado !== 'pendiente' || !pago.token) return
  if (pago.retornado_en) return confirmarPago(deps, pago)
  let respuesta: RespuestaTransaccion
  try {
    respuesta = await deps.pasarela.estado(pago.token)
  } catch {
    return
  }
  if (estaIniciada(respuesta)) return
  // Committed without a claim: only a payment left by the flow before payments claimed.
  if (esAprobada(respuesta)) {
    await aplicarRespuesta(deps, pago, respuesta)
    return
  }
  await cerrarSinCargo(deps, pago, 'tiempo-agotado', null)
}

/**
 * Every claim whose lease ran out, settled as a read of it would: run by every server now and
 * then, so a claim left by a server that died is settled even if nobody asks for it.
 */
export async function barrerReclamos(deps: DependenciasPago): Promise<void> {
  const vencidos = await deps.db
    .selectFrom('pagos')
    .selectAll()
    .where('estado', '=', 'confirmando')
    .where('confirmando_hasta', '<=', deps.clock().toISOString())
    .orderBy('confirmando_hasta')
    .limit(100)
    .execute()
  for (const pago of vencidos) await retomar(deps, pago)
}

/** Ends a payment in course that took no money, releasing its claim if it held one. */
async function cerrarSinCargo(
  { db, clock }: DependenciasPago,
  pago: Pago,
  estado: 'rechazado' | 'anulado' | 'tiempo-agotado',
  detalle: string | null,
): Promise<void> {
  await db
    .updateTable('pagos')
    .set({ estado, detalle, confirmando_hasta: null, resuelto_en: clock().toISOString() })
    .where('id', '=', pago.id)
    .where('estado', 'in', ['pendiente', 'confirmando'])
    .execute()
}

/** The gateway's reply as stored on the payment. */
function datosDeRespuesta(r: RespuestaTransaccion) {
  return {
    codigo_respuesta: r.response_code ?? null,
    estado_pasarela: r.status,
    codigo_autorizacion: r.authorization_code ?? null,
    ultimos_digitos: r.card_detail?.card_number?.slice(-4) ?? null,
    tipo_pago: r.payment_type_code ?? null,
    numero_cuotas: r.installments_number ?? null,
    fecha_contable: r.accounting_date ?? null,
    fecha_transaccion: r.transaction_date ?? null,
    vci: r.vci ?? null,
  }
}

/**
 * Settles a payment in course from the gateway's reply, once: the state change, what was paid and
 * the physical payment record commit together, or not at all. Approved only when the reply is
 * approved and names this payment's buy order and amount.
 */
async function aplicarRespuesta(deps: DependenciasPago, pago: Pago, r: RespuestaTransaccion): Promise<boolean> {
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
  let aplicado: boolean
  try {
    aplicado = await db.transaction().execute(async (trx) => {
      const actualizado = await trx
        .updateTable('pagos')
        .set({
          estado: (aprobado ? 'aprobado' : 'rechazado') satisfies EstadoPago,
          detalle: coincide ? null : DETALLE_NO_COINCIDE,
          ...datosDeRespuesta(r),
          confirmando_hasta: null,
          resuelto_en: ahora,
        })
        .where('id', '=', pago.id)
        .where('estado', 'in', ['pendiente', 'confirmando'])
        .executeTakeFirst()
      // Settled already by another return: nothing more to do here.
      if (Number(actualizado.numUpdatedRows) !== 1) return false
      if (!aprobado) return true
      const vendedor = await vendedorDe(trx, pago)
      await alAprobarPago(
        trx,
        deps,
        pago,
        {
          id_pago_flujo: pago.id,
          cod_pago_flujo: pago.orden_compra,
          cod_fila_wpay: pago.token ?? '',
          app_name: deps.nombreApp ?? NOMBRE_APP,
          mail_vendedor: vendedor?.email ?? '',
          nombre_vendedor: vendedor?.nombre ?? '',
        },
        ahora,
      )
      return true
    })
  } catch (err) {
    // Approved without holding the claim (a payment left pending by the flow before payments
    // claimed) while another payment holds it: the money was taken twice, so it is recorded as a
    // duplicate for the school to refund.
    if (!esViolacionDeUnicidad(err)) throw err
    log('pago cobrado dos veces por lo mismo; queda como duplicado', { pago: pago.id })
    await db
      .updateTable('pagos')
      .set({ estado: 'duplicado' satisfies EstadoPago, ...datosDeRespuesta(r), resuelto_en: ahora })
      .where('id', '=', pago.id)
      .where('estado', '=', 'pendiente')
      .execute()
    return false
  }
  // The receipt comes after the commit: a failure to lay out or sign it never loses the payment,
  // and the outcome page issues it when it is first asked for (comprobanteDe).
  if (aplicado && aprobado) await comprobanteDe(deps, { ...pago, estado: 'aprobado' })
  return aplicado && aprobado
}

/** The physical payment record (setPagoFisicoWpay) of an approved payment, but what the payment says. */
export type RegistroFisico = Omit<PagosFisicosTable, 'pago_id' | 'registrado_en'>

/**
 * What a payment's approval changes, inside the transaction that records it as approved, so it
 * happens exactly once with it: the thing it pays marked paid, the student told, its physical
 * payment record kept and its tax document queued. The same for a payment through the gateway (aplicarRespuesta) and one
 * recorded in person by staff (presencial.ts); the receipt follows the commit (comprobanteDe).
 */
export async function alAprobarPago(
  trx: Transaction<Database>,
  { clock }: Pick<DependenciasPago, 'clock'>,
  pago: Pago,
  registro: RegistroFisico,
  /** When it was approved, what the record says too. */
  ahora: string,
): Promise<void> {
  // Only the concepts registered ever reach the table (the body is checked against them).
  const c = conceptos[pago.concepto as ConceptoPago]
  await c.alAprobar(trx, pago.alumno_id, pago.referencia, pago.id)
  await notificar(trx, {
    alumnoId: pago.alumno_id,
    tipo: 'pago-aprobado',
    ocasion: pago.id,
    aviso: avisoPagoAprobado({ descripcion: pago.descripcion, monto: pago.monto, ruta: rutaResultado(pago) }),
    ahora: clock(),
  })
  await trx
    .insertInto('pagos_fisicos')
    .values({ pago_id: pago.id, ...registro, registrado_en: ahora })
    .execute()
  // Its tax document (boleta or factura exenta), queued here so it exists exactly when the
  // approval does; the scheduler issues it (server/tributario/programador.ts), never this request.
  await encolarDocumentoDePago(trx, pago, clock())
}

/**
 * The link to an approved payment's signed receipt, issuing it if it has not been yet (issuing is
 * idempotent: two at once make one). Null for a payment not approved, or when the document service
 * failed now; it is tried again on the next request.
 */
export async function comprobanteDe(deps: DependenciasPago, pago: Pick<Pago, 'id' | 'estado'>): Promise<string | null> {
  // A payment refunded later keeps the receipt of what was paid.
  if (pago.estado !== 'aprobado' && pago.estado !== 'reembolsado') return null
  const emitido = await deps.db
    .selectFrom('documentos_emitidos')
    .select('codigo')
    .where('cod_tipo_documento', '=', DOC_COMPROBANTE_PAGO)
    .where('referencia', '=', pago.id)
    .executeTakeFirst()
  if (emitido) return enlaceDocumentoEmitido(emitido.codigo)
  if (pago.estado !== 'aprobado') return null
  try {
    const nuevo = await emitirComprobantePago({ ...deps.papel, db: deps.db, ahora: deps.clock() }, pago.id)
    return enlaceDocumentoEmitido(nuevo.codigo)
  } catch (err) {
    deps.log('no se pudo emitir el comprobante del pago', {
      pago: pago.id,
      error: detalleDeError(err),
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
