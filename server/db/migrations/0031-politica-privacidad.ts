// The privacy policy (src/domain/politica-privacidad.ts):
// - `politicas_privacidad`: every version's text as it was published (JSON), so the school can
//   show what a student was told on any date. A version whose text changed with the school's
//   details (a new contact, another storage country) gets a new row under the same version.
// - `privacidad_vistas`: which version each student was shown, and when (the proof of art. 14 ter's
//   duty to inform; a new version is shown once).
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('politicas_privacidad')
    .addColumn('version', 'integer', (c) => c.notNull())
    /** SHA-256 of `contenido`. */
    .addColumn('huella', 'text', (c) => c.notNull())
    .addColumn('vigente_desde', 'text', (c) => c.notNull())
    .addColumn('contenido', 'text', (c) => c.notNull())
    .addColumn('publicada_en', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('politicas_privacidad_pk', ['version', 'huella'])
    .execute()

  await db.schema
    .createTable('privacidad_vistas')
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('vista_en', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('privacidad_vistas_pk', ['alumno_id', 'version'])
    .execute()
}
