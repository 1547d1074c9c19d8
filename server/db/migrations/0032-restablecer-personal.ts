// A staff member who forgot their password asks for a link by e-mail. It is kept with the
// invitation links in `tokens_personal` (random, stored hashed, single use, expiring), and
// `motivo` tells the two apart: 'invitacion' (a new account, or one whose second factor an admin
// reset) or 'restablecer' (a new password for an account that keeps its second factor). Each link
// opens only its own screen and endpoint. Every existing row is an invitation.
// Schema builder only, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tokens_personal')
    .addColumn('motivo', 'text', (c) => c.notNull().defaultTo('invitacion'))
    .execute()
}
