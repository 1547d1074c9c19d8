// Payments made in person: a payment records how it reached the school ('webpay' through the
// gateway, 'presencial' recorded by staff) and, when recorded by staff, who did it. The school's
// list of payments reads newest first and its reconciliation reads approved payments by the time
// they were settled: an index for each, so neither scans every payment ever made. Schema builder
// only, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pagos')
    .addColumn('medio', 'text', (c) => c.notNull().defaultTo('webpay'))
    .execute()
  // The staff member who recorded an in-person payment (personal.id); null for the gateway's.
  await db.schema.alterTable('pagos').addColumn('registrado_por', 'text').execute()
  await db.schema.createIndex('pagos_creado').on('pagos').column('creado_en').execute()
  await db.schema.createIndex('pagos_estado_resuelto').on('pagos').columns(['estado', 'resuelto_en']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pagos_estado_resuelto').execute()
  await db.schema.dropIndex('pagos_creado').execute()
  await db.schema.alterTable('pagos').dropColumn('registrado_por').execute()
  await db.schema.alterTable('pagos').dropColumn('medio').execute()
}
