// The files a student uploads for an enrolment's required documents (the bytes live in the
// BlobStore). Schema builder only, so it runs on PostgreSQL too.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('archivos_solicitud')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('codigo_inscripcion', 'text', (c) =>
      c.notNull().references('solicitudes.codigo_inscripcion').onDelete('cascade'),
    )
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('cod_documento', 'text', (c) => c.notNull())
    /** 'Pro-' + enrolment code + the student's file name, cleaned. */
    .addColumn('nombre_archivo', 'text', (c) => c.notNull())
    .addColumn('tipo_archivo', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('tamanno', 'integer', (c) => c.notNull())
    .addColumn('blob_clave', 'text', (c) => c.notNull())
    .addColumn('subido_en', 'text', (c) => c.notNull())
    .execute()
  // One file per document of an enrolment: a new upload replaces it.
  await db.schema
    .createIndex('archivos_solicitud_documento')
    .unique()
    .on('archivos_solicitud')
    .columns(['codigo_inscripcion', 'cod_documento'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('archivos_solicitud').execute()
}
