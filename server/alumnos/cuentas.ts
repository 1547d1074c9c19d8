// A student's account: signing in (with its throttles and the lock after failed passwords) and
// creating a new password from a link sent by e-mail. The routes (routes/auth.ts) turn each
// result into the spec's reply; registration is in registro.ts.
import { mensajeCuentaAlumnoBloqueada, minutosHasta } from '../../src/domain/bloqueo-ingreso.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../src/domain/fechas.ts'
import { urlRecuperarPassword } from '../../src/domain/urls.ts'
import type { Dependencias } from '../contexto.ts'
import type { Mensaje } from '../correo.ts'
import type { Alumno } from '../db/schema.ts'
import { escaparHtml } from '../html.ts'
import { agotado, contar, reiniciar, type Estado } from '../middleware/limites.ts'
import { bloqueoVigente, contarFallo, levantarBloqueo, olvidarFallos } from '../seguridad/bloqueos.ts'
import { hashDeRelleno, hashearPassword, verificarPassword } from '../seguridad/password.ts'
import { hashearToken, nuevoToken } from '../seguridad/tokens.ts'

export const MENSAJE_LOGIN_INCORRECTO = 'Correo o contraseña incorrectos'
export const MENSAJE_RECUPERACION_ENVIADA =
  'Si el correo está registrado, recibirá un mensaje con un enlace para crear una nueva contraseña.'
export const MENSAJE_TOKEN_VALIDO = 'Enlace válido. Cree su nueva contraseña.'
export const MENSAJE_TOKEN_INVALIDO = 'El enlace para crear la contraseña no es válido o ya expiró. Solicite uno nuevo.'
export const MENSAJE_PASSWORD_CREADA = 'Su contraseña fue creada. Ya puede ingresar al portal.'

/** A throttle's limit reached: the route answers 429 with Retry-After. */
export type Limitado = { tipo: 'limite'; limite: Estado }

function correoRecuperacion(deps: Dependencias, nombres: string, token: string) {
  const enlace = `${deps.config.publicUrl}${urlRecuperarPassword(token)}`
  const minutos = deps.config.resetTokenTtlMinutes
  const text = [
    `Hola ${nombres}:`,
    '',
    'Recibimos una solicitud para crear una nueva contraseña en el Portal del Estudiante.',
    `Para crearla, abra este enlace (vale por ${minutos} minutos y se puede usar una sola vez):`,
    '',
    enlace,
    '',
    'Si no la solicitó, ignore este mensaje: su contraseña actual sigue vigente.',
  ].join('\n')
  const html = `<p>Hola ${escaparHtml(nombres)}:</p>
<p>Recibimos una solicitud para crear una nueva contraseña en el Portal del Estudiante.</p>
<p><a href="${escaparHtml(enlace)}">Crear mi nueva contraseña</a> (el enlace vale por ${minutos} minutos y se puede usar una sola vez).</p>
<p>Si no la solicitó, ignore este mensaje: su contraseña actual sigue vigente.</p>`
  return { subject: 'Cree su nueva contraseña del Portal del Estudiante', text, html }
}

/** The student's e-mail when their sign-in was locked: until when, and the way out. */
function correoBloqueo(deps: Dependencias, nombres: string, ahora: Date, hasta: Date) {
  const enlace = `${deps.config.publicUrl}/password`
  const regla = deps.config.bloqueos.alumnoCuenta
  const parrafos = [
    `El ${fechaLarga(fechaEnChile(ahora))} a las ${horaEnChile(ahora)} (hora de Chile) bloqueamos el ingreso a su cuenta del Portal del Estudiante: hubo ${regla.fallos} intentos con una contraseña incorrecta en menos de ${Math.round(regla.ventanaMs / 60_000)} minutos.`,
    `Podrá ingresar de nuevo a partir de las ${horaEnChile(hasta)}. Si olvidó su contraseña, o si no fue usted quien lo intentó, cree una nueva: eso también desbloquea el ingreso.`,
  ]
  const text = [`Hola ${nombres}:`, '', ...parrafos.flatMap((p) => [p, '']), enlace].join('\n')
  const html = `<p>Hola ${escaparHtml(nombres)}:</p>
${parrafos.map((p) => `<p>${escaparHtml(p)}</p>`).join('\n')}
<p><a href="${escaparHtml(enlace)}">Crear una nueva contraseña</a></p>`
  return { subject: 'Bloqueamos el ingreso a su cuenta del Portal del Estudiante', text, html }
}

