// A student's payments as routes/pagos.ts serves them (/api/pagos): an enrolment's installments
// (getPagosTB), a payment's outcome and its tax documents, and the gateway's return. Only the
// student's own: another student's enrolment or payment reads as missing.
import { pagoEnCurso, type EstadoPago } from '../../src/domain/pagos.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Alumno, Pago } from '../db/schema.ts'
import { documentosDePago } from '../tributario/documentos.ts'
import { despacharDocumentos } from '../tributario/programador.ts'
import { cuotasDeSolicitudes } from './cuotas-de-solicitud.ts'
import { dependenciasPago } from './dependencias.ts'
import { clasificarRetorno, comprobanteDe, procesarRetorno, reconciliar, rutaResultado } from './flujo.ts'

/**
 * The installments of one of the student's enrolments paid online, with today's date; null for
 * another student's enrolment, a missing one and one without online payment alike.
 */
export async function cuotasDeInscripcion(deps: Dependencias, alumno: Alumno, codigo: string) {
  const { db, clock } = deps
  const solicitud = await db
    .selectFrom('solicitudes')
    .select(['codigo_inscripcion', 'nombre_curso', 'habilita_tb'])
    .where('codigo_inscripcion', '=', codigo)
    .where('alumno_id', '=', alumno.id)
    .executeTakeFirst()
  if (!solicitud || solicitud.habilita_tb !== 1) return null
  const hoy = fechaEnChile(clock())
  const cuotas = (await cuotasDeSolicitudes(db, [solicitud.codigo_inscripcion], hoy)).get(solicitud.codigo_inscripcion)
  return {
    codigoInscripcion: solicitud.codigo_inscripcion,
    programa: solicitud.nombre_curso,
    hoy,
    cuotas: cuotas ?? [],
  }
}

function pagoDeAlumno(db: Db, alumno: Alumno, id: string) {
  return db.selectFrom('pagos').selectAll().where('id', '=', id).where('alumno_id', '=', alumno.id).executeTakeFirst()
}

/** The tax documents of one of the student's payments, or null when it is not theirs. */
export async function documentosTributariosDePago(db: Db, alumno: Alumno, id: string) {
  const pago = await pagoDeAlumno(db, alumno, id)
  return pago ? documentosDePago(db, pago.id, false) : null
}

function resultadoJson(p: Pago, comprobante: string | null) {
  return {
    id: p.id,
    estado: p.estado as EstadoPago,
    concepto: p.concepto,
    referencia: p.referencia,
    descripcion: p.descripcion,
    monto: p.monto,
    codigoInscripcion: p.codigo_inscripcion,
    rutaVolver: p.ruta_volver,
    ordenCompra: p.orden_compra,
    detalle: p.detalle,
    codigoAutorizacion: p.codigo_autorizacion,
    ultimosDigitos: p.ultimos_digitos,
    tipoPago: p.tipo_pago,
    numeroCuotas: p.numero_cuotas,
    fechaTransaccion: p.fecha_transaccion,
    creadoEn: p.creado_en,
    resueltoEn: p.resuelto_en,
    /** The signed receipt's download link, once approved. */
    comprobante,
  }
}

/**
 * One of the student's payments as its outcome page reads it, or null when it is not theirs. A
 * payment still at the gateway is first settled from what the gateway says of it.
 */
export async function resultadoDePago(deps: Dependencias, alumno: Alumno, id: string) {
  const dp = dependenciasPago(deps)
  let pago = await pagoDeAlumno(dp.db, alumno, id)
  if (!pago) return null
  if (pagoEnCurso(pago.estado as EstadoPago)) {
    await reconciliar(dp, pago)
    pago = (await pagoDeAlumno(dp.db, alumno, id)) ?? pago
  }
  return resultadoJson(pago, await comprobanteDe(dp, pago))
}

/** What the gateway's return comes to: fields it does not recognise, no payment of ours, or the outcome page to show. */
export type ResultadoRetorno = { tipo: 'no-reconocido' } | { tipo: 'no-encontrado' } | { tipo: 'ok'; ruta: string }

/** The gateway's return, with the fields it sent: the payment settled only as the gateway itself confirms. */
export async function recibirRetorno(deps: Dependencias, campos: Record<string, string>): Promise<ResultadoRetorno> {
  const r = clasificarRetorno(campos)
  if (!r) return { tipo: 'no-reconocido' }
  const pago = await procesarRetorno(dependenciasPago(deps), r)
  // An approval just queued its tax document: issued now in the background, not awaited.
  if (pago?.estado === 'aprobado') despacharDocumentos(deps)
  if (!pago) return { tipo: 'no-encontrado' }
  return { tipo: 'ok', ruta: rutaResultado(pago) }
}
