import * as v from 'valibot'
import { emailSchema } from './email.ts'
import { ROLES_PERSONAL, type RolPersonal } from './personal.ts'
import { textoOpcional, textoRequerido } from './validacion.ts'

// Staff accounts as an admin manages them: invite one, change its role, disable and enable it,
// reset its second factor, send its invitation again. The forms and the server read the same
// schemas and messages from here.

/** Where an account stands, as the list says it. */
export type EstadoCuentaPersonal = 'activo' | 'invitacion-pendiente' | 'desactivado'

export const ETIQUETA_ESTADO_CUENTA: Record<EstadoCuentaPersonal, string> = {
  activo: 'Activo',
  'invitacion-pendiente': 'Invitación pendiente',
  desactivado: 'Desactivado',
}

/**
 * A disabled account is that whatever else; an active one without a password has not used its
 * invitation yet (a reset second factor puts it back there).
 */
export function estadoCuentaPersonal(cuenta: { activo: boolean; conContrasena: boolean }): EstadoCuentaPersonal {
  if (!cuenta.activo) return 'desactivado'
  return cuenta.conContrasena ? 'activo' : 'invitacion-pendiente'
}

/** Roles whose account is tied to a commercial assistant (its students are the account's reach). */
export function rolConAsistente(rol: string): boolean {
  return rol === 'asistente'
}

export const MAXIMO_NOMBRE_PERSONAL = 120

export const MENSAJE_NOMBRE_PERSONAL = `Indique el nombre completo (hasta ${MAXIMO_NOMBRE_PERSONAL} caracteres).`
export const MENSAJE_ROL_PERSONAL = 'Elija el rol de la cuenta.'
export const MENSAJE_ASISTENTE_DESCONOCIDO = 'El asistente comercial elegido no existe.'
export const MENSAJE_CORREO_PERSONAL_EN_USO = 'Ya existe una cuenta del personal con ese correo electrónico.'
export const MENSAJE_CUENTA_PERSONAL_NO_ENCONTRADA = 'Cuenta del personal no encontrada.'
export const MENSAJE_ULTIMO_ADMIN =
  'No es posible: es la última cuenta de administración activa y la escuela quedaría sin nadie que administre el personal. Dé primero el rol de administración a otra cuenta.'
export const MENSAJE_YA_DESACTIVADA = 'Esta cuenta ya está desactivada.'
export const MENSAJE_YA_ACTIVA = 'Esta cuenta ya está activa.'
export const MENSAJE_MISMO_ROL = 'La cuenta ya tiene ese rol y ese asistente comercial.'
export const MENSAJE_CUENTA_DESACTIVADA = 'La cuenta está desactivada: actívela antes.'
export const MENSAJE_INVITACION_YA_USADA =
  'Esta cuenta ya creó su contraseña: no tiene una invitación pendiente. Si perdió su aplicación de autenticación, reinicie su segundo factor.'

const rolSchema = v.picklist(ROLES_PERSONAL, MENSAJE_ROL_PERSONAL)

/** The assistant's id; empty (or absent) means none, and any role other than 'asistente' keeps none. */
const asistenteSchema = textoOpcional(100, MENSAJE_ASISTENTE_DESCONOCIDO)

/** What a role change leaves on the account: the role and, for an assistant's role, its assistant. */
function conAsistenteDelRol<T extends { rol: RolPersonal; asistenteId: string }>(datos: T) {
  return { ...datos, asistenteId: rolConAsistente(datos.rol) && datos.asistenteId !== '' ? datos.asistenteId : null }
}

/** A new staff member: the account is created and their invitation e-mailed. */
export const invitarPersonalSchema = v.pipe(
  v.object({
    nombre: textoRequerido(MAXIMO_NOMBRE_PERSONAL, MENSAJE_NOMBRE_PERSONAL),
    email: emailSchema,
    rol: rolSchema,
    asistenteId: asistenteSchema,
  }),
  v.transform(conAsistenteDelRol),
)
export type InvitarPersonal = v.InferInput<typeof invitarPersonalSchema>

export const cambiarRolSchema = v.pipe(
  v.object({ rol: rolSchema, asistenteId: asistenteSchema }),
  v.transform(conAsistenteDelRol),
)
export type CambiarRol = v.InferInput<typeof cambiarRolSchema>

/** What each role may do, in a sentence, for the forms that choose one. */
export const DESCRIPCION_ROL: Record<RolPersonal, string> = {
  admin: 'Todo, incluidas las cuentas del personal y la auditoría.',
  coordinacion: 'Todos los alumnos: sus documentos y certificados.',
  asistente: 'Solo los alumnos y las solicitudes del asistente comercial asociado: los ve y revisa sus documentos.',
  delegado:
    'Las solicitudes de los alumnos sobre sus datos personales (acceso, rectificación, supresión…) y la auditoría.',
}
