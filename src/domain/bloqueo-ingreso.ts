// Locking a sign-in after too many failed attempts. A throttle per address and account alone
// does not stop a guesser who knows a staff member's password: each correct password opens a
// new chance of five codes, so failures must be counted per account across sign-ins (and
// across addresses, or a guesser only needs more of them), and per address across accounts.
// Once a count reaches its limit within its window, that account or address is locked for a
// cooling time (an admin may unlock a staff account sooner); the count starts again after it.
// The server keeps the counts in the database, so every server sees the same ones.

/** How many failures, counted within how long, lock for how long. */
export type ReglaBloqueo = { fallos: number; ventanaMs: number; bloqueoMs: number }

const MINUTO = 60_000

/**
 * A staff account: its failed passwords and codes together, from any address. Ten is two full
 * sign-ins of mistakes (each allows five codes), more than a person makes. A guesser who holds
 * the password gets ten codes per lock, 480 a day: at 3 valid codes in a million, about two years
 * for one success on average (not ten hours), while every lock is audited and e-mailed to the
 * owner, whose admin then resets the second factor. Counted over an hour so a slow guesser is
 * counted too; locked half an hour, so an owner who only mistyped gets back in the same morning
 * even with no admin around.
 */
export const BLOQUEO_PERSONAL_CUENTA: ReglaBloqueo = { fallos: 10, ventanaMs: 60 * MINUTO, bloqueoMs: 30 * MINUTO }

/**
 * One address's failed staff passwords and codes, whatever the account: the school's office
 * signs in from one address, so the limit is the students' per-address one (30 in 15 minutes)
 * and it counts only failures. Stops one address trying many accounts, each below its own limit.
 */
export const BLOQUEO_PERSONAL_DIRECCION: ReglaBloqueo = {
  fallos: 30,
  ventanaMs: 15 * MINUTO,
  bloqueoMs: 15 * MINUTO,
}

/**
 * A student's account: failed passwords from any address (the per-address and account-and-
 * address throttles stay beside it). Ten in a quarter of an hour, locked a quarter of an hour:
 * a student who forgot the password has the reset link, which also lifts the lock.
 */
export const BLOQUEO_ALUMNO_CUENTA: ReglaBloqueo = { fallos: 10, ventanaMs: 15 * MINUTO, bloqueoMs: 15 * MINUTO }

/** Whole minutes until `hasta` (at least one), as the messages say it. */
export function minutosHasta(hasta: string | Date, ahora: Date): number {
  const ms = new Date(hasta).getTime() - ahora.getTime()
  return Math.max(1, Math.ceil(ms / MINUTO))
}

function enMinutos(minutos: number): string {
  return minutos === 1 ? '1 minuto' : `${minutos} minutos`
}

/**
 * Said to whoever tries a locked e-mail, known or not (an unknown address is locked by its
 * failures just the same), so the message tells nothing about whether the account exists.
 */
export function mensajeCuentaPersonalBloqueada(minutos: number): string {
  return `Por seguridad, el ingreso a esta cuenta está bloqueado por demasiados intentos fallidos. Podrá intentarlo de nuevo en ${enMinutos(minutos)}, o pida a un administrador de la escuela que desbloquee su cuenta.`
}

export function mensajeDireccionBloqueada(minutos: number): string {
  return `Por seguridad, el ingreso al área de la escuela desde esta red está bloqueado por demasiados intentos fallidos. Podrá intentarlo de nuevo en ${enMinutos(minutos)}.`
}

export function mensajeCuentaAlumnoBloqueada(minutos: number): string {
  return `Por seguridad, el ingreso a esta cuenta está bloqueado por demasiados intentos fallidos. Podrá intentarlo de nuevo en ${enMinutos(minutos)}, o crear una nueva contraseña con «¿Olvidó su contraseña?».`
}

export const MENSAJE_CUENTA_NO_BLOQUEADA = 'Esta cuenta no está bloqueada.'
