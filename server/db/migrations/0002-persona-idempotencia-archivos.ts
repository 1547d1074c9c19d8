// Issue 3: idempotency records for every mutating request with an Idempotency-Key, the history of
// personal-data changes, and the students' personal documents (the bytes live in the BlobStore).
// Schema builder only, so it runs on PostgreSQL too. The student's codPersona is their
// codigo_alumno (one person per student account), so no column is added for it.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotencia')
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('clave', 'text', (c) => c.notNull())
    /** SHA-256 (hex) of method, path and body. */
    .addColumn('huella', 'text', (c) => c.notNull())
    /** 'en-curso' while the first request runs, then 'completo'. */
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('cuerpo', 'text')
    .addColumn('content_type', 'text')
    .addColumn('creado_en', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotencia_pk', ['alumno_id', 'clave'])
    .execute()
  await db.schema.createIndex('idempotencia_creado').on('idempotencia').column('creado_en').execute()

  await db.schema
    .createTable('historial_persona')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('clave_idempotencia', 'text')
    .addColumn('cambiado_en', 'text', (c) => c.notNull())
    /** JSON array of the names (personaSchema's) of the fields that changed. */
    .addColumn('campos', 'text', (c) => c.notNull())
    .execute()
  // A submission is applied once even if its idempotency record were lost (NULLs do not collide).
  await db.schema
    .createIndex('historial_persona_clave')
    .unique()
    .on('historial_persona')
    .columns(['alumno_id', 'clave_idempotencia'])
    .execute()

  await db.schema
    .createTable('archivos_personales')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('cod_documento', 'text', (c) => c.notNull())
    /** The client's file name, sanitised, kept only as data (never a path). */
    .addColumn('nombre_original', 'text', (c) => c.notNull())
    /** Extension by the real content: 'pdf' | 'jpg' | 'png'. */
    .addColumn('tipo_archivo', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('tamanno', 'integer', (c) => c.notNull())
    /** The BlobStore key the server chose. */
    .addColumn('blob_clave', 'text', (c) => c.notNull().unique())
    .addColumn('subido_en', 'text', (c) => c.notNull())
    .addColumn('id_inscripcion', 'integer', (c) => c.notNull())
    .addColumn('id_grupo', 'integer', (c) => c.notNull())
    .execute()
  // One file per personal document type: an upload replaces the previous one.
  await db.schema
    .createIndex('archivos_personales_tipo')
    .unique()
    .on('archivos_personales')
    .columns(['alumno_id', 'cod_documento'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tabla of ['archivos_personales', 'historial_persona', 'idempotencia']) {
    await db.schema.dropTable(tabla).execute()
  }
}
