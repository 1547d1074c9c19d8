import * as v from 'valibot'
import { NUMERO_CUOTA } from './numero-cuota.ts'
import { textoRequerido } from './validacion.ts'

// Payments: program installments (cuotas) and what a payment through the gateway ends as. Shared
// by the screens and the server, so an installment reads 'Vencida' on both for the same reasons.

/** The things a student can pay: a program installment, a contest's application fee. */
export const CONCEPTOS_PAGO = ['cuota', 'postulacion'] as const
export type ConceptoPago = (typeof CONCEPTOS_PAGO)[number]

export const MENSAJE_CONCEPTO_PAGO = 'Indique qué desea pagar.'
export const MENSAJE_REFERENCIA_PAGO = 'Indique el cargo que desea pagar.'

/** The body of `POST /api/pagos`: what to pay; the amount is always the server's. */
export const crearPagoSchema = v.object({
  concepto: v.picklist(CONCEPTOS_PAGO, MENSAJE_CONCEPTO_PAGO),
  referencia: textoRequerido(100, MENSAJE_REFERENCIA_PAGO),
})
export type CrearPago = v.InferOutput<typeof crearPagoSchema>

/** An installment's reference in a payment: the enrolment code and the installment's number. */
export function referenciaCuota(codigoInscripcion: string, numero: number): string {
  return `${codigoInscripcion}/${numero}`
}

/** The enrolment and number of an installment reference, or null when it is not one. */
export function leerReferenciaCuota(referencia: string): { codigoInscripcion: string; numero: number } | null {
  const [codigoInscripcion, numero, ...resto] = referencia.split('/')
  if (!codigoInscripcion || numero === undefined || resto.length > 0 || !NUMERO_CUOTA.test(numero)) return null
  return { codigoInscripcion, numero: Number(numero) }
}

// ---------------------------------------------------------------------------------------------
// Installments
// ---------------------------------------------------------------------------------------------

export const ESTADOS_CUOTA = ['pagada', 'pendiente', 'vencida'] as const
export type EstadoCuota = (typeof ESTADOS_CUOTA)[number]

/** How each state reads: in words, never in colour alone. */
export const ETIQUETA_ESTADO_CUOTA: Record<EstadoCuota, string> = {
  pagada: 'Pagada',
  pendiente: 'Pendiente',
  vencida: 'Vencida',
}

/**
 * Paid once a payment applied to it; otherwise overdue from the day after its due date (it can
 * still be paid on the day itself), pending before. `hoy` is the date in Chile, 'yyyy-mm-dd'.
 */
export function estadoCuota(cuota: { pagada: boolean; vencimiento: string }, hoy: string): EstadoCuota {
  if (cuota.pagada) return 'pagada'
  return cuota.vencimiento < hoy ? 'vencida' : 'pendiente'
}

export function sePuedePagar(estado: EstadoCuota): boolean {
  return estado !== 'pagada'
}

export const MENSAJE_SIN_CUOTAS = 'Esta solicitud no tiene cuotas por pagar en línea.'
export const MENSAJE_INSCRIPCION_SIN_PAGOS = 'Solicitud no encontrada o sin pago en línea habilitado.'
export const MENSAJE_CUOTA_NO_ENCONTRADA = 'Cuota no encontrada.'
export const MENSAJE_CUOTA_PAGADA = 'Esta cuota ya está pagada.'
export const MENSAJE_PAGO_NO_ENCONTRADO = 'Pago no encontrado.'
export const MENSAJE_PASARELA_NO_DISPONIBLE =
  'No fue posible comunicarse con la pasarela de pago. Intente nuevamente en unos minutos.'
export const MENSAJE_DEMASIADOS_PAGOS =
  'Inició demasiados pagos en poco tiempo. Espere unos minutos antes de intentar pagar nuevamente.'
export const MENSAJE_PAGO_SIN_CONEXION =
  'Sin conexión: para pagar se necesita internet, porque el pago se hace en la pasarela de pago. Conéctese e intente nuevamente.'

// ---------------------------------------------------------------------------------------------
// A payment's outcome
// ---------------------------------------------------------------------------------------------

/**
 * 'pendiente': sent to the gateway, the payer not back yet. 'confirmando': back from the gateway
 * and claimed, so no other payment of the same thing can be committed, while the gateway commits
 * it. The others are final: approved, rejected (by the bank, the gateway's error page, or because
 * another payment had already paid it), cancelled by the payer, timed out at the gateway, and
 * 'duplicado': charged although the same thing had already been paid (left by the flow before
 * payments claimed what they pay), to be refunded by the school. 'reembolsado': approved, then
 * given back in full by the school (a partial refund leaves it 'aprobado').
 */
