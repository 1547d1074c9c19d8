// Staff sign-in (routes/admin/auth.ts, at /api/admin/auth): the password (answered the same
// whether or not the account exists), then the second factor's code. The password opens only an
// unverified session of 5 minutes and 5 codes; the right code replaces it with a new, verified
// one (a new token: nothing learnt before the code is worth anything after). Failed passwords
// and codes are counted per e-mail and per address across sign-ins, and too many lock the sign-in
// (bloqueo.ts), so a stolen password does not buy unlimited guesses at the code. An account
// without a confirmed second factor is shown its secret and QR after the password, and confirms
// it with its first code. A new account creates its password from an invitation link; a member
// who forgot theirs asks for a reset link by e-mail (restablecer.ts), which changes the password
// only: the sign-in afterwards still asks for the code. The sessions and their cookies are the
// route's: here is what each step decides.
import QRCode from 'qrcode'
import type { Dependencias } from '../contexto.ts'
import type { Personal } from '../db/schema.ts'
import { agotado, contar, type Estado } from '../middleware/limites.ts'
import { olvidarFallos } from '../seguridad/bloqueos.ts'
import { hashDeRelleno, hashearPassword, verificarPassword } from '../seguridad/password.ts'
import { auditar } from './auditoria.ts'
import { bloqueoDeIngreso, registrarIntentoFallido, type BloqueoIngreso } from './bloqueo.ts'
import { enlaceVigente, usarEnlace, type MotivoEnlace } from './enlace-contrasena.ts'
import { solicitarRestablecimiento, usarRestablecimiento } from './restablecer.ts'
import { nuevoSecreto, pasoDelCodigo, uriDeEnrolamiento } from './totp.ts'

/** The password opens this much time to give the code… */
export const VIGENCIA_INGRESO_MS = 5 * 60_000
/** …and this many codes. */
const MAXIMO_CODIGOS = 5

export const MENSAJE_CONTRASENA_CREADA = 'Su contraseña fue creada. Ya puede ingresar al área de la escuela.'

type Limitado = { tipo: 'limite'; limite: Estado }

export type IngresoConPassword =
  | { tipo: 'bloqueada'; bloqueo: BloqueoIngreso }
  | { tipo: 'incorrecta' }
  /** The password is right: the route opens the unverified session. */
  | { tipo: 'ok'; personal: Personal }

/** The first step: the e-mail and password of an active account, unless the sign-in is locked. */
export async function ingresarConPassword(
  deps: Dependencias,
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<IngresoConPassword> {
  const { db, clock } = deps
  const ahora = clock()
  // Locked (this address, or this e-mail whether or not it has an account): refused before the
  // password is even checked, so the right one gets no further than a wrong one.
  const bloqueo = await bloqueoDeIngreso(deps, email, ip, ahora)
  if (bloqueo) return { tipo: 'bloqueada', bloqueo }

  const personal = await db
    .selectFrom('personal')
    .selectAll()
    .where('email', '=', email)
    .where('activo', '=', 1)
    .executeTakeFirst()
  // An unknown e-mail (or an account still without a password) pays for a hash check too.
  const correcta = await verificarPassword(password, personal?.password_hash ?? (await hashDeRelleno()))
  if (!personal?.password_hash || !correcta) {
    const bloqueada = await registrarIntentoFallido(deps, { email, personal, tipo: 'contrasena', ip, ahora })
    return bloqueada ? { tipo: 'bloqueada', bloqueo: bloqueada } : { tipo: 'incorrecta' }
  }
  // The right password clears no failure: only a whole sign-in, code included, does.
  // An earlier half-finished sign-in of the same account does not linger.
  await db
    .deleteFrom('sesiones')
    .where('actor_tipo', '=', 'personal')
    .where('actor_id', '=', personal.id)
    .where('verificada', '=', 0)
    .execute()
  return { tipo: 'ok', personal }
}

/**
 * What the member does after the password: give the code, or (first sign-in) enrol the secret in
 * an authenticator app, the secret kept until a code confirms it.
 */
export async function pasoTrasPassword(deps: Dependencias, personal: Personal) {
  if (personal.totp_confirmado_en && personal.totp_secreto) return { paso: 'codigo' as const }
  const secreto = personal.totp_secreto ?? nuevoSecreto()
  if (!personal.totp_secreto)
    await deps.db.updateTable('personal').set({ totp_secreto: secreto }).where('id', '=', personal.id).execute()
  const uri = uriDeEnrolamiento(secreto, personal.email)
  return {
    paso: 'enrolar' as const,
    secreto,
    uri,
    qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }),
  }
}

