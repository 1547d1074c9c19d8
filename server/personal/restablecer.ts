// A staff member who forgot their password gets a link by e-mail to choose a new one. Only an
// active account that already has a password gets one (an account still without a password has
// its invitation, which an admin resends); the request answers the same for every e-mail. The link
// is a random token kept hashed in `tokens_personal` with `motivo` 'restablecer', valid for
// RESET_TOKEN_TTL_MINUTES and once; a newer link voids the older ones. Using it sets the password
// and nothing else: the second factor stays as it was, no session is opened (the member signs in
// with the new password and their code, as always), every open session of the account ends, its
// other links are voided and a sign-in lock on its e-mail is lifted, in one transaction with the
// audit row. The owner is then told by e-mail, so a change they did not make does not go unseen.
import type { Dependencias } from '../contexto.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../src/domain/fechas.ts'
import { urlRestablecerPasswordPersonal, URL_RECUPERAR_PASSWORD_PERSONAL } from '../../src/domain/urls.ts'
import { hashearToken, nuevoToken } from '../seguridad/tokens.ts'
import { usarEnlace } from './enlace-contrasena.ts'
import { escaparHtml } from '../html.ts'

/**
 * Sends a reset link to `email` if it is an active staff account with a password; otherwise does
 * nothing. The caller answers the same either way. The e-mail is not awaited (a reply must not
 * take longer for an address on record).
 */
export async function solicitarRestablecimiento(deps: Dependencias, email: string): Promise<void> {
  const { db, config, clock } = deps
  const personal = await db
    .selectFrom('personal')
    .select(['id', 'nombre', 'email'])
    .where('email', '=', email)
    .where('activo', '=', 1)
    .where('password_hash', 'is not', null)
    .executeTakeFirst()
  if (!personal) return
  const token = nuevoToken()
  const ahora = clock()
  await db.transaction().execute(async (trx) => {
    // Only the newest link works: an older one lying in the mailbox is worth nothing.
    await trx
      .updateTable('tokens_personal')
      .set({ usado: ahora.toISOString() })
      .where('personal_id', '=', personal.id)
      .where('motivo', '=', 'restablecer')
      .where('usado', 'is', null)
      .execute()
    await trx
      .insertInto('tokens_personal')
      .values({
        token_hash: hashearToken(token),
        personal_id: personal.id,
        creado: ahora.toISOString(),
        expira: new Date(ahora.getTime() + config.resetTokenTtlMinutes * 60_000).toISOString(),
        usado: null,
        motivo: 'restablecer',
      })
      .execute()
  })
  const enlace = `${config.publicUrl}${urlRestablecerPasswordPersonal(token)}`
  enviarSinEsperar(deps, personal.email, correoEnlace(personal.nombre, enlace, config.resetTokenTtlMinutes))
}

/**
 * Sets the new password of the link's account; false when the link was used, expired or its
 * account disabled meanwhile. The owner is e-mailed once it committed.
 */
export async function usarRestablecimiento(
  deps: Dependencias,
  token: string,
  passwordHash: string,
  ip: string,
): Promise<boolean> {
  const cuenta = await usarEnlace(deps, { token, motivo: 'restablecer', passwordHash, ip })
  if (!cuenta) return false
  enviarSinEsperar(deps, cuenta.email, correoConfirmacion(deps, cuenta.nombre, ip, deps.clock()))
  return true
}

function enviarSinEsperar(deps: Dependencias, to: string, mensaje: { subject: string; text: string; html: string }) {
  void deps.segundoPlano.lanzar('enviar un correo de contraseña del personal', () =>
    deps.correo.enviar({ to, ...mensaje }),
  )
}

function correoEnlace(nombre: string, enlace: string, minutos: number) {
  const parrafos = [
    'Recibimos una solicitud para crear una nueva contraseña de su cuenta en el área de la escuela del Portal del Estudiante.',
    `Para crearla, abra este enlace (vale por ${minutos} minutos y se puede usar una sola vez). Después ingrese con la nueva contraseña y el código de su aplicación de autenticación, como siempre: la verificación en dos pasos no cambia.`,
  ]
  const nota = 'Si no la solicitó, ignore este mensaje: su contraseña actual sigue vigente.'
  const text = [`Hola ${nombre}:`, '', ...parrafos.flatMap((p) => [p, '']), enlace, '', nota].join('\n')
  const html = `<p>Hola ${escaparHtml(nombre)}:</p>
${parrafos.map((p) => `<p>${escaparHtml(p)}</p>`).join('\n')}
<p><a href="${escaparHtml(enlace)}">Crear mi nueva contraseña</a></p>
<p>${escaparHtml(nota)}</p>`
  return { subject: 'Cree su nueva contraseña del área de la escuela', text, html }
}

function correoConfirmacion(deps: Pick<Dependencias, 'config'>, nombre: string, ip: string, ahora: Date) {
  const enlace = `${deps.config.publicUrl}${URL_RECUPERAR_PASSWORD_PERSONAL}`
  const parrafos = [
    `El ${fechaLarga(fechaEnChile(ahora))} a las ${horaEnChile(ahora)} (hora de Chile) se cambió la contraseña de su cuenta en el área de la escuela del Portal del Estudiante, con un enlace enviado a este correo, desde la dirección ${ip}. Las sesiones abiertas de su cuenta se cerraron.`,
    'Su verificación en dos pasos no cambió: para ingresar se le seguirá pidiendo el código de su aplicación de autenticación.',
    'Si no fue usted, cree otra contraseña ahora y pida a un administrador de la escuela que revise su cuenta: quien lo hizo puede leer su correo.',
  ]
  const text = [`Hola ${nombre}:`, '', ...parrafos.flatMap((p) => [p, '']), enlace].join('\n')
  const html = `<p>Hola ${escaparHtml(nombre)}:</p>
${parrafos.map((p) => `<p>${escaparHtml(p)}</p>`).join('\n')}
<p><a href="${escaparHtml(enlace)}">Crear otra contraseña</a></p>`
  return { subject: 'Se cambió la contraseña de su cuenta del área de la escuela', text, html }
}
