import * as v from 'valibot'
import { diaEnDireccion, esFechaValida } from './auditoria.ts'
import { MAX_BUSQUEDA, MENSAJE_BUSQUEDA_LARGA, paginaEnDireccionSchema, paginaSchema } from './busqueda-alumnos.ts'
import { sumarDias } from './fechas.ts'
import {
  CONCEPTOS_PAGO,
  ESTADOS_PAGO_CON_REEMBOLSOS,
  type ConceptoPago,
  type EstadoPagoConReembolsos,
} from './pagos.ts'
import { sinCaracteresInvisibles } from './validacion.ts'

// The school's list of payments and the day's reconciliation: their filters, as the server reads
// them from the query string and as the screens keep them in their address. Days are Chile's
// calendar days, both ends included.

/** Payments per page of the list. */
export const TAMANO_PAGINA_PAGOS = 25

/** The longest reconciliation asked for at once: a quarter, so the answer stays small. */
export const MAX_DIAS_CONCILIACION = 92

/** How a payment reached the school: through the gateway, or recorded by staff in person. */
export const MEDIOS_PAGO = ['webpay', 'presencial'] as const
export type MedioPago = (typeof MEDIOS_PAGO)[number]

export const ETIQUETA_MEDIO_PAGO: Record<MedioPago, string> = {
  webpay: 'En línea (Webpay)',
  presencial: 'Presencial',
}

export const ETIQUETA_CONCEPTO_PAGO: Record<ConceptoPago, string> = {
  cuota: 'Cuota de programa',
  postulacion: 'Derecho de postulación a concurso',
}

/**
 * A payment's state as the school reads it (the student's page has longer titles), with what
 * refunds made of an approved one: 'Reembolsado en parte' or 'Reembolsado'.
 */
export const ETIQUETA_ESTADO_PAGO: Record<EstadoPagoConReembolsos, string> = {
  pendiente: 'Pendiente en la pasarela',
  confirmando: 'Confirmando',
  aprobado: 'Aprobado',
  'reembolsado-en-parte': 'Reembolsado en parte',
  reembolsado: 'Reembolsado',
  rechazado: 'Rechazado',
  anulado: 'Anulado por el pagador',
  'tiempo-agotado': 'Tiempo agotado',
  duplicado: 'Duplicado, por devolver',
}

export const MENSAJE_FILTRO_PAGOS = 'Los filtros de la lista de pagos no son válidos.'
export const MENSAJE_FECHA_PAGOS = 'Indique una fecha válida.'
export const MENSAJE_RANGO_PAGOS = 'La fecha «Hasta» no puede ser anterior a la fecha «Desde».'
export const MENSAJE_DESDE_CONCILIACION = 'Indique desde qué día conciliar.'
export const MENSAJE_HASTA_CONCILIACION = 'Indique hasta qué día conciliar.'
export const MENSAJE_RANGO_CONCILIACION = `La conciliación abarca a lo más ${MAX_DIAS_CONCILIACION} días; acorte el rango.`
export const MENSAJE_SIN_PAGOS = 'No hay pagos que coincidan con la búsqueda y los filtros.'
export const MENSAJE_SIN_MOVIMIENTOS = 'No hay pagos aprobados ni reembolsos en esos días.'
export const MENSAJE_SIN_COMPROBANTE = 'Este pago no tiene comprobante: solo los pagos aprobados lo tienen.'
export const MENSAJE_COMPROBANTE_NO_DISPONIBLE =
  'No fue posible emitir el comprobante en este momento. Intente nuevamente en unos minutos.'

const fechaOpcional = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((f) => f === '' || esFechaValida(f), MENSAJE_FECHA_PAGOS),
)

/**
 * What the list's search box finds: the student (a RUT whole or its first digits, with or without
 * dots; words of the name; e-mail; student code; passport), the gateway's buy order or
 * authorization code, or an enrolment code, each typed whole.
 */
const busquedaSchema = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  sinCaracteresInvisibles(),
  v.maxLength(MAX_BUSQUEDA, MENSAJE_BUSQUEDA_LARGA),
)

