// A student's reads reach their own rows through an index, so they cost what the student has, not
// what the whole school has: the enrolment files by student (the enrolment list counts them; the
// table had an index only by enrolment), and the enrolments by student in the order every list
// shows them, newest first, so the list and the home page's most recent enrolment are read in
// order instead of sorted, and the most recent one is the first row read. That index starts with
// the student, so it also serves every lookup the old one by student alone did.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('archivos_solicitud_alumno').on('archivos_solicitud').column('alumno_id').execute()
  await db.schema
    .createIndex('solicitudes_alumno_fecha')
    .on('solicitudes')
    .columns(['alumno_id', 'fecha_inicio', 'codigo_inscripcion'])
    .execute()
  await db.schema.dropIndex('solicitudes_alumno').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('solicitudes_alumno').on('solicitudes').column('alumno_id').execute()
  await db.schema.dropIndex('solicitudes_alumno_fecha').execute()
  await db.schema.dropIndex('archivos_solicitud_alumno').execute()
}
