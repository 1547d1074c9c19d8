// A certificate states what it certified: the holder's name and RUT or passport and the program's
// start, recorded when it is issued, beside the program and issue date it already kept. The public
// validator reads these and never the student's profile, which the student may edit at any time.
// Certificates issued before this migration take the profile as it is now, the best record left of
// what they certified. Schema builder and standard SQL only, so it runs on PostgreSQL too.
import { sql, type Kysely } from 'kysely'

const COLUMNAS = ['titular_nombre', 'titular_tipo_documento', 'titular_documento', 'fecha_inicio'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const columna of COLUMNAS) {
    await db.schema
      .alterTable('certificados')
      .addColumn(columna, 'text', (c) => c.notNull().defaultTo(''))
      .execute()
  }
  await sql`
    UPDATE certificados SET
      titular_nombre = (SELECT a.nombres || ' ' || a.apellidos FROM alumnos a WHERE a.id = certificados.alumno_id),
      titular_tipo_documento = (SELECT COALESCE(a.tipo_documento, 'RUT') FROM alumnos a WHERE a.id = certificados.alumno_id),
      titular_documento = (SELECT COALESCE(a.numero_documento, a.rut) FROM alumnos a WHERE a.id = certificados.alumno_id),
      fecha_inicio = (SELECT s.fecha_inicio FROM solicitudes s WHERE s.codigo_inscripcion = certificados.codigo_inscripcion)
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const columna of COLUMNAS) await db.schema.alterTable('certificados').dropColumn(columna).execute()
}