/** The list's query string (strings only); a value it does not know is a 400. Empty means "all". */
export const consultaPagosSchema = v.pipe(
  v.object({
    q: busquedaSchema,
    /** The state as the school reads it ('reembolsado-en-parte' included). */
    estado: v.optional(v.picklist(['', ...ESTADOS_PAGO_CON_REEMBOLSOS], MENSAJE_FILTRO_PAGOS), ''),
    concepto: v.optional(v.picklist(['', ...CONCEPTOS_PAGO], MENSAJE_FILTRO_PAGOS), ''),
    /** A program's code (solicitudes.curso). */
    programa: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      sinCaracteresInvisibles(),
      v.maxLength(100, MENSAJE_FILTRO_PAGOS),
    ),
    desde: fechaOpcional,
    hasta: fechaOpcional,
    pagina: paginaSchema(),
  }),
  v.forward(
    v.check((c) => c.desde === '' || c.hasta === '' || c.desde <= c.hasta, MENSAJE_RANGO_PAGOS),
    ['hasta'],
  ),
)
export type ConsultaPagos = v.InferOutput<typeof consultaPagosSchema>

/** Days between two calendar days, both included ('2026-03-01'..'2026-03-01' is 1). */
export function diasEnRango(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000) + 1
}

/** The reconciliation's query: both days required, in order, at most MAX_DIAS_CONCILIACION. */
export const consultaConciliacionSchema = v.pipe(
  v.object({
    // Absent reads as empty, so a missing day gets its own message too.
    desde: v.pipe(
      v.optional(v.string(MENSAJE_DESDE_CONCILIACION), ''),
      v.trim(),
      v.check(esFechaValida, MENSAJE_DESDE_CONCILIACION),
    ),
    hasta: v.pipe(
      v.optional(v.string(MENSAJE_HASTA_CONCILIACION), ''),
      v.trim(),
      v.check(esFechaValida, MENSAJE_HASTA_CONCILIACION),
    ),
  }),
  v.forward(
    v.check((c) => c.desde <= c.hasta, MENSAJE_RANGO_PAGOS),
    ['hasta'],
  ),
  v.forward(
    v.check((c) => diasEnRango(c.desde, c.hasta) <= MAX_DIAS_CONCILIACION, MENSAJE_RANGO_CONCILIACION),
    ['hasta'],
  ),
)
export type ConsultaConciliacion = v.InferOutput<typeof consultaConciliacionSchema>

// ---------------------------------------------------------------------------------------------
// The filters in the screens' addresses: what cannot be read is the default, and defaults are
// left out of the address.
// ---------------------------------------------------------------------------------------------

export type FiltrosPagos = {
  q: string
  estado: EstadoPagoConReembolsos | ''
  concepto: ConceptoPago | ''
  programa: string
  desde: string
  hasta: string
  pagina: number
}

const filtrosEnDireccionSchema = v.object({
  q: v.fallback(v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(MAX_BUSQUEDA)), ''),
  estado: v.fallback(v.optional(v.picklist(['', ...ESTADOS_PAGO_CON_REEMBOLSOS]), ''), ''),
  concepto: v.fallback(v.optional(v.picklist(['', ...CONCEPTOS_PAGO]), ''), ''),
  programa: v.fallback(v.pipe(v.optional(v.string(), ''), v.maxLength(100)), ''),
  desde: diaEnDireccion,
  hasta: diaEnDireccion,
  pagina: paginaEnDireccionSchema,
})

export function leerFiltrosPagos(direccion: Record<string, unknown>): FiltrosPagos {
  return v.parse(filtrosEnDireccionSchema, direccion)
}

export function filtrosPagosEnDireccion(f: FiltrosPagos) {
  const texto = (valor: string) => (valor === '' ? undefined : valor)
  return {
    q: texto(f.q),
    estado: texto(f.estado),
    concepto: texto(f.concepto),
    programa: texto(f.programa),
    desde: texto(f.desde),
    hasta: texto(f.hasta),
    pagina: f.pagina === 1 ? undefined : String(f.pagina),
  }
}

/** The reconciliation's days in its address; the last seven days up to `hoy` by default. */
export function leerRangoConciliacion(direccion: Record<string, unknown>, hoy: string): ConsultaConciliacion {
  const leido = v.safeParse(consultaConciliacionSchema, {
    desde: direccion.desde ?? sumarDias(hoy, -6),
    hasta: direccion.hasta ?? hoy,
  })
  return leido.success ? leido.output : { desde: sumarDias(hoy, -6), hasta: hoy }
}
