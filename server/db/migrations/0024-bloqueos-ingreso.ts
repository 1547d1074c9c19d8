// Sign-in locks (src/domain/bloqueo-ingreso.ts): one row per thing whose failed sign-ins are
// counted, a staff account (by e-mail), a student account (by e-mail) or an address trying staff
// accounts. Keyed by e-mail, not by account, so an e-mail that has no account is counted and
// locked the same way and a lock tells nothing about whether the account exists. `fallos` counts
// within a window ending at `ventana_hasta`; reaching the limit sets `bloqueada_hasta`, and the
// window then runs until the lock ends, so the count starts again after it. Each failure is one
// upsert, so servers sharing the database count together.
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bloqueos_ingreso')
    /** 'personal' (a staff e-mail), 'personal-ip' (an address) or 'alumno' (a student e-mail). */
    .addColumn('ambito', 'text', (c) => c.notNull())
    /** The e-mail, lower-case, or the address. */
    .addColumn('sujeto', 'text', (c) => c.notNull())
    .addColumn('fallos', 'integer', (c) => c.notNull())
    .addColumn('ventana_hasta', 'text', (c) => c.notNull())
    /** Null, or when the lock ends (it may be in the past: then it no longer holds). */
    .addColumn('bloqueada_hasta', 'text')
    .addPrimaryKeyConstraint('bloqueos_ingreso_pk', ['ambito', 'sujeto'])
    .execute()
  await db.schema.createIndex('bloqueos_ingreso_ventana').on('bloqueos_ingreso').column('ventana_hasta').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bloqueos_ingreso').execute()
}
