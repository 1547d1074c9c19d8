// A staff member's password is set only through a link sent to the account's mailbox: an
// invitation (a new account, or one whose second factor was reset) or a reset link. Each is a
// random token kept hashed in `tokens_personal`, valid once and until it expires. Using one sets
// the password and nothing else (the second factor stays as it was), voids the account's other
// links, ends its open sessions and lifts a sign-in lock on its e-mail, in one transaction with
// the audit row.
import type { Reloj } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import { levantarBloqueo } from '../seguridad/bloqueos.ts'
import { hashearToken } from '../seguridad/tokens.ts'
import type { AccionAuditada } from '../../src/domain/palabras-auditoria.ts'
import { auditar } from './auditoria.ts'

export type MotivoEnlace = 'invitacion' | 'restablecer'

const ACCION_AL_USAR: Record<MotivoEnlace, AccionAuditada> = {
  invitacion: 'personal.contrasena-creada',
  restablecer: 'personal.restablecer-password',
}

type Deps = { db: Db; clock: Reloj }

/** The active account an unused, unexpired link of this kind belongs to. */
export async function enlaceVigente({ db, clock }: Deps, token: string, motivo: MotivoEnlace) {
  return db
    .selectFrom('tokens_personal')
    .innerJoin('personal', 'personal.id', 'tokens_personal.personal_id')
    .select(['personal.id', 'personal.nombre', 'personal.email', 'personal.rol'])
    .where('tokens_personal.token_hash', '=', hashearToken(token))
    .where('tokens_personal.motivo', '=', motivo)
    .where('tokens_personal.usado', 'is', null)
    .where('tokens_personal.expira', '>', clock().toISOString())
    .where('personal.activo', '=', 1)
    .executeTakeFirst()
}

/**
 * Sets the password of the link's account and returns the account; null when the link was used,
 * expired or its account disabled meanwhile.
 */
export async function usarEnlace(
  deps: Deps,
  { token, motivo, passwordHash, ip }: { token: string; motivo: MotivoEnlace; passwordHash: string; ip: string },
) {
  const ahora = deps.clock()
  return deps.db.transaction().execute(async (trx) => {
    const personal = await enlaceVigente({ db: trx, clock: deps.clock }, token, motivo)
    if (!personal) return null
    // Claimed by a conditional update: of two uses at once, one sets the password.
    const reclamo = await trx
      .updateTable('tokens_personal')
      .set({ usado: ahora.toISOString() })
      .where('token_hash', '=', hashearToken(token))
      .where('usado', 'is', null)
      .executeTakeFirst()
    if (Number(reclamo.numUpdatedRows) !== 1) return null
    // The password only: the second factor's secret, its confirmation and last used step stay.
    await trx.updateTable('personal').set({ password_hash: passwordHash }).where('id', '=', personal.id).execute()
    await anularEnlaces(trx, personal.id, ahora)
    // Whoever was signed in with the old password (a stolen one, or a forgotten browser) is out.
    const sesiones = await trx
      .deleteFrom('sesiones')
      .where('actor_tipo', '=', 'personal')
      .where('actor_id', '=', personal.id)
      .executeTakeFirst()
    // The link went to the account's mailbox: its owner, with a new password, is not kept out by
    // the failures of whoever tried the old one.
    await levantarBloqueo(trx, 'personal', personal.email)
    await auditar(
      trx,
      { personal, ip, ahora },
      {
        accion: ACCION_AL_USAR[motivo],
        entidad: 'personal',
        entidadId: personal.id,
        despues: { sesionesCerradas: Number(sesiones.numDeletedRows) },
      },
    )
    return personal
  })
}

/** Voids the account's unused links: only the newest one sent works, and none once disabled. */
export async function anularEnlaces(db: Db, personalId: string, ahora: Date): Promise<void> {
  await db
    .updateTable('tokens_personal')
    .set({ usado: ahora.toISOString() })
    .where('personal_id', '=', personalId)
    .where('usado', 'is', null)
    .execute()
}
