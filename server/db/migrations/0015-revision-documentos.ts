// The review queue reads uploads by their review state, oldest first, across the three tables of
// uploaded documents: an index on (state, upload time) in each, so the queue never scans every
// file the school ever received. Schema builder only, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

const TABLAS = ['archivos_personales', 'archivos_solicitud', 'archivos_postulacion'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const tabla of TABLAS) {
    await db.schema.createIndex(`${tabla}_revision`).on(tabla).columns(['estado_revision', 'subido_en']).execute()
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tabla of TABLAS) await db.schema.dropIndex(`${tabla}_revision`).execute()
}
