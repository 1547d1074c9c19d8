// The certificate also records its enrolment's prospect code, which the validator answers with,
// so the validator reads the certificate alone and never the enrolment. Certificates issued before
// take it from their enrolment. Schema builder and standard SQL only, so it runs on PostgreSQL too.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('certificados')
    .addColumn('cod_prospecto', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`
    UPDATE certificados SET
      cod_prospecto = (SELECT s.cod_prospecto FROM solicitudes s WHERE s.codigo_inscripcion = certificados.codigo_inscripcion)
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificados').dropColumn('cod_prospecto').execute()
}