/** Sends an e-mail without waiting: a reply must not take longer for an address on record than for one that is not. */
function enviarSinEsperar(deps: Dependencias, correo: Mensaje, que: string) {
  void deps.segundoPlano.lanzar(`enviar ${que}`, () => deps.correo.enviar(correo))
}

export type Ingreso =
  | Limitado
  /** Locked by failed passwords: 429 with the lock's own message until it ends. */
  | { tipo: 'bloqueada'; mensaje: string; reintentarEnSeg: number }
  | { tipo: 'incorrecta' }
  | { tipo: 'ok'; alumno: Alumno }

function bloqueada(hasta: string, ahora: Date): Ingreso {
  return {
    tipo: 'bloqueada',
    mensaje: mensajeCuentaAlumnoBloqueada(minutosHasta(hasta, ahora)),
    reintentarEnSeg: Math.max(1, Math.ceil((Date.parse(hasta) - ahora.getTime()) / 1000)),
  }
}

/** portalLogin: the student whose e-mail and password these are, once the throttles and the lock let it through. */
export async function ingresar(
  deps: Dependencias,
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<Ingreso> {
  const { db, config, clock } = deps
  const ahora = clock()
  // Failed attempts per IP, across accounts: one address guessing many accounts stops here,
  // while a campus behind one address is never locked out by its own successful sign-ins.
  const claveIp = `login-ip:${ip}`
  const porIp = await agotado(db, claveIp, config.limites.loginIp, ahora)
  if (porIp.excedido) return { tipo: 'limite', limite: porIp }
  // Failed attempts per account, from any address: guessing one account's password from many
  // addresses stops here. Counted for unknown e-mails too, so the lock tells nothing about
  // whether the account exists; the reset link lifts it.
  const hasta = await bloqueoVigente(db, 'alumno', email, ahora)
  if (hasta) return bloqueada(hasta, ahora)
  // Failed attempts per account and IP: a narrower limit with the generic message.
  const claveCuenta = `login-cuenta:${email}|${ip}`
  const porCuenta = await agotado(db, claveCuenta, config.limites.loginCuentaIp, ahora)
  if (porCuenta.excedido) return { tipo: 'limite', limite: porCuenta }

  const alumno = await db.selectFrom('alumnos').selectAll().where('email', '=', email).executeTakeFirst()
  // An unknown e-mail, or a student imported by the school who has not yet created a password
  // (an empty hash), still pays for a hash check: same reply, about the same time.
  const correcta = await verificarPassword(password, alumno?.password_hash || (await hashDeRelleno()))
  if (!alumno || !correcta) {
    await contar(db, claveIp, config.limites.loginIp, ahora)
    await contar(db, claveCuenta, config.limites.loginCuentaIp, ahora)
    const fallo = await contarFallo(db, 'alumno', email, config.bloqueos.alumnoCuenta, ahora)
    if (fallo.bloqueoNuevo) {
      deps.log('ingreso de un alumno bloqueado', { hasta: fallo.bloqueadaHasta, cuenta: !!alumno })
      if (alumno && fallo.bloqueadaHasta)
        enviarSinEsperar(
          deps,
          { to: alumno.email, ...correoBloqueo(deps, alumno.nombres, ahora, new Date(fallo.bloqueadaHasta)) },
          'el aviso de bloqueo',
        )
    }
    if (fallo.bloqueadaHasta) return bloqueada(fallo.bloqueadaHasta, ahora)
    return { tipo: 'incorrecta' }
  }
  await reiniciar(db, claveCuenta)
  await olvidarFallos(db, 'alumno', email, ahora)
  return { tipo: 'ok', alumno }
}

/**
 * requestPassword: a single-use link by e-mail when the address is on record (the same result
 * whether or not it is). Returns the limit reached, if any: per IP, and per e-mail counted for
 * unknown e-mails too, so the 429 says nothing about whether the account exists.
 */
export async function solicitarRecuperacion(deps: Dependencias, email: string, ip: string): Promise<Limitado | null> {
  const { db, config, clock } = deps
  const ahora = clock()
  const porIp = await contar(db, `recuperacion-ip:${ip}`, config.limites.recuperacionIp, ahora)
  if (porIp.excedido) return { tipo: 'limite', limite: porIp }
  const porEmail = await contar(db, `recuperacion-email:${email}`, config.limites.recuperacionEmail, ahora)
  if (porEmail.excedido) return { tipo: 'limite', limite: porEmail }

  const alumno = await db
    .selectFrom('alumnos')
    .select(['id', 'nombres', 'email'])
    .where('email', '=', email)
    .executeTakeFirst()
  if (alumno) {
    const token = nuevoToken()
    await db
      .insertInto('tokens_recuperacion')
      .values({
        token_hash: hashearToken(token),
        alumno_id: alumno.id,
        creado: ahora.toISOString(),
        expira: new Date(ahora.getTime() + config.resetTokenTtlMinutes * 60_000).toISOString(),
        usado: null,
      })
      .execute()
    enviarSinEsperar(
      deps,
      { to: alumno.email, ...correoRecuperacion(deps, alumno.nombres, token) },
      'el correo de recuperación',
    )
  }
  return null
}

// Reset links refused per IP, whether checked or used: like failed logins, a client that keeps
// sending unknown, used or expired tokens is stopped, and one that opens its real link is not.
const claveTokensRechazados = (ip: string) => `recuperacion-token-ip:${ip}`

async function contarTokenRechazado(deps: Dependencias, ip: string): Promise<void> {
  const { db, config, clock } = deps
  await contar(db, claveTokensRechazados(ip), config.limites.recuperacionTokenIp, clock())
}

/** Unused and unexpired. */
async function tokenVigente(deps: Dependencias, token: string): Promise<boolean> {
  const { db, clock } = deps
  const fila = await db
    .selectFrom('tokens_recuperacion')
    .select('alumno_id')
    .where('token_hash', '=', hashearToken(token))
    .where('usado', 'is', null)
    .where('expira', '>', clock().toISOString())
    .executeTakeFirst()
  return !!fila
}

export type UsoDeEnlace = Limitado | { tipo: 'invalido' } | { tipo: 'ok' }

/** verifyToken: too many links refused from this IP, or whether this one still works. */
export async function verificarEnlace(deps: Dependencias, token: string, ip: string): Promise<UsoDeEnlace> {
  const { db, config, clock } = deps
  const limite = await agotado(db, claveTokensRechazados(ip), config.limites.recuperacionTokenIp, clock())
  if (limite.excedido) return { tipo: 'limite', limite }
  if (!(await tokenVigente(deps, token))) {
    await contarTokenRechazado(deps, ip)
    return { tipo: 'invalido' }
  }
  return { tipo: 'ok' }
}

/**
 * setPassword: the token claimed once, the password set, a sign-in lock on the account lifted,
 * the student's other links voided and every session of theirs ended, in one transaction.
 */
export async function crearPassword(
  deps: Dependencias,
  { token, password, ip }: { token: string; password: string; ip: string },
): Promise<UsoDeEnlace> {
  const { db, clock } = deps
  // The token is checked before the password is hashed: a hash takes the thread pool for tens
  // of milliseconds, so bogus tokens must not be able to queue hashes ahead of everyone's logins.
  const revision = await verificarEnlace(deps, token, ip)
  if (revision.tipo !== 'ok') return revision
  const passwordHash = await hashearPassword(password)
  const ahora = clock().toISOString()
  const tokenHash = hashearToken(token)

  const aplicado = await db.transaction().execute(async (trx) => {
    // Claiming the token with a conditional update makes it single-use even under a race.
    const reclamo = await trx
      .updateTable('tokens_recuperacion')
      .set({ usado: ahora })
      .where('token_hash', '=', tokenHash)
      .where('usado', 'is', null)
      .where('expira', '>', ahora)
      .executeTakeFirst()
    if (reclamo.numUpdatedRows !== 1n) return false
    const { alumno_id, email } = await trx
      .selectFrom('tokens_recuperacion')
      .innerJoin('alumnos', 'alumnos.id', 'tokens_recuperacion.alumno_id')
      .select(['tokens_recuperacion.alumno_id', 'alumnos.email'])
      .where('tokens_recuperacion.token_hash', '=', tokenHash)
      .executeTakeFirstOrThrow()
    await trx.updateTable('alumnos').set({ password_hash: passwordHash }).where('id', '=', alumno_id).execute()
    // Whoever reads the mailbox is the owner: a sign-in locked by failed passwords opens again.
    await levantarBloqueo(trx, 'alumno', email)
    // Other links sent earlier die with this one, and so does every open session.
    await trx
      .updateTable('tokens_recuperacion')
      .set({ usado: ahora })
      .where('alumno_id', '=', alumno_id)
      .where('usado', 'is', null)
      .execute()
    await trx.deleteFrom('sesiones').where('actor_tipo', '=', 'alumno').where('actor_id', '=', alumno_id).execute()
    return true
  })
  if (!aplicado) {
    await contarTokenRechazado(deps, ip)
    return { tipo: 'invalido' }
  }
  return { tipo: 'ok' }
}
