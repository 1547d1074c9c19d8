// Specialty-medicine contests, each student's application to one (its fee paid or not, and the
// files it asks for) and the job offers list. Schema builder only, so it runs on PostgreSQL too.
// Lists that are read whole and never queried inside (requirements, calendar, document codes) are
// JSON text, as the survey's answers are.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('concursos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('especialidad', 'text', (c) => c.notNull())
    /** Campus or hospital where the program runs. */
    .addColumn('sede', 'text', (c) => c.notNull())
    .addColumn('ciudad', 'text', (c) => c.notNull())
    .addColumn('vacantes', 'integer', (c) => c.notNull())
    /** Calendar days in Chile ('yyyy-mm-dd'), both included. */
    .addColumn('postulacion_desde', 'text', (c) => c.notNull())
    .addColumn('postulacion_hasta', 'text', (c) => c.notNull())
    /** The application fee in whole CLP. */
    .addColumn('derecho_postulacion', 'integer', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    /** JSON array of strings. */
    .addColumn('requisitos', 'text', (c) => c.notNull())
    /** JSON array of { fecha: 'yyyy-mm-dd', hito }. */
    .addColumn('calendario', 'text', (c) => c.notNull())
    /** JSON array of document type codes (the enrolment documents' types). */
    .addColumn('documentos', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('postulaciones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('concurso_id', 'text', (c) => c.notNull().references('concursos.id').onDelete('cascade'))
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('creada_en', 'text', (c) => c.notNull())
    /** When the approved payment of the fee was recorded; null while unpaid. */
    .addColumn('pagada_en', 'text')
    /** The payment that paid the fee (a row of the payment flow's own tables). */
    .addColumn('pago_id', 'text')
    .execute()
  // One application per student and contest: applying again finds the same one.
  await db.schema
    .createIndex('postulaciones_concurso_alumno')
    .unique()
    .on('postulaciones')
    .columns(['concurso_id', 'alumno_id'])
    .execute()
  await db.schema.createIndex('postulaciones_alumno').on('postulaciones').column('alumno_id').execute()

  await db.schema
    .createTable('archivos_postulacion')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('postulacion_id', 'text', (c) => c.notNull().references('postulaciones.id').onDelete('cascade'))
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('cod_documento', 'text', (c) => c.notNull())
    .addColumn('nombre_archivo', 'text', (c) => c.notNull())
    .addColumn('tipo_archivo', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('tamanno', 'integer', (c) => c.notNull())
    .addColumn('blob_clave', 'text', (c) => c.notNull())
    .addColumn('subido_en', 'text', (c) => c.notNull())
    .execute()
  // One file per document of an application: a new upload replaces it.
  await db.schema
    .createIndex('archivos_postulacion_documento')
    .unique()
    .on('archivos_postulacion')
    .columns(['postulacion_id', 'cod_documento'])
    .execute()

  await db.schema
    .createTable('ofertas_laborales')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('institucion', 'text', (c) => c.notNull())
    .addColumn('cargo', 'text', (c) => c.notNull())
    .addColumn('ciudad', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    /** Calendar days in Chile ('yyyy-mm-dd'): listed from the first to the last, both included. */
    .addColumn('publicada_el', 'text', (c) => c.notNull())
    .addColumn('cierra_el', 'text', (c) => c.notNull())
    .addColumn('contacto_nombre', 'text', (c) => c.notNull())
    .addColumn('contacto_email', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tabla of ['ofertas_laborales', 'archivos_postulacion', 'postulaciones', 'concursos']) {
    await db.schema.dropTable(tabla).execute()
  }
}
