// Resumable uploads (tus, server/subidas/):
// - `subidas`: one row per upload a student began, whose it is and what it is for (the endpoint
//   that will make it a document, and the document type), until it is used or expires. The bytes
//   live in the tus store (DATA_DIR/subidas or the S3 bucket), under the same id.
// - `bloqueos_subida`: the lock tus takes on an upload while a request writes or reads it, shared
//   by every server: a lease (renewed while held, so a dead server's lock lapses), and `liberar`,
//   which a request waiting for it sets to ask the holder to let go (tus's requestRelease).
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subidas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    /** The endpoint that makes it a document, e.g. '/api/alumno/documentos'. */
    .addColumn('destino', 'text', (c) => c.notNull())
    .addColumn('cod_documento', 'text', (c) => c.notNull())
    /** The client's file name, cleaned (sanearNombreArchivo). */
    .addColumn('nombre', 'text', (c) => c.notNull())
    /** Upload-Length: the whole file, in bytes. */
    .addColumn('tamanno', 'integer', (c) => c.notNull())
    /** 'en-curso' | 'completa' (all bytes, content checked: a document may be made of it). */
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('creada_en', 'text', (c) => c.notNull())
    .addColumn('expira', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('subidas_alumno').on('subidas').columns(['alumno_id', 'estado']).execute()
  await db.schema.createIndex('subidas_expira').on('subidas').column('expira').execute()

  await db.schema
    .createTable('bloqueos_subida')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** Random, per lock taken: only its holder renews or releases it. */
    .addColumn('dueno', 'text', (c) => c.notNull())
    /** ISO time (the machine's clock, not the app's): a lock not renewed by then is free. */
    .addColumn('expira', 'text', (c) => c.notNull())
    .addColumn('liberar', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bloqueos_subida').execute()
  await db.schema.dropTable('subidas').execute()
}
