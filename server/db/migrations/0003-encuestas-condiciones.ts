// The general survey of an enrolment and the student's decision on the enrolment conditions.
// Schema builder only, so it runs on PostgreSQL too.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('encuestas')
    // One survey per enrolment: a second send meets this key and is refused.
    .addColumn('codigo_inscripcion', 'text', (c) =>
      c.primaryKey().references('solicitudes.codigo_inscripcion').onDelete('cascade'),
    )
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    /** JSON of the survey schema's output. */
    .addColumn('respuestas', 'text', (c) => c.notNull())
    .addColumn('enviada_en', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('condiciones')
    .addColumn('codigo_inscripcion', 'text', (c) =>
      c.primaryKey().references('solicitudes.codigo_inscripcion').onDelete('cascade'),
    )
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    /** 'aceptadas' or 'rechazadas'; a later decision replaces it. */
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('decidida_en', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('condiciones').execute()
  await db.schema.dropTable('encuestas').execute()
}
