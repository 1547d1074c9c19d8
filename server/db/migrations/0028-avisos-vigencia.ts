// A notice about something that no longer applies is withdrawn, not deleted: the student's bell
// and the staff's history still show it, marked with why (a certificate revoked, a reminder whose
// survey was sent, whose regulations were accepted, whose program ended with its certificate, an
// installment paid, a rejected document already replaced). A withdrawn notice no longer counts as
// unread, and what was still to be sent of it is not sent.
// - `retirada_en`: when it was withdrawn; null while it applies.
// - `retiro`: why, as the student reads it under the notice.
// The reminder check looks for the notices still standing, by kind: a partial index over those.
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notificaciones').addColumn('retirada_en', 'text').execute()
  await db.schema.alterTable('notificaciones').addColumn('retiro', 'text').execute()
  await db.schema
    .createIndex('notificaciones_vigentes')
    .on('notificaciones')
    .columns(['tipo', 'alumno_id'])
    .where(sql.ref('retirada_en'), 'is', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notificaciones_vigentes').execute()
  await db.schema.alterTable('notificaciones').dropColumn('retiro').execute()
  await db.schema.alterTable('notificaciones').dropColumn('retirada_en').execute()
}
