// The money screens read refunds and find payments by what finance has in hand:
// - the day's reconciliation reads the refunds applied in a range of days, by when they were
//   applied, as it reads approved payments (pagos_estado_resuelto, migration 0019);
// - every payment listed carries what its applied refunds add up to: read on the payment's own
//   refunds in that state, not on every applied refund;
// - the payments list finds a payment by the gateway's authorization code, typed whole (the buy
//   order is already unique, so indexed).
// Schema builder only, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('reembolsos_estado_resuelto')
    .on('reembolsos')
    .columns(['estado', 'resuelto_en'])
    .execute()
  await db.schema.createIndex('reembolsos_pago_estado').on('reembolsos').columns(['pago_id', 'estado']).execute()
  await db.schema.createIndex('pagos_codigo_autorizacion').on('pagos').column('codigo_autorizacion').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pagos_codigo_autorizacion').execute()
  await db.schema.dropIndex('reembolsos_pago_estado').execute()
  await db.schema.dropIndex('reembolsos_estado_resuelto').execute()
}
