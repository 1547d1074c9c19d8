import {
  ETIQUETA_ESTADO_DOCUMENTO_TRIBUTARIO,
  type EstadoDocumentoTributario,
  type TipoDte,
} from './documento-tributario.ts'
import { sumarDias } from './fechas.ts'
import type { MedioPago } from './busqueda-pagos.ts'
import { tipoReembolsoEnFrase } from './reembolsos.ts'

// The day's reconciliation, as the gateway settles it: every sale approved on a day and every
// refund applied on a day, netted per payment method. A refund counts on the day it was applied,
// not on the day of the payment it gives back, because that is when the gateway takes it from
// the school's deposit (Transbank nets reversals and nullifications against the day's sales). So a
// day already reconciled never changes when one of its payments is refunded later.

/** A sale ('pago': approved online or recorded in person) or a refund given back through the gateway. */
export const TIPOS_MOVIMIENTO = ['pago', 'reembolso'] as const
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number]

/**
 * A movement in words: 'Pago en línea', 'Pago presencial', or a refund with how the gateway gave
 * it back ('Reembolso (devuelto a la tarjeta)'; `tipoReembolso` is the gateway's REVERSED or
 * NULLIFIED).
 */
export function movimientoEnPalabras(m: { tipo: TipoMovimiento; medio: MedioPago; tipoReembolso: string | null }) {
  if (m.tipo === 'pago') return m.medio === 'presencial' ? 'Pago presencial' : 'Pago en línea'
  const como = tipoReembolsoEnFrase(m.tipoReembolso)
  return como ? `Reembolso (${como})` : 'Reembolso'
}

/** What one movement needs to be counted: its kind, how the money moved, its day in Chile, its amount (positive). */
export type MovimientoContable = { tipo: TipoMovimiento; medio: MedioPago; dia: string; monto: number }

export type Suma = { cantidad: number; monto: number }

/** One method's (or all methods') movements: sales, refunds and what the school keeps of them. */
export type ConciliacionMedio = { pagos: Suma; reembolsos: Suma; neto: number }

export type ConciliacionPorMedio = Record<MedioPago | 'total', ConciliacionMedio>

export type ConciliacionDia = { fecha: string } & ConciliacionPorMedio

const vacio = (): ConciliacionMedio => ({
  pagos: { cantidad: 0, monto: 0 },
  reembolsos: { cantidad: 0, monto: 0 },
  neto: 0,
})

function porMedio(): ConciliacionPorMedio {
  return { webpay: vacio(), presencial: vacio(), total: vacio() }
}

function sumar(destino: ConciliacionMedio, m: MovimientoContable): void {
  const suma = m.tipo === 'pago' ? destino.pagos : destino.reembolsos
  suma.cantidad += 1
  suma.monto += m.monto
  destino.neto += m.tipo === 'pago' ? m.monto : -m.monto
}

/**
 * Every day from `desde` to `hasta` (days without movements too), each with its sales, refunds and
 * net per method and in all, and the range's totals. Movements outside the range are left out.
 */
export function conciliar(
  movimientos: readonly MovimientoContable[],
  desde: string,
  hasta: string,
): { dias: ConciliacionDia[]; total: ConciliacionPorMedio } {
  const dias = new Map<string, ConciliacionDia>()
  for (let d = desde; d <= hasta; d = sumarDias(d, 1)) dias.set(d, { fecha: d, ...porMedio() })
  const total = porMedio()
  for (const m of movimientos) {
    const dia = dias.get(m.dia)
    if (!dia) continue
    for (const destino of [dia[m.medio], dia.total, total[m.medio], total.total]) sumar(destino, m)
  }
  return { dias: [...dias.values()], total }
}

/** A movement's amount as a ledger writes it: a refund takes away (negative). */
export function montoConSigno(m: Pick<MovimientoContable, 'tipo' | 'monto'>): number {
  return m.tipo === 'reembolso' ? -m.monto : m.monto
}

/**
 * The moment a movement counts for. A payment: the transaction date the gateway reported, or when
 * it was settled (one recorded in person: when staff recorded it). A refund: the date the gateway
 * authorized it (a nullification reports one), or when the portal applied it (a reversal does not).
 * A date the gateway wrote that cannot be read falls back to the portal's own.
 */
export function momentoDeMovimiento(delGateway: string | null, propio: string): Date {
  const momento = new Date(delGateway ?? propio)
  return Number.isNaN(momento.getTime()) ? new Date(propio) : momento
}

/** How many sales and refunds a range had, in words: '3 pagos aprobados y 1 reembolso'. */
export function cuentaDeMovimientos({ pagos, reembolsos }: Pick<ConciliacionMedio, 'pagos' | 'reembolsos'>): string {
  const aprobados = `${pagos.cantidad} ${pagos.cantidad === 1 ? 'pago aprobado' : 'pagos aprobados'}`
  if (reembolsos.cantidad === 0) return aprobados
  return `${aprobados} y ${reembolsos.cantidad} ${reembolsos.cantidad === 1 ? 'reembolso' : 'reembolsos'}`
}

/** A movement's tax document, as the reconciliation shows it: a sale's boleta or factura, a refund's nota de crédito. */
export type DocumentoDeMovimiento = {
  tipo: TipoDte
  nombreTipo: string
  folio: number | null
  estado: EstadoDocumentoTributario
}

/** How the spreadsheet writes it: 'Boleta exenta electrónica', or '… (en proceso)' while it has no folio. */
export function documentoDeMovimientoEnPalabras(d: DocumentoDeMovimiento | null): string {
  if (!d) return 'Sin documento tributario'
  return d.folio === null
    ? `${d.nombreTipo} (${ETIQUETA_ESTADO_DOCUMENTO_TRIBUTARIO[d.estado].toLowerCase()})`
    : d.nombreTipo
}
