// Refunds of online payments, made by the school's staff through the gateway's refund operation.
// - `reembolsos`: one row per refund asked for. The client's idempotency key is unique per
//   payment, so a request sent twice (a double click, a retry) is one refund; and at most one
//   refund of a payment is in course at a time (a unique partial index on its 'en-curso' rows, on
//   SQLite and PostgreSQL alike): it is the claim, taken before the gateway is called, since a
//   refund sent twice to the gateway gives the money back twice.
// - `pasarela_sandbox` learns refunds: how much of each transaction was given back and how.
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reembolsos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pago_id', 'text', (c) => c.notNull().references('pagos.id'))
    /** The client's idempotency key: the same key for the same payment is the same refund. */
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('monto', 'integer', (c) => c.notNull())
    .addColumn('motivo', 'text', (c) => c.notNull())
    /** 'en-curso' (claimed, at the gateway) | 'aplicado' | 'rechazado' (the gateway refused it). */
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('personal_id', 'text', (c) => c.notNull())
    .addColumn('personal_nombre', 'text', (c) => c.notNull())
    .addColumn('creado_en', 'text', (c) => c.notNull())
    /** While 'en-curso': until when the server that claimed it is at the gateway with it. */
    .addColumn('en_curso_hasta', 'text')
    .addColumn('resuelto_en', 'text')
    /** The gateway's reply: REVERSED or NULLIFIED, and a nullification's own data. */
    .addColumn('tipo', 'text')
    .addColumn('codigo_autorizacion', 'text')
    .addColumn('fecha_autorizacion', 'text')
    .addColumn('saldo', 'integer')
    .addColumn('codigo_respuesta', 'integer')
    /** Why the gateway refused it, in its words. */
    .addColumn('detalle', 'text')
    .execute()
  await db.schema.createIndex('reembolsos_clave').unique().on('reembolsos').columns(['pago_id', 'clave']).execute()
  await db.schema
    .createIndex('reembolsos_uno_en_curso')
    .unique()
    .on('reembolsos')
    .column('pago_id')
    .where(sql<boolean>`estado = 'en-curso'`)
    .execute()

  await db.schema
    .alterTable('pasarela_sandbox')
    .addColumn('reembolsado', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('pasarela_sandbox').addColumn('tipo_reembolso', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pasarela_sandbox').dropColumn('tipo_reembolso').execute()
  await db.schema.alterTable('pasarela_sandbox').dropColumn('reembolsado').execute()
  await db.schema.dropTable('reembolsos').execute()
}
