// The school runs its contests and job offers from its own screens:
// - `concursos.publicacion`: 'borrador' (created, not yet shown to students), 'publicado' (shown;
//   takes applications within its period) or 'cerrado' (closed by the school: shown as closed and
//   takes no application, payment or document, whatever its dates). Rows that existed before are
//   published, as they were already shown.
// - `ofertas_laborales.cerrada_en`: when the school closed an offer before its last day (null: not
//   closed); a closed offer is no longer listed.
// - `ajustes`: the school's settings changed on its screens (the home tile of the job offers), one
//   row per setting once set; while absent, the environment's value is the default.
// Schema builder only, so it runs on PostgreSQL too.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('concursos')
    .addColumn('publicacion', 'text', (c) => c.notNull().defaultTo('publicado'))
    .execute()
  await db.schema.alterTable('ofertas_laborales').addColumn('cerrada_en', 'text').execute()
  await db.schema
    .createTable('ajustes')
    .addColumn('clave', 'text', (c) => c.primaryKey())
    .addColumn('valor', 'text', (c) => c.notNull())
    .addColumn('cambiado_en', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ajustes').execute()
  await db.schema.alterTable('ofertas_laborales').dropColumn('cerrada_en').execute()
  await db.schema.alterTable('concursos').dropColumn('publicacion').execute()
}
