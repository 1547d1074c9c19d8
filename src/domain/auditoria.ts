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

/**
 * What each action is called on the screens. An action not listed here (a new one) shows its code,
 * which still says what it was.
 */
export const ETIQUETAS_ACCION: Record<string, string> = {
  'sesion.ingreso': 'Ingreso al área de la escuela',
  'sesion.salida': 'Salida del área de la escuela',
  'sesion.contrasena-incorrecta': 'Contraseña incorrecta',
  'sesion.segundo-factor-fallido': 'Código de verificación rechazado',
  'sesion.bloqueo': 'Ingreso bloqueado por intentos fallidos',
  'sesion.bloqueo-red': 'Ingreso bloqueado desde una red por intentos fallidos',
  'personal.contrasena-creada': 'Contraseña creada desde la invitación',
  'personal.restablecer-password': 'Contraseña cambiada desde «¿Olvidó su contraseña?»',
  'documento.aprobar': 'Documento aprobado',
  'documento.rechazar': 'Documento rechazado',
  'documento.deshacer-rechazo': 'Rechazo de documento deshecho',
  'certificado.emitir': 'Certificado emitido',
  'certificado.revocar': 'Certificado revocado',
  'personal.invitar': 'Cuenta del personal creada e invitada',
  'personal.reenviar-invitacion': 'Invitación del personal enviada de nuevo',
  'personal.cambiar-rol': 'Rol de una cuenta del personal cambiado',
  'personal.desactivar': 'Cuenta del personal desactivada',
  'personal.activar': 'Cuenta del personal activada de nuevo',
  'personal.reiniciar-segundo-factor': 'Segundo factor de una cuenta del personal reiniciado',
  'personal.desbloquear': 'Ingreso de una cuenta del personal desbloqueado',
  'encuestas.exportar': 'Planilla de encuestas descargada',
  'concurso.crear': 'Concurso creado',
  'concurso.editar': 'Concurso editado',
  'concurso.abrir': 'Concurso abierto a postulaciones',
  'concurso.cerrar': 'Concurso cerrado',
  'concurso.exportar': 'Planilla de postulantes descargada',
  'oferta.crear': 'Oferta laboral creada',
  'oferta.editar': 'Oferta laboral editada',
  'oferta.cerrar': 'Oferta laboral cerrada',
  'ofertas.mosaico': 'Mosaico de Ofertas Laborales cambiado',
  'integracion.crear-clave': 'Clave de integración creada',
  'integracion.revocar-clave': 'Clave de integración revocada',
  'integracion.previsualizar': 'CRM: carga de inscripciones revisada por la API, sin escribir',
  'integracion.encuestas': 'CRM: encuestas leídas por la API',
  'integracion.reglamentos': 'CRM: reglamentos leídos por la API',
  'integracion.documentos': 'CRM: documentos leídos por la API',
  'integracion.pagos': 'CRM: pagos leídos por la API',
  'alumnos.importar': 'Alumnos e inscripciones importados',
  'alumnos.cambiar-correo': 'Correo de ingreso de un alumno cambiado (importación o CRM)',
  'pago.registrar-presencial': 'Pago presencial registrado',
  'pago.descargar-comprobante': 'Comprobante de pago descargado',
  'pagos.exportar-conciliacion': 'Planilla de conciliación de pagos descargada',
}

/** What the log says an integration API key is, where it says a staff member's role. */
export const ETIQUETA_ACTOR_INTEGRACION = 'Clave de integración (API)'

export function etiquetaAccion(accion: string): string {
  return ETIQUETAS_ACCION[accion] ?? accion
}

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

/**
 * A value recorded before or after a change, as text a person reads: strings as they are, a list
 * item by item (a batch of documents decided together), a record as its fields; absent as a dash.
 */
export function valorAuditado(valor: unknown): string {
  if (valor === undefined || valor === null || valor === '') return '—'
  if (typeof valor === 'string') return valor
  if (Array.isArray(valor)) return valor.length === 0 ? '—' : valor.map(valorAuditado).join('; ')
  if (typeof valor === 'object')
    return Object.entries(valor)
      .map(([campo, v]) => `${campo}: ${valorAuditado(v)}`)
      .join(', ')
  return String(valor)
}

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
