// The integration API's keys and what its reads need:
// - `claves_integracion`: one row per API key an admin created. The key itself is shown once and
//   never stored: only its SHA-256 (unique, what a request is matched by) and its first characters,
//   so the list can say which key is which. Its scopes (JSON array), who created and revoked it and
//   when, and its last use. A revoked key stays, so the audit trail's rows still name it.
// - Indexes for the reads of what changed since a moment: payments by when they were settled, and
//   each table of uploads by its review's moment (the regulations and surveys already have theirs).
// Schema builder only, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claves_integracion')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    /** The key's first characters ('portal_AbC123'), shown in the list; not enough to use it. */
    .addColumn('prefijo', 'text', (c) => c.notNull())
    /** JSON array of scopes, e.g. ["alumnos.escribir","lectura"]. */
    .addColumn('alcances', 'text', (c) => c.notNull())
    .addColumn('creada_en', 'text', (c) => c.notNull())
    .addColumn('creada_por', 'text', (c) => c.notNull().references('personal.id'))
    .addColumn('revocada_en', 'text')
    .addColumn('revocada_por', 'text', (c) => c.references('personal.id'))
    .addColumn('ultimo_uso_en', 'text')
    .execute()

  await db.schema.createIndex('pagos_resuelto_en').on('pagos').column('resuelto_en').execute()
  for (const tabla of ['archivos_personales', 'archivos_solicitud', 'archivos_postulacion'])
    await db.schema.createIndex(`${tabla}_revisado_en`).on(tabla).columns(['estado_revision', 'revisado_en']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tabla of ['archivos_personales', 'archivos_solicitud', 'archivos_postulacion'])
    await db.schema.dropIndex(`${tabla}_revisado_en`).execute()
  await db.schema.dropIndex('pagos_resuelto_en').execute()
  await db.schema.dropTable('claves_integracion').execute()
}