export type IngresoConCodigo =
  /** No unverified session, or its codes used up: the sign-in starts again (`cerrar`: end that session). */
  | { tipo: 'vencido'; cerrar: boolean }
  /** Locked: the half sign-in ends. */
  | { tipo: 'bloqueada'; bloqueo: BloqueoIngreso }
  | { tipo: 'invalido' }
  /** The right code: the unverified session is gone, the route opens the verified one. */
  | { tipo: 'ok'; personal: Personal }

/** The second step: the code, for the unverified session `sesion` (undefined when the request has none). */
export async function ingresarConCodigo(
  deps: Dependencias,
  { sesion, codigo, ip }: { sesion: { actor_id: string; token_hash: string } | undefined; codigo: string; ip: string },
): Promise<IngresoConCodigo> {
  const { db, clock } = deps
  const personal =
    sesion &&
    (await db
      .selectFrom('personal')
      .selectAll()
      .where('id', '=', sesion.actor_id)
      .where('activo', '=', 1)
      .executeTakeFirst())
  if (!sesion || !personal?.totp_secreto) return { tipo: 'vencido', cerrar: false }
  const ahora = clock()
  // Locked since the password was given (by failures elsewhere, the other half of an attack):
  // this sign-in ends, and no code is checked, the right one included.
  const bloqueo = await bloqueoDeIngreso(deps, personal.email, ip, ahora)
  if (bloqueo) return { tipo: 'bloqueada', bloqueo }
  // Each code tried is counted first, in one statement: several at once cannot exceed the limit.
  const intento = await db
    .updateTable('sesiones')
    .set((eb) => ({ intentos: eb('intentos', '+', 1) }))
    .where('token_hash', '=', sesion.token_hash)
    .where('intentos', '<', MAXIMO_CODIGOS)
    .executeTakeFirst()
  if (Number(intento.numUpdatedRows) !== 1) return { tipo: 'vencido', cerrar: true }
  const paso = pasoDelCodigo(personal.totp_secreto, codigo, ahora)
  // The step is recorded only if it is later than the last one used: a code works once, even
  // sent twice at the same moment.
  const aceptado =
    paso !== null &&
    Number(
      (
        await db
          .updateTable('personal')
          .set({ totp_ultimo_paso: paso, totp_confirmado_en: personal.totp_confirmado_en ?? ahora.toISOString() })
          .where('id', '=', personal.id)
          .where((eb) => eb.or([eb('totp_ultimo_paso', 'is', null), eb('totp_ultimo_paso', '<', paso)]))
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1
  if (!aceptado) {
    const bloqueada = await registrarIntentoFallido(deps, {
      email: personal.email,
      personal,
      tipo: 'codigo',
      ip,
      ahora,
    })
    return bloqueada ? { tipo: 'bloqueada', bloqueo: bloqueada } : { tipo: 'invalido' }
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sesiones').where('token_hash', '=', sesion.token_hash).execute()
    await auditar(
      trx,
      { personal, ip, ahora: clock() },
      { accion: 'sesion.ingreso', despues: personal.totp_confirmado_en ? null : { segundoFactor: 'enrolado' } },
    )
  })
  // A whole sign-in: the e-mail's earlier failures are forgotten (the address's are not: one
  // success in an office does not clear what someone else there tried).
  await olvidarFallos(db, 'personal', personal.email, ahora)
  return { tipo: 'ok', personal }
}

/** The audit row of a staff member's 'Salir'. */
export async function registrarSalida(deps: Dependencias, personal: Personal, ip: string): Promise<void> {
  await auditar(deps.db, { personal, ip, ahora: deps.clock() }, { accion: 'sesion.salida' })
}

/**
 * Invitation and reset links refused per IP, like the students' reset links: one count for both,
 * so alternating the two endpoints buys no more guesses.
 */
function enlacesRechazados(deps: Dependencias, ip: string, contarUna: boolean) {
  const { db, config, clock } = deps
  const clave = `personal-invitacion-ip:${ip}`
  return contarUna
    ? contar(db, clave, config.limites.recuperacionTokenIp, clock())
    : agotado(db, clave, config.limites.recuperacionTokenIp, clock())
}

export type RevisionEnlace = Limitado | { tipo: 'invalido' } | { tipo: 'ok'; nombre: string; email: string }

/** An invitation or reset link, before the member chooses a password: whose it is, if it still works. */
export async function verificarEnlacePersonal(
  deps: Dependencias,
  token: string,
  motivo: MotivoEnlace,
  ip: string,
): Promise<RevisionEnlace> {
  const limite = await enlacesRechazados(deps, ip, false)
  if (limite.excedido) return { tipo: 'limite', limite }
  const cuenta = await enlaceVigente(deps, token, motivo)
  if (!cuenta) {
    await enlacesRechazados(deps, ip, true)
    return { tipo: 'invalido' }
  }
  return { tipo: 'ok', nombre: cuenta.nombre, email: cuenta.email }
}

/**
 * Sets the password through an invitation or reset link (a reset also e-mails the owner). No
 * session is opened: the member signs in with the new password and their code.
 */
export async function usarEnlacePersonal(
  deps: Dependencias,
  { token, password, motivo, ip }: { token: string; password: string; motivo: MotivoEnlace; ip: string },
): Promise<Limitado | { tipo: 'invalido' } | { tipo: 'ok' }> {
  const limite = await enlacesRechazados(deps, ip, false)
  if (limite.excedido) return { tipo: 'limite', limite }
  // Checked before hashing, so bogus tokens cannot queue hashes ahead of everyone's sign-ins.
  if (!(await enlaceVigente(deps, token, motivo))) {
    await enlacesRechazados(deps, ip, true)
    return { tipo: 'invalido' }
  }
  const passwordHash = await hashearPassword(password)
  const usado =
    motivo === 'invitacion'
      ? !!(await usarEnlace(deps, { token, motivo, passwordHash, ip }))
      : await usarRestablecimiento(deps, token, passwordHash, ip)
  if (!usado) {
    await enlacesRechazados(deps, ip, true)
    return { tipo: 'invalido' }
  }
  return { tipo: 'ok' }
}

/**
 * Forgotten password: a reset link by e-mail to an active account with a password, the same
 * result for any e-mail; throttled like the students' requests (per address and per e-mail,
 * counted for unknown e-mails too, so a 429 says nothing either).
 */
export async function pedirRestablecimiento(deps: Dependencias, email: string, ip: string): Promise<Limitado | null> {
  const { db, config, clock } = deps
  const ahora = clock()
  const porIp = await contar(db, `personal-recuperacion-ip:${ip}`, config.limites.recuperacionIp, ahora)
  if (porIp.excedido) return { tipo: 'limite', limite: porIp }
  const porEmail = await contar(db, `personal-recuperacion-email:${email}`, config.limites.recuperacionEmail, ahora)
  if (porEmail.excedido) return { tipo: 'limite', limite: porEmail }
  await solicitarRestablecimiento(deps, email)
  return null
}
