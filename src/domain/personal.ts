import * as v from 'valibot'

// The school's staff: roles as sets of capabilities, declared once. The server checks the
// capability on every admin endpoint; the screens only hide what a role cannot do.

export const ROLES_PERSONAL = ['admin', 'coordinacion', 'asistente', 'delegado'] as const
export type RolPersonal = (typeof ROLES_PERSONAL)[number]

export const ETIQUETA_ROL: Record<RolPersonal, string> = {
  admin: 'Administración',
  coordinacion: 'Coordinación académica',
  asistente: 'Asistente comercial',
  delegado: 'Delegado de protección de datos',
}

export const CAPACIDADES = [
  /** Search students and read a student's page and history. */
  'alumnos.ver',
  /** Approve or reject uploaded documents. */
  'documentos.revisar',
  /** Issue and revoke program certificates. */
  'certificados.gestionar',
  /** Read the general survey's results and export them (the sensitive answers need the next one). */
  'encuestas.ver',
  /**
   * See the survey's sensitive answers (disability, indigenous peoples): personal data the school
   * shows only to coordination and administration, on screen and in the spreadsheet.
   */
  'encuestas.sensibles',
  /** Read the whole audit trail. */
  'auditoria.ver',
  /** Staff accounts. */
  'personal.gestionar',
  /** Every payment with its gateway data and receipt, and the day's reconciliation. */
  'pagos.ver',
  /** Record a payment made in person (the seller is the staff member recording it). */
  'pagos.registrar',
  /** Refund an approved online payment through the gateway. */
  'pagos.reembolsar',
  /** Create, edit, open and close contests; read and export their applications. */
  'concursos.gestionar',
  /** Create, edit and close job offers, and the home tile's setting. */
  'ofertas.gestionar',
  /** Load students and enrolments from the school's files (CSV, XLSX). */
  'alumnos.importar',
  /** The CRM's API keys: create, name, scope and revoke them. */
  'integracion.gestionar',
  /**
   * Privacy (Ley 21.719): the students' rights requests (access, rectification, suppression,
   * opposition, portability, blocking: read them, extend their deadline, answer them), blocking and
   * lifting a student's data, and who read their sensitive data. Administration and the data
   * protection officer; never an assistant.
   */
  'privacidad.gestionar',
  /**
   * The retention run: see what the registry says is due and confirm a batch, which deletes it
   *. The administration's alone: deleting is for the one role accountable for it.
   */
  'privacidad.retencion',
  /** The breach register: record an incident and tell the students it affected. */
  'privacidad.brechas',
] as const
export type Capacidad = (typeof CAPACIDADES)[number]

export const CAPACIDADES_DE_ROL: Record<RolPersonal, readonly Capacidad[]> = {
  admin: CAPACIDADES,
  coordinacion: [
    'alumnos.ver',
    'documentos.revisar',
    'certificados.gestionar',
    'encuestas.ver',
    'encuestas.sensibles',
    'pagos.ver',
    'pagos.registrar',
    'concursos.gestionar',
    'ofertas.gestionar',
    'alumnos.importar',
  ],
  // An assistant reads how their own students answered (how they heard of the program, why they
  // chose it), never the sensitive answers; sells in person, so records the payments they take
  // and reads their own students' payments. Refunds and API keys are the administration's.
  asistente: ['alumnos.ver', 'documentos.revisar', 'encuestas.ver', 'pagos.ver', 'pagos.registrar'],
  // The data protection officer answers the students' privacy requests and reads their page to do
  // so; with the audit trail, to see who did what with a student's data.
  delegado: ['privacidad.gestionar', 'alumnos.ver', 'auditoria.ver'],
}

export function puede(rol: RolPersonal, capacidad: Capacidad): boolean {
  return CAPACIDADES_DE_ROL[rol].includes(capacidad)
}

/**
 * Which students a role reaches: every one, or only those a commercial assistant owns (the
 * student's own assistant, or the owner of one of their enrolments).
 */
export const ALCANCE_DE_ROL: Record<RolPersonal, 'todos' | 'propios'> = {
  admin: 'todos',
  coordinacion: 'todos',
  asistente: 'propios',
  delegado: 'todos',
}

export function esRolPersonal(valor: string): valor is RolPersonal {
  return (ROLES_PERSONAL as readonly string[]).includes(valor)
}

// ---------------------------------------------------------------------------------------------
// Signing in: password (the students' sign-in schema), then the second factor. A new account
// creates its password from an invitation link, under the students' password policy.
// ---------------------------------------------------------------------------------------------

/** A time-based one-time code (RFC 6238): 6 digits, a new one every 30 seconds. */
export const DIGITOS_CODIGO = 6

export const MENSAJE_CREDENCIALES_PERSONAL = 'Correo o contraseña incorrectos.'
export const MENSAJE_CODIGO_INVALIDO =
  'El código no es válido o ya fue usado. Espere el siguiente código e intente nuevamente.'
export const MENSAJE_INGRESO_VENCIDO =
  'El ingreso expiró o tuvo demasiados intentos. Ingrese nuevamente su correo y contraseña.'
export const MENSAJE_CODIGO_FORMATO = `Ingrese los ${DIGITOS_CODIGO} dígitos del código de su aplicación de autenticación.`
export const MENSAJE_SESION_PERSONAL_EXPIRADA = 'Su sesión expiró. Ingrese nuevamente.'
export const MENSAJE_SIN_PERMISO = 'Su rol no permite esta acción.'
export const MENSAJE_INVITACION_INVALIDA =
  'El enlace de invitación no es válido o ya expiró. Pida a un administrador que le envíe uno nuevo.'
/** The reply to a reset request, whether or not the e-mail is a staff account's. */
export const MENSAJE_RESTABLECIMIENTO_SOLICITADO =
  'Si el correo corresponde a una cuenta del personal, le enviamos un enlace para crear una nueva contraseña. Revise su bandeja de entrada.'
export const MENSAJE_RESTABLECIMIENTO_INVALIDO =
  'El enlace para crear una nueva contraseña no es válido, ya se usó o expiró. Solicite uno nuevo.'
export const MENSAJE_CONTRASENA_RESTABLECIDA =
  'Su contraseña fue cambiada. Ingrese con la nueva contraseña y el código de su aplicación de autenticación.'

export const codigoSegundoFactorSchema = v.object({
  codigo: v.pipe(
    v.string(MENSAJE_CODIGO_FORMATO),
    v.transform((codigo) => codigo.replace(/\s/g, '')),
    v.regex(new RegExp(`^\\d{${DIGITOS_CODIGO}}$`), MENSAJE_CODIGO_FORMATO),
  ),
})
