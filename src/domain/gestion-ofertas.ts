import * as v from 'valibot'
import { esFechaValida } from './auditoria.ts'
import { emailSchema } from './email.ts'
import { ofertaVigente } from './ofertas-laborales.ts'
import { sinCaracteresInvisibles, textoRequerido } from './validacion.ts'

// Job offers as the school runs them (/admin/ofertas): the rules of an offer's data, shared by the
// form and the server, and where an offer stands. An offer is listed to students from the day it
// is published to the day it closes (both included, Chile's days) unless the school closed it
// earlier. The home tile's setting lives with them.

export const ESTADOS_OFERTA = ['programada', 'vigente', 'vencida', 'cerrada'] as const
export type EstadoOferta = (typeof ESTADOS_OFERTA)[number]

export const ESTADO_OFERTA_EN_PALABRAS: Readonly<Record<EstadoOferta, string>> = {
  programada: 'Programada (aún no se publica)',
  vigente: 'Vigente',
  vencida: 'Vencida',
  cerrada: 'Cerrada por la escuela',
}

/** Where an offer stands today (`hoy` is Chile's day). */
export function estadoOferta(o: { publicadaEl: string; cierraEl: string; cerradaEn: string | null }, hoy: string) {
  if (o.cerradaEn) return 'cerrada' as const
  if (ofertaVigente(o, hoy)) return 'vigente' as const
  return hoy < o.publicadaEl ? ('programada' as const) : ('vencida' as const)
}

export const MAXIMO_DESCRIPCION_OFERTA = 4000

export const MENSAJE_INSTITUCION = 'Indique la institución (hasta 160 caracteres).'
export const MENSAJE_CARGO = 'Indique el cargo (hasta 160 caracteres).'
export const MENSAJE_CIUDAD_OFERTA = 'Indique la ciudad (hasta 80 caracteres).'
export const MENSAJE_DESCRIPCION_OFERTA = `Describa la oferta (hasta ${MAXIMO_DESCRIPCION_OFERTA} caracteres).`
export const MENSAJE_FECHA_OFERTA = 'Indique una fecha válida.'
export const MENSAJE_VIGENCIA_OFERTA = 'El cierre de la oferta no puede ser anterior a su publicación.'
export const MENSAJE_CONTACTO_NOMBRE = 'Indique el nombre del contacto (hasta 120 caracteres).'
export const MENSAJE_OFERTA_NO_ENCONTRADA = 'Oferta laboral no encontrada.'
export const MENSAJE_OFERTA_YA_CERRADA = 'La oferta ya está cerrada.'
export const MENSAJE_MOSAICO = 'Indique si el mosaico se muestra (sí o no).'

const fechaSchema = v.pipe(
  v.string(MENSAJE_FECHA_OFERTA),
  v.trim(),
  v.check((f) => esFechaValida(f), MENSAJE_FECHA_OFERTA),
)

/** An offer's data, created or edited (the school's form and POST/PUT /api/admin/ofertas). */
export const ofertaSchema = v.pipe(
  v.object({
    institucion: textoRequerido(160, MENSAJE_INSTITUCION),
    cargo: textoRequerido(160, MENSAJE_CARGO),
    ciudad: textoRequerido(80, MENSAJE_CIUDAD_OFERTA),
    descripcion: v.pipe(
      v.string(MENSAJE_DESCRIPCION_OFERTA),
      v.trim(),
      v.nonEmpty(MENSAJE_DESCRIPCION_OFERTA),
      v.maxLength(MAXIMO_DESCRIPCION_OFERTA, MENSAJE_DESCRIPCION_OFERTA),
      // Paragraphs are allowed; other control characters are not.
      sinCaracteresInvisibles(MENSAJE_DESCRIPCION_OFERTA, { lineas: true }),
    ),
    publicadaEl: fechaSchema,
    cierraEl: fechaSchema,
    contactoNombre: textoRequerido(120, MENSAJE_CONTACTO_NOMBRE),
    contactoEmail: emailSchema,
  }),
  v.forward(
    v.partialCheck([['publicadaEl'], ['cierraEl']], (o) => o.publicadaEl <= o.cierraEl, MENSAJE_VIGENCIA_OFERTA),
    ['cierraEl'],
  ),
)
export type DatosOferta = v.InferOutput<typeof ofertaSchema>

/** The home tile's setting: whether the students' home page shows 'Ofertas Laborales'. */
export const mosaicoOfertasSchema = v.object({ visible: v.boolean(MENSAJE_MOSAICO) })
