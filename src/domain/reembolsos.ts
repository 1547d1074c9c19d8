import * as v from 'valibot'
import { formatearClp } from './moneda.ts'
import { textoRequerido } from './validacion.ts'

// Refunds of online payments by the school's staff, through the gateway's refund operation: the
// rules the refund dialog and the server share. A refund gives back the whole payment or part of
// what remains of it, says why, and is applied at most once per confirmation however often it is
// sent (the dialog's idempotency key). A payment refunded in full leaves what it paid unpaid again.

export const MAXIMO_MOTIVO_REEMBOLSO = 500

export const MENSAJE_MONTO_REEMBOLSO = 'Indique el monto a reembolsar en pesos, un número entero mayor que cero.'
export const MENSAJE_MOTIVO_REEMBOLSO = `Indique el motivo del reembolso (hasta ${MAXIMO_MOTIVO_REEMBOLSO} caracteres).`
export const MENSAJE_PAGO_NO_REEMBOLSABLE = 'Solo se pueden reembolsar pagos en línea aprobados.'
export const MENSAJE_NADA_POR_REEMBOLSAR = 'Este pago ya fue reembolsado por completo.'
export const MENSAJE_REEMBOLSO_EN_CURSO =
  'Hay un reembolso de este pago en curso. Espere su resultado antes de pedir otro.'
export const MENSAJE_REEMBOLSO_SIN_RESPUESTA =
  'La pasarela de pago no respondió, así que aún no sabemos si el reembolso se aplicó. Revise los reembolsos de este pago en unos minutos antes de intentarlo de nuevo.'
export const MENSAJE_FALTA_CLAVE_REEMBOLSO =
  'Falta la clave de envío (Idempotency-Key) del reembolso: recargue la página e intente nuevamente.'

/** The gateway refused it (its own words follow): no money was given back. */
export function mensajeReembolsoRechazado(detalle: string | null): string {
  return `La pasarela de pago rechazó el reembolso${detalle ? ` (${detalle})` : ''}. No se devolvió dinero.`
}

/** What remains refundable, for the message of an amount over it. */
export function mensajeMontoExcede(reembolsable: number): string {
  return `El monto no puede superar lo que queda por reembolsar de este pago (${formatearClp(reembolsable)}).`
}

function montoValido(reembolsable: number) {
  return v.pipe(
    v.number(MENSAJE_MONTO_REEMBOLSO),
    v.integer(MENSAJE_MONTO_REEMBOLSO),
    v.minValue(1, MENSAJE_MONTO_REEMBOLSO),
    v.maxValue(reembolsable, mensajeMontoExcede(reembolsable)),
  )
}

/**
 * A refund as asked for, against what remains refundable of the payment: the server checks the
 * body with it, first for its shape, then against what the database says remains.
 */
export function reembolsoSchema(reembolsable: number) {
  return v.object({
    monto: montoValido(reembolsable),
    motivo: textoRequerido(MAXIMO_MOTIVO_REEMBOLSO, MENSAJE_MOTIVO_REEMBOLSO),
  })
}

/** The same rules over the dialog's fields, as typed ('150.000' reads as 150000). */
export function formularioReembolsoSchema(reembolsable: number) {
  return v.object({
    monto: v.pipe(
      v.string(MENSAJE_MONTO_REEMBOLSO),
      v.transform((texto) => leerMonto(texto) ?? Number.NaN),
      montoValido(reembolsable),
    ),
    motivo: textoRequerido(MAXIMO_MOTIVO_REEMBOLSO, MENSAJE_MOTIVO_REEMBOLSO),
  })
}

/** The body as the server first reads it, before it knows what remains of the payment. */
export const cuerpoReembolsoSchema = reembolsoSchema(Number.MAX_SAFE_INTEGER)
export type NuevoReembolso = v.InferOutput<typeof cuerpoReembolsoSchema>

/** What remains refundable: the payment less its refunds applied or in course. */
export function montoReembolsable(montoPago: number, reembolsos: readonly { monto: number; estado: string }[]): number {
  const usado = reembolsos
    .filter((r) => r.estado === 'aplicado' || r.estado === 'en-curso')
    .reduce((total, r) => total + r.monto, 0)
  return Math.max(0, montoPago - usado)
}

/**
 * An amount as staff type it ('120000', '120.000', '$ 120.000'): the integer, or null when it is
 * not one (decimals, letters, nothing).
 */
export function leerMonto(texto: string): number | null {
  const limpio = texto.replace(/[\s$]/g, '')
  if (!/^(\d{1,3}(\.\d{3})+|\d+)$/.test(limpio)) return null
  const n = Number(limpio.replace(/\./g, ''))
  return Number.isSafeInteger(n) ? n : null
}

export const ESTADOS_REEMBOLSO = ['en-curso', 'aplicado', 'rechazado'] as const
export type EstadoReembolso = (typeof ESTADOS_REEMBOLSO)[number]

export const ETIQUETA_ESTADO_REEMBOLSO: Record<EstadoReembolso, string> = {
  'en-curso': 'En curso en la pasarela',
  aplicado: 'Reembolso aplicado',
  rechazado: 'Rechazado por la pasarela',
}

/**
 * How the gateway gave the money back, in plain words: Webpay answers REVERSED (the whole charge
 * undone on the day it was made, so it is never settled) or NULLIFIED (part or all of it returned
 * to the card later).
 */
export const ETIQUETA_TIPO_REEMBOLSO: Record<string, string> = {
  REVERSED: 'Cargo anulado el mismo día',
  NULLIFIED: 'Devuelto a la tarjeta',
}

/** The same inside a phrase ('devuelto a la tarjeta'); null for a type the gateway did not give. */
export function tipoReembolsoEnFrase(tipo: string | null): string | null {
  const etiqueta = tipo ? ETIQUETA_TIPO_REEMBOLSO[tipo] : undefined
  return etiqueta ? etiqueta.charAt(0).toLowerCase() + etiqueta.slice(1) : null
}

/**
 * A refund's outcome in one phrase: 'Reembolso aplicado (devuelto a la tarjeta)', 'Rechazado por
 * la pasarela: <its words>', 'En curso en la pasarela'.
 */
export function reembolsoEnPalabras(r: {
  estado: EstadoReembolso
  tipo: string | null
  detalle: string | null
}): string {
  const estado = ETIQUETA_ESTADO_REEMBOLSO[r.estado]
  const como = tipoReembolsoEnFrase(r.tipo)
  if (r.estado === 'aplicado' && como) return `${estado} (${como})`
  if (r.estado === 'rechazado' && r.detalle) return `${estado}: ${r.detalle}`
  return estado
}

/** A refund as the staff's API returns it. */
export type ReembolsoVista = {
  id: string
  pagoId: string
  monto: number
  motivo: string
  estado: EstadoReembolso
  /** 'REVERSED' | 'NULLIFIED', once applied. */
  tipo: string | null
  codigoAutorizacion: string | null
  fechaAutorizacion: string | null
  /** What remained of the payment after it, as the gateway said. */
  saldo: number | null
  detalle: string | null
  personal: string
  creadoEn: string
  resueltoEn: string | null
  /** The signed refund receipt, once issued. */
  comprobante: string | null
}