export const ESTADOS_PAGO = [
  'pendiente',
  'confirmando',
  'aprobado',
  'rechazado',
  'anulado',
  'tiempo-agotado',
  'duplicado',
  'reembolsado',
] as const
export type EstadoPago = (typeof ESTADOS_PAGO)[number]

/** Not settled yet: its outcome page keeps asking. */
export function pagoEnCurso(estado: EstadoPago): boolean {
  return estado === 'pendiente' || estado === 'confirmando'
}

export const TITULO_ESTADO_PAGO: Record<EstadoPago, string> = {
  pendiente: 'Pago en proceso',
  confirmando: 'Confirmando el pago',
  aprobado: 'Pago aprobado',
  rechazado: 'Pago rechazado',
  anulado: 'Pago anulado por el usuario',
  'tiempo-agotado': 'Tiempo agotado',
  duplicado: 'Pago duplicado, en devolución',
  reembolsado: 'Pago reembolsado',
}

export const EXPLICACION_ESTADO_PAGO: Record<EstadoPago, string> = {
  pendiente:
    'Aún no recibimos la respuesta de la pasarela de pago. Esta página se actualizará sola; no vuelva a pagar mientras tanto.',
  confirmando:
    'Estamos confirmando su pago con la pasarela de pago. Esta página se actualizará sola; no vuelva a pagar mientras tanto.',
  aprobado: 'Su pago fue aprobado y quedó registrado.',
  rechazado: 'El pago fue rechazado y no se realizó ningún cargo. Puede intentarlo nuevamente con otra tarjeta.',
  anulado: 'Usted anuló el pago en la pasarela; no se realizó ningún cargo.',
  'tiempo-agotado':
    'Se agotó el tiempo para completar el pago en la pasarela; no se realizó ningún cargo. Puede intentarlo nuevamente.',
  duplicado: 'Este cargo se realizó, pero lo mismo ya estaba pagado: la escuela le devolverá este monto.',
  reembolsado:
    'La escuela le devolvió el monto de este pago a través de la pasarela de pago; lo que pagaba quedó pendiente nuevamente.',
}

// ---------------------------------------------------------------------------------------------
// A payment's money after refunds
// ---------------------------------------------------------------------------------------------

/**
 * Whether the money was taken: approved (online or in person), refunded afterwards, or charged
 * twice ('duplicado'). The others never reached the payer's card or the school's desk.
 */
export function fueCobrado(estado: EstadoPago): boolean {
  return estado === 'aprobado' || estado === 'reembolsado' || estado === 'duplicado'
}

/** What a payment took, what the school gave back of it and what the school keeps, in CLP. */
export type SaldoDePago = { pagado: number; reembolsado: number; queda: number }

/**
 * The money of a payment given its applied refunds: null for one that took nothing (rejected,
 * cancelled, still at the gateway), whose amount was only asked for.
 */
export function saldoDePago(estado: EstadoPago, monto: number, reembolsado: number): SaldoDePago | null {
  if (!fueCobrado(estado)) return null
  const devuelto = Math.min(Math.max(0, reembolsado), monto)
  return { pagado: monto, reembolsado: devuelto, queda: monto - devuelto }
}

/**
 * A payment's state as the school reads it: the stored state, except that an approved payment
 * with part of it given back is 'reembolsado-en-parte' (the database keeps it 'aprobado', since
 * what it paid stays paid), and one given back whole reads 'reembolsado' even before its row says so.
 */
export const ESTADOS_PAGO_CON_REEMBOLSOS = [
  'pendiente',
  'confirmando',
  'aprobado',
  'reembolsado-en-parte',
  'reembolsado',
  'rechazado',
  'anulado',
  'tiempo-agotado',
  'duplicado',
] as const satisfies readonly (EstadoPago | 'reembolsado-en-parte')[]
export type EstadoPagoConReembolsos = (typeof ESTADOS_PAGO_CON_REEMBOLSOS)[number]

export function estadoConReembolsos(estado: EstadoPago, monto: number, reembolsado: number): EstadoPagoConReembolsos {
  if (estado !== 'aprobado' || reembolsado <= 0) return estado
  return reembolsado >= monto ? 'reembolsado' : 'reembolsado-en-parte'
}

/** How the gateway's payment type codes read. */
export const TIPO_PAGO: Record<string, string> = {
  VD: 'Venta débito',
  VN: 'Venta normal (crédito)',
  VC: 'Venta en cuotas',
  SI: '3 cuotas sin interés',
  S2: '2 cuotas sin interés',
  NC: 'N cuotas sin interés',
  VP: 'Venta prepago',
}
