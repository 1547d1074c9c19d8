import * as v from 'valibot'
import { paginaEnDireccionSchema, paginaSchema } from './busqueda-alumnos.ts'
import { sinCaracteresInvisibles } from './validacion.ts'

// The audit trail as the school reads it: a student's history on their page, and the whole log
// (admins only) filtered by staff member, action and a range of Chile's calendar days.

/** Rows per page of a history and of the log. */
export const TAMANO_PAGINA_AUDITORIA = 30

export const MENSAJE_FECHA_INVALIDA = 'Indique la fecha como aaaa-mm-dd.'
export const MENSAJE_RANGO_INVALIDO = 'La fecha inicial no puede ser posterior a la fecha final.'
export const MENSAJE_FILTRO_INVALIDO = 'El filtro indicado no es válido.'
export const MENSAJE_SIN_EVENTOS = 'No hay acciones registradas que coincidan con los filtros.'
export const MENSAJE_SIN_HISTORIAL = 'Aún no hay acciones del personal registradas sobre este alumno.'

/** A calendar day as 'aaaa-mm-dd' that exists. */
export function esFechaValida(fecha: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) return false
  const [anio, mes, dia] = fecha.split('-').map(Number)
  const d = new Date(Date.UTC(anio ?? 0, (mes ?? 1) - 1, dia ?? 1))
  return d.toISOString().slice(0, 10) === fecha
}

const fechaOpcional = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((f) => f === '' || esFechaValida(f), MENSAJE_FECHA_INVALIDA),
)

const filtroOpcional = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  sinCaracteresInvisibles(),
  v.maxLength(100, MENSAJE_FILTRO_INVALIDO),
)

/** The whole log's filters: staff member (their id), action, from and to (Chile's days, both included). */
export const consultaAuditoriaSchema = v.pipe(
  v.object({
    personal: filtroOpcional,
    accion: filtroOpcional,
    desde: fechaOpcional,
    hasta: fechaOpcional,
    pagina: paginaSchema(),
  }),
  v.forward(
    v.check((c) => c.desde === '' || c.hasta === '' || c.desde <= c.hasta, MENSAJE_RANGO_INVALIDO),
    ['hasta'],
  ),
)
export type ConsultaAuditoria = v.InferOutput<typeof consultaAuditoriaSchema>

/** The log's filters as the screen holds them. */
export type FiltrosAuditoria = { personal: string; accion: string; desde: string; hasta: string; pagina: number }

const textoEnDireccion = v.fallback(v.optional(v.string(), ''), '')
/** A day in a screen's address ('aaaa-mm-dd'): '' when it is none or cannot be read. */
export const diaEnDireccion = v.fallback(
  v.pipe(
    v.optional(v.string(), ''),
    v.check((f) => f === '' || esFechaValida(f)),
  ),
  '',
)
const filtrosEnDireccionSchema = v.object({
  personal: textoEnDireccion,
  accion: textoEnDireccion,
  desde: diaEnDireccion,
  hasta: diaEnDireccion,
  pagina: paginaEnDireccionSchema,
})

/** The filters in the screen's address; what cannot be read is left out. */
export function leerFiltrosAuditoria(direccion: Record<string, unknown>): FiltrosAuditoria {
  return v.parse(filtrosEnDireccionSchema, direccion)
}

/** The address of some filters: only those given, and the page when it is not the first. */
export function filtrosEnDireccion(filtros: FiltrosAuditoria) {
  const texto = (valor: string) => (valor === '' ? undefined : valor)
  return {
    personal: texto(filtros.personal),
    accion: texto(filtros.accion),
    desde: texto(filtros.desde),
    hasta: texto(filtros.hasta),
    pagina: filtros.pagina === 1 ? undefined : String(filtros.pagina),
  }
}
