// Invitation links: how a staff account gets its password. The link carries a random token (the
// database keeps its SHA-256), valid for VIGENCIA_INVITACION_HORAS and once; using it sets the
// password, voids the account's other links and ends its sessions, in one transaction with its
// audit row. The first admin of a portal gets one from `npm run admin:crear`.
import { randomUUID } from 'node:crypto'
import type { Db } from '../db/connection.ts'
import type { Reloj } from '../contexto.ts'
import { levantarBloqueo } from '../seguridad/bloqueos.ts'
import { hashearToken, nuevoToken } from '../seguridad/tokens.ts'
import { auditar } from './auditoria.ts'
import { urlInvitacionPersonal } from '../../src/domain/urls.ts'

export const VIGENCIA_INVITACION_HORAS = 72

type Deps = { db: Db; clock: Reloj }

/** The address a new staff member opens to create their password. */
export function enlaceInvitacion(urlPublica: string, token: string): string {
  return `${urlPublica}${urlInvitacionPersonal(token)}`
}

export async function crearInvitacion({ db, clock }: Deps, personalId: string): Promise<string> {
  const token = nuevoToken()
  const ahora = clock()
  await db
    .insertInto('tokens_personal')
    .values({
      token_hash: hashearToken(token),
      personal_id: personalId,
      creado: ahora.toISOString(),
      expira: new Date(ahora.getTime() + VIGENCIA_INVITACION_HORAS * 3_600_000).toISOString(),
      usado: null,
    })
    .execute()
  return token
}

/** The account an unused, unexpired invitation link belongs to (a reset link is not one). */
export async function invitacionVigente({ db, clock }: Deps, token: string) {
  return db
    .selectFrom('tokens_personal')
    .innerJoin('personal', 'personal.id', 'tokens_personal.personal_id')
    .select(['personal.id', 'personal.nombre', 'personal.email', 'personal.rol'])
    .where('tokens_personal.token_hash', '=', hashearToken(token))
    .where('tokens_personal.motivo', '=', 'invitacion')
    .where('tokens_personal.usado', 'is', null)
    .where('tokens_personal.expira', '>', clock().toISOString())
    .where('personal.activo', '=', 1)
    .executeTakeFirst()
}

/** Sets the password of the link's account; false when the link was used or expired meanwhile. */
export async function usarInvitacion(deps: Deps, token: string, passwordHash: string, ip: string): Promise<boolean> {
  const ahora = deps.clock()
  return deps.db.transaction().execute(async (trx) => {
    const invitado = await invitacionVigente({ db: trx, clock: deps.clock }, token)
    if (!invitado) return false
    // Claimed by a conditional update: of two uses at once, one sets the password.
    const reclamo = await trx
      .updateTable('tokens_personal')
      .set({ usado: ahora.toISOString() })
      .where('token_hash', '=', hashearToken(token))
      .where('usado', 'is', null)
      .executeTakeFirst()
    if (Number(reclamo.numUpdatedRows) !== 1) return false
    await trx.updateTable('personal').set({ password_hash: passwordHash }).where('id', '=', invitado.id).execute()
    await trx
      .updateTable('tokens_personal')
      .set({ usado: ahora.toISOString() })
      .where('personal_id', '=', invitado.id)
      .where('usado', 'is', null)
      .execute()
    await trx.deleteFrom('sesiones').where('actor_tipo', '=', 'personal').where('actor_id', '=', invitado.id).execute()
    // The link went to the account's mailbox: its owner, with a new password, is not kept out by
    // the failures of whoever tried the old one.
    await levantarBloqueo(trx, 'personal', invitado.email)
    await auditar(trx, { personal: invitado, ip, ahora }, { accion: 'personal.contrasena-creada' })
    return true
  })
}

/** A new staff account, without a password yet: its invitation link sets one. */
export async function crearPersonal(
  { db, clock }: Deps,
  datos: { email: string; nombre: string; rol: string; asistenteId?: string | null },
): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('personal')
    .values({
      id,
      email: datos.email.toLowerCase(),
      nombre: datos.nombre,
      rol: datos.rol,
      asistente_id: datos.asistenteId ?? null,
      password_hash: null,
      totp_secreto: null,
      totp_confirmado_en: null,
      totp_ultimo_paso: null,
      creado_en: clock().toISOString(),
    })
    .execute()
  return id
}

/** Why a link is sent: a new account, or an account whose second factor was reset. */
export type MotivoInvitacion = 'nueva' | 'segundo-factor'

/** The e-mail that carries an invitation link: the same for a new account and for a reset one. */
export function correoInvitacion(nombre: string, enlace: string, motivo: MotivoInvitacion) {
  const motivoTexto =
    motivo === 'nueva'
      ? 'La escuela le creó una cuenta en el área de la escuela del Portal del Estudiante.'
      : 'La escuela reinició la verificación en dos pasos de su cuenta en el área de la escuela del Portal del Estudiante.'
  const pasos =
    'Abra este enlace para crear su contraseña; al ingresar por primera vez activará la verificación en dos pasos con una aplicación de autenticación.'
  const vigencia = `El enlace vale por ${VIGENCIA_INVITACION_HORAS} horas y se puede usar una sola vez.`
  const text = [`Hola ${nombre}:`, '', motivoTexto, pasos, vigencia, '', enlace].join('\n')
  const html = `<p>Hola ${escaparHtml(nombre)}:</p>
<p>${escaparHtml(motivoTexto)}</p>
<p>${escaparHtml(pasos)}</p>
<p><a href="${escaparHtml(enlace)}">Crear mi contraseña</a> (${escaparHtml(vigencia)})</p>`
  const subject =
    motivo === 'nueva'
      ? 'Su cuenta en el área de la escuela del Portal del Estudiante'
      : 'Vuelva a crear su contraseña y su verificación en dos pasos'
  return { subject, text, html }
}

function escaparHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** Voids the account's unused links: only the newest one sent works, and none once disabled. */
export async function anularInvitaciones(db: Db, personalId: string, ahora: Date): Promise<void> {
  await db
    .updateTable('tokens_personal')
    .set({ usado: ahora.toISOString() })
    .where('personal_id', '=', personalId)
    .where('usado', 'is', null)
    .execute()
}
