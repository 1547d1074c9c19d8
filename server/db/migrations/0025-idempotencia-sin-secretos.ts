// The idempotency store kept, until now, the whole first reply of every request with a key,
// including the one reply that must never be kept: a new API key for the integration API, shown
// once in clear. Such replies are no longer stored (middleware/idempotencia.ts keeps the refusal a
// repeat gets instead); this deletes the ones stored before. Those rows are the staff's (the keys
// are made by an admin) and their body carries the new key, which starts with `portal_`. Deleting
// a row only ends the replay of that request: a repeat of it would create another key, which the
// list shows and an admin can revoke.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from idempotencia where actor like ${'personal:%'} and cuerpo like ${'%"token":"portal_%'}`.execute(
    db,
  )
}

/** What was deleted is not brought back: nothing needs it, and it must not exist. */
export async function down(): Promise<void> {}
