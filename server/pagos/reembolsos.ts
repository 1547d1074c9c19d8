// Refunds of approved online payments, by the school's staff, through the gateway's refund
// operation (Webpay Plus: POST .../transactions/{token}/refunds).
//
// The gateway refunds every request it receives: two calls give the money back twice. So a refund
// claims its payment before the gateway is called, as a payment claims what it pays (flujo.ts):
// - the request's idempotency key (the dialog makes one per confirmation) is unique per payment,
//   so the same request sent twice is one refund, whatever reaches the server and when;
// - a unique partial index lets one refund of a payment be 'en-curso' at a time, so two staff
//   members (or two tabs) refunding the same payment at once get one refund and one 409;
// - what remains refundable is checked again once the claim is held, against the refunds applied.
// The claim carries a lease (`en_curso_hasta`). When the gateway cannot be reached the refund may
// have happened anyway: it stays claimed, and once the lease runs out the next request for the
// payment settles it from the gateway's status (its balance says whether the money went back).
//
// Applied, in one transaction: the refund's reply, the payment 'reembolsado' when nothing of it
// remains (what it paid unpaid again: its concept's alReembolsar), the student's notice and the
// audit row. The signed refund receipt is issued after the commit, and again on the next read if
// that failed.
import { randomUUID } from 'node:crypto'
import { DOC_COMPROBANTE_REEMBOLSO, enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import { avisoPagoReembolsado } from '../../src/domain/notificaciones.ts'
import type { ConceptoPago, EstadoPago } from '../../src/domain/pagos.ts'
import {
  MENSAJE_NADA_POR_REEMBOLSAR,
  MENSAJE_PAGO_NO_REEMBOLSABLE,
  MENSAJE_REEMBOLSO_EN_CURSO,
  MENSAJE_REEMBOLSO_SIN_RESPUESTA,
  mensajeMontoExcede,
  mensajeReembolsoRechazado,
  type EstadoReembolso,
  type NuevoReembolso,
  type ReembolsoVista,
} from '../../src/domain/reembolsos.ts'
import { mensajeDeFallo, detalleDeError, type Log } from '../bitacora.ts'
import type { Reloj } from '../contexto.ts'
import { esViolacionDeUnicidad, type Db } from '../db/connection.ts'
import type { Pago, Reembolso } from '../db/schema.ts'
import { notificar } from '../notificaciones/notificar.ts'
import type { DependenciasPapel } from '../papel/emitir.ts'
import { emitirComprobanteReembolso } from '../papel/plantillas/comprobante-reembolso.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { conceptos } from './conceptos.ts'
import { encolarNotaDeCredito } from '../tributario/documentos.ts'
import { rutaResultado } from './flujo.ts'
import { ErrorPasarela, type PasarelaDePago, type RespuestaReembolso } from './pasarela.ts'

export type DependenciasReembolso = {
  db: Db
  clock: Reloj
  log: Log
  pasarela: PasarelaDePago
  papel: Omit<DependenciasPapel, 'db' | 'ahora'>
}

/** More than a refund request with its timeout (30 s against Webpay) and a status query. */
export const PLAZO_REEMBOLSO_MS = 2 * 60_000

export type ResultadoReembolso =
  | { ok: true; reembolso: ReembolsoVista; repetido: boolean }
  | { ok: false; status: 404 | 409 | 422 | 502; error: string }

async function reembolsosDe(db: Db, pagoId: string): Promise<Reembolso[]> {
  return db.selectFrom('reembolsos').selectAll().where('pago_id', '=', pagoId).orderBy('creado_en').execute()
}

/** Applied refunds of a payment, in CLP. */
const aplicado = (filas: readonly Reembolso[]) =>
  filas.filter((r) => r.estado === 'aplicado').reduce((total, r) => total + r.monto, 0)

/** The refund's receipt, if issued. */
async function comprobanteDe(db: Db, reembolsoId: string): Promise<string | null> {
  const emitido = await db
    .selectFrom('documentos_emitidos')
    .select('codigo')
    .where('cod_tipo_documento', '=', DOC_COMPROBANTE_REEMBOLSO)
    .where('referencia', '=', reembolsoId)
    .where('revocado_en', 'is', null)
    .executeTakeFirst()
  return emitido ? enlaceDocumentoEmitido(emitido.codigo) : null
}

/** The receipt of an applied refund, issued now if it was not; null if that failed (logged). */
async function emitirComprobante(deps: DependenciasReembolso, r: Reembolso): Promise<string | null> {
  if (r.estado !== 'aplicado') return null
  const existente = await comprobanteDe(deps.db, r.id)
  if (existente) return existente
  try {
    const nuevo = await emitirComprobanteReembolso({ ...deps.papel, db: deps.db, ahora: deps.clock() }, r.id)
    return enlaceDocumentoEmitido(nuevo.codigo)
  } catch (err) {
    deps.log('no se pudo emitir el comprobante del reembolso', {
      reembolso: r.id,
      error: detalleDeError(err),
    })
    return null
  }
}

function vista(r: Reembolso, comprobante: string | null): ReembolsoVista {
  return {
    id: r.id,
    pagoId: r.pago_id,
    monto: r.monto,
    motivo: r.motivo,
    estado: r.estado as EstadoReembolso,
    tipo: r.tipo,
    codigoAutorizacion: r.codigo_autorizacion,
    fechaAutorizacion: r.fecha_autorizacion,
    saldo: r.saldo,
    detalle: r.detalle,
    personal: r.personal_nombre,
    creadoEn: r.creado_en,
    resueltoEn: r.resuelto_en,
    comprobante,
  }
}

/** A payment refundable online: approved through the gateway (it has the gateway's token). */
const esReembolsable = (pago: Pago): pago is Pago & { token: string } =>
  pago.estado === ('aprobado' satisfies EstadoPago) && !!pago.token

/** How a refund request that already exists (same key) answers again. */
async function respuestaDeExistente(deps: DependenciasReembolso, r: Reembolso): Promise<ResultadoReembolso> {
  if (r.estado === 'aplicado')
    return { ok: true, reembolso: vista(r, await emitirComprobante(deps, r)), repetido: true }
  if (r.estado === 'rechazado') return { ok: false, status: 502, error: mensajeReembolsoRechazado(r.detalle) }
  return { ok: false, status: 409, error: MENSAJE_REEMBOLSO_EN_CURSO }
}

/**
 * Refunds `monto` of payment `pagoId` for `autor`, under the request's idempotency key `clave`.
 * The caller has checked the body's shape and that `autor` may refund (and reaches the student).
 */
export async function reembolsar(
  deps: DependenciasReembolso,
  autor: Autor,
  pago: Pago,
  { monto, motivo }: NuevoReembolso,
  clave: string,
): Promise<ResultadoReembolso> {
  const { db, clock } = deps
  // A claim left by a server that died, or a gateway that did not answer, is settled first: the
  // same request sent again then gets its outcome.
  await retomarVencidos(deps, autor, pago)
  const previo = await db
    .selectFrom('reembolsos')
    .selectAll()
    .where('pago_id', '=', pago.id)
    .where('clave', '=', clave)
    .executeTakeFirst()
  if (previo) return respuestaDeExistente(deps, previo)
  const actual = await db.selectFrom('pagos').selectAll().where('id', '=', pago.id).executeTakeFirstOrThrow()
  if (actual.estado === ('reembolsado' satisfies EstadoPago))
    return { ok: false, status: 422, error: MENSAJE_NADA_POR_REEMBOLSAR }
  if (!esReembolsable(actual)) return { ok: false, status: 422, error: MENSAJE_PAGO_NO_REEMBOLSABLE }
  const antes = await reembolsosDe(db, pago.id)
  if (antes.some((r) => r.estado === 'en-curso')) return { ok: false, status: 409, error: MENSAJE_REEMBOLSO_EN_CURSO }
  const restante = actual.monto - aplicado(antes)
  if (restante <= 0) return { ok: false, status: 422, error: MENSAJE_NADA_POR_REEMBOLSAR }
  if (monto > restante) return { ok: false, status: 422, error: mensajeMontoExcede(restante) }

  // The claim.
  const ahora = clock()
  const fila: Reembolso = {
    id: randomUUID(),
    pago_id: pago.id,
    clave,
    monto,
    motivo,
    estado: 'en-curso' satisfies EstadoReembolso,
    personal_id: autor.personal.id,
    personal_nombre: autor.personal.nombre,
    creado_en: ahora.toISOString(),
    en_curso_hasta: new Date(ahora.getTime() + PLAZO_REEMBOLSO_MS).toISOString(),
    resuelto_en: null,
    tipo: null,
    codigo_autorizacion: null,
    fecha_autorizacion: null,
    saldo: null,
    codigo_respuesta: null,
    detalle: null,
  }
  try {
    await db.insertInto('reembolsos').values(fila).execute()
  } catch (err) {
    if (!esViolacionDeUnicidad(err)) throw err
    // The same key got there first (answer as it), or another refund of this payment is in course.
    const mismo = await db
      .selectFrom('reembolsos')
      .selectAll()
      .where('pago_id', '=', pago.id)
      .where('clave', '=', clave)
      .executeTakeFirst()
    if (mismo) return respuestaDeExistente(deps, mismo)
    return { ok: false, status: 409, error: MENSAJE_REEMBOLSO_EN_CURSO }
  }
  // Holding the claim, what remains is read again: a refund applied since the first read counts.
  const restanteAhora = actual.monto - aplicado(await reembolsosDe(db, pago.id))
  if (monto > restanteAhora) {
    await db.deleteFrom('reembolsos').where('id', '=', fila.id).where('estado', '=', 'en-curso').execute()
    return {
      ok: false,
      status: 422,
      error: restanteAhora <= 0 ? MENSAJE_NADA_POR_REEMBOLSAR : mensajeMontoExcede(restanteAhora),
    }
  }

  let respuesta: RespuestaReembolso
  try {
    respuesta = await deps.pasarela.reembolsar(actual.token, monto)
  } catch (err) {
    const mensaje = mensajeDeFallo(err)
    deps.log('la pasarela no aplicó el reembolso', {
      reembolso: fila.id,
      pago: pago.id,
      status: err instanceof ErrorPasarela ? err.status : null,
      error: mensaje,
    })
    if (err instanceof ErrorPasarela && err.status !== null) {
      // Refused: no money went back. Recorded, so the key answers the same again.
      await rechazar(deps, autor, actual, fila, mensaje)
      return { ok: false, status: 502, error: mensajeReembolsoRechazado(mensaje) }
    }
    // Unknown: it may have been applied. The claim stays; its lease is given up so the next
    // request settles it from the gateway's status.
    await db
      .updateTable('reembolsos')
      .set({ en_curso_hasta: clock().toISOString() })
      .where('id', '=', fila.id)
      .where('estado', '=', 'en-curso')
      .execute()
    return { ok: false, status: 502, error: MENSAJE_REEMBOLSO_SIN_RESPUESTA }
  }
  const aplicada = await aplicar(deps, autor, actual, fila, respuesta)
  return { ok: true, reembolso: vista(aplicada, await emitirComprobante(deps, aplicada)), repetido: false }
}

/**
 * Records an applied refund, once, with what it changes: the payment refunded in full becomes
 * 'reembolsado' and what it paid is unpaid again; the student is told; the audit trail keeps it.
 */
async function aplicar(
  deps: DependenciasReembolso,
  autor: Autor,
  pago: Pago,
  fila: Reembolso,
  r: RespuestaReembolso,
): Promise<Reembolso> {
  const { db, clock } = deps
  const ahora = clock()
  return db.transaction().execute(async (trx) => {
    const previos = aplicado(
      await trx
        .selectFrom('reembolsos')
        .selectAll()
        .where('pago_id', '=', pago.id)
        .where('estado', '=', 'aplicado')
        .execute(),
    )
    const saldo = r.balance ?? pago.monto - previos - fila.monto
    const datos = {
      estado: 'aplicado' satisfies EstadoReembolso,
      en_curso_hasta: null,
      resuelto_en: ahora.toISOString(),
      tipo: r.type,
      codigo_autorizacion: r.authorization_code ?? null,
      fecha_autorizacion: r.authorization_date ?? null,
      saldo,
      codigo_respuesta: r.response_code ?? null,
    }
    const hecho = await trx
      .updateTable('reembolsos')
      .set(datos)
      .where('id', '=', fila.id)
      .where('estado', '=', 'en-curso')
      .executeTakeFirst()
    if (Number(hecho.numUpdatedRows) !== 1)
      return trx.selectFrom('reembolsos').selectAll().where('id', '=', fila.id).executeTakeFirstOrThrow()
    const total = previos + fila.monto >= pago.monto
    if (total) {
      await trx
        .updateTable('pagos')
        .set({ estado: 'reembolsado' satisfies EstadoPago })
        .where('id', '=', pago.id)
        .where('estado', '=', 'aprobado')
        .execute()
      await conceptos[pago.concepto as ConceptoPago].alReembolsar(trx, pago.referencia, pago.id)
    }
    // Its nota de crédito, referencing the payment's document, queued with the refund.
    await encolarNotaDeCredito(trx, pago, { ...fila, ...datos }, ahora)
    await notificar(trx, {
      alumnoId: pago.alumno_id,
      tipo: 'pago-reembolsado',
      ocasion: fila.id,
      aviso: avisoPagoReembolsado({
        descripcion: pago.descripcion,
        monto: fila.monto,
        total,
        ruta: rutaResultado(pago),
      }),
      ahora,
    })
    await auditar(trx, autor, {
      accion: 'pago.reembolsar',
      entidad: 'pago',
      entidadId: pago.id,
      alumnoId: pago.alumno_id,
      antes: { estado: pago.estado, reembolsado: previos },
      despues: {
        reembolso: fila.id,
        monto: fila.monto,
        motivo: fila.motivo,
        tipo: r.type,
        saldo,
        ...(total ? { estado: 'reembolsado' } : {}),
      },
    })
    return { ...fila, ...datos }
  })
}

/** A refund the gateway refused: nothing went back. Kept, with the gateway's words, and audited. */
async function rechazar(deps: DependenciasReembolso, autor: Autor, pago: Pago, fila: Reembolso, detalle: string) {
  await deps.db.transaction().execute(async (trx) => {
    const hecho = await trx
      .updateTable('reembolsos')
      .set({
        estado: 'rechazado' satisfies EstadoReembolso,
        en_curso_hasta: null,
        resuelto_en: deps.clock().toISOString(),
        detalle,
      })
      .where('id', '=', fila.id)
      .where('estado', '=', 'en-curso')
      .executeTakeFirst()
    if (Number(hecho.numUpdatedRows) !== 1) return
    await auditar(trx, autor, {
      accion: 'pago.reembolso-rechazado',
      entidad: 'pago',
      entidadId: pago.id,
      alumnoId: pago.alumno_id,
      despues: { reembolso: fila.id, monto: fila.monto, motivo: fila.motivo, detalle },
    })
  })
}

/**
 * Claims whose lease ran out (the gateway did not answer, or the server died), settled from the
 * gateway's status: the balance it reports says whether this refund's money went back. Left
 * claimed when the gateway still cannot say.
 */
async function retomarVencidos(deps: DependenciasReembolso, autor: Autor, pago: Pago): Promise<void> {
  const { db, clock } = deps
  if (!pago.token) return
  const ahora = clock()
  const vencidos = await db
    .selectFrom('reembolsos')
    .selectAll()
    .where('pago_id', '=', pago.id)
    .where('estado', '=', 'en-curso')
    .where('en_curso_hasta', '<=', ahora.toISOString())
    .execute()
  for (const fila of vencidos) {
    // Taken by one server: the lease renewed through a conditional update.
    const tomado = await db
      .updateTable('reembolsos')
      .set({ en_curso_hasta: new Date(ahora.getTime() + PLAZO_REEMBOLSO_MS).toISOString() })
      .where('id', '=', fila.id)
      .where('estado', '=', 'en-curso')
      .where('en_curso_hasta', '<=', ahora.toISOString())
      .executeTakeFirst()
    if (Number(tomado.numUpdatedRows) !== 1) continue
    let saldo: number
    let status: string
    try {
      const estado = await deps.pasarela.estado(pago.token)
      status = estado.status
      saldo = estado.balance ?? (estado.status === 'AUTHORIZED' ? estado.amount : Number.NaN)
    } catch {
      await db
        .updateTable('reembolsos')
        .set({ en_curso_hasta: ahora.toISOString() })
        .where('id', '=', fila.id)
        .execute()
      continue
    }
    const previos = aplicado(await reembolsosDe(db, pago.id))
    // Recorded as done by whoever asked for it, not by whoever's request settled it.
    const quien: Autor = {
      ...autor,
      personal: {
        id: fila.personal_id,
        nombre: fila.personal_nombre,
        rol:
          (await db.selectFrom('personal').select('rol').where('id', '=', fila.personal_id).executeTakeFirst())?.rol ??
          autor.personal.rol,
      },
    }
    if (saldo === pago.monto - previos - fila.monto) {
      await aplicar(deps, quien, pago, fila, { type: status === 'REVERSED' ? 'REVERSED' : 'NULLIFIED', balance: saldo })
    } else if (saldo === pago.monto - previos) {
      await rechazar(deps, quien, pago, fila, 'La pasarela no registra este reembolso.')
    } else {
      await db
        .updateTable('reembolsos')
        .set({ en_curso_hasta: ahora.toISOString() })
        .where('id', '=', fila.id)
        .execute()
    }
  }
}

/** A payment's refunds, oldest first, with their receipts (issuing any that failed before). */
export async function listarReembolsos(
  deps: DependenciasReembolso,
  autor: Autor,
  pago: Pago,
): Promise<{ reembolsos: ReembolsoVista[]; reembolsable: number }> {
  await retomarVencidos(deps, autor, pago)
  const filas = await reembolsosDe(deps.db, pago.id)
  const reembolsos = []
  for (const r of filas) reembolsos.push(vista(r, await emitirComprobante(deps, r)))
  const actual = await deps.db
    .selectFrom('pagos')
    .select(['estado', 'token', 'monto'])
    .where('id', '=', pago.id)
    .executeTakeFirstOrThrow()
  const enCurso = filas.filter((r) => r.estado === 'en-curso').reduce((t, r) => t + r.monto, 0)
  const reembolsable =
    actual.estado === 'aprobado' && actual.token ? Math.max(0, actual.monto - aplicado(filas) - enCurso) : 0
  return { reembolsos, reembolsable }
}
