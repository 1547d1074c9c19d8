// Privacy:
// - `bloqueos_datos`: a student's data blocked (art. 8: processing stopped for a time, data kept):
//   from when, why, by whom, at which request; lifted with when, by whom and why. At most one
//   block in force per student (a partial unique index on the rows not lifted).
// - `lecturas_datos`: who read a student's sensitive data (a health document, the survey's
//   sensitive answers) and which integration read their data through the CRM API, and when.
//   Written in batches off the request's path (server/privacidad/lecturas.ts); no foreign key, so
//   a batch is never refused for one row.
// - `consentimientos`: each express consent given or withdrawn (art. 12 and 16), with the privacy
//   policy version in force and the moment: the latest row per student and purpose is the state.
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bloqueos_datos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('motivo', 'text', (c) => c.notNull())
    .addColumn('solicitud_id', 'integer')
    .addColumn('desde', 'text', (c) => c.notNull())
    .addColumn('bloqueado_por_id', 'text', (c) => c.notNull())
    .addColumn('bloqueado_por', 'text', (c) => c.notNull())
    .addColumn('levantado_en', 'text')
    .addColumn('levantado_por_id', 'text')
    .addColumn('levantado_por', 'text')
    .addColumn('motivo_levantamiento', 'text')
    .execute()
  await db.schema
    .createIndex('bloqueos_datos_vigente')
    .unique()
    .on('bloqueos_datos')
    .column('alumno_id')
    .where(sql.ref('levantado_en'), 'is', null)
    .execute()

  await db.schema
    .createTable('lecturas_datos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('en', 'text', (c) => c.notNull())
    .addColumn('lector_tipo', 'text', (c) => c.notNull())
    .addColumn('lector_id', 'text', (c) => c.notNull())
    .addColumn('lector_nombre', 'text', (c) => c.notNull())
    .addColumn('lector_rol', 'text')
    .addColumn('alumno_id', 'text', (c) => c.notNull())
    .addColumn('que', 'text', (c) => c.notNull())
    .addColumn('detalle', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .execute()
  await db.schema.createIndex('lecturas_datos_alumno').on('lecturas_datos').columns(['alumno_id', 'en']).execute()
  await db.schema.createIndex('lecturas_datos_en').on('lecturas_datos').column('en').execute()

  await db.schema
    .createTable('consentimientos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('finalidad', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('version_politica', 'integer')
    .addColumn('en', 'text', (c) => c.notNull())
    .addColumn('origen', 'text', (c) => c.notNull())
    .addColumn('codigo_inscripcion', 'text')
    .execute()
  await db.schema
    .createIndex('consentimientos_alumno')
    .on('consentimientos')
    .columns(['alumno_id', 'finalidad', 'en'])
    .execute()
}
