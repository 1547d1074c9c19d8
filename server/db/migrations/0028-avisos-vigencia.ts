// A notice about something that no longer applies is withdrawn, not deleted: the student's bell
// and the staff's history still show it, marked with why (a certificate revoked, a reminder whose
// survey was sent, whose regulations were accepted, whose program ended with its certificate, an
// installment paid, a rejected document already replaced). A withdrawn notice no longer counts as
// unread, and what was still to be sent of it is not sent.
// - `retirada_en`: when it was withdrawn; null while it applies.
// - `retiro`: why, as the student reads it under the notice.
// The reminder check looks for the notices still standing, by kind: a partial index over those.
// Notices made before now opened a whole screen; they are pointed at the very thing they are about,
// as new ones are (src/domain/urls.ts): the enrolment at its survey, regulations, certificate or
// invoice, the document at its place (when its file still exists).
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notificaciones').addColumn('retirada_en', 'text').execute()
  await db.schema.alterTable('notificaciones').addColumn('retiro', 'text').execute()
  await db.schema
    .createIndex('notificaciones_vigentes')
    .on('notificaciones')
    .columns(['tipo', 'alumno_id'])
    .where(sql.ref('retirada_en'), 'is', null)
    .execute()
  await direccionesExactas(db)
}

/**
 * Points the notices that open a whole screen (the list, Información Personal) at the very thing
 * they are about. Only those: one made since, or already pointed, is left as it is.
 */
export async function direccionesExactas(db: Kysely<unknown>): Promise<void> {
  // A reminder's `tema` is '<kind>:<enrolment>'.
  for (const [tipo, abrir] of [
    ['encuesta-pendiente', 'encuesta'],
    ['reglamento-pendiente', 'reglamento'],
  ] as const)
    await sql`update notificaciones
      set ruta = '/info/solicitudes?solicitud=' || substr(tema, ${sql.lit(tipo.length + 2)}) || ${sql.lit(`&abrir=${abrir}`)}
      where tipo = ${tipo} and ruta = '/info/solicitudes'`.execute(db)
  // An issued document's occasion is its code.
  await sql`update notificaciones
    set ruta = (
      select '/info/solicitudes?solicitud=' || d.codigo_inscripcion || '&abrir='
        || case when d.cod_tipo_documento = '30' then 'factura' else 'certificado' end
      from documentos_emitidos d where d.codigo = notificaciones.ocasion)
    where tipo = 'documento-emitido' and ruta = '/info/solicitudes'
      and exists (select 1 from documentos_emitidos d where d.codigo = notificaciones.ocasion
        and d.codigo_inscripcion is not null)`.execute(db)
  // A decision's occasion is '<table>:<file id>'.
  await sql`update notificaciones
    set ruta = (
      select '/info/solicitudes?solicitud=' || a.codigo_inscripcion || '&abrir=documentos&documento=' || a.cod_documento
      from archivos_solicitud a where a.id = substr(notificaciones.ocasion, 20))
    where tipo in ('documento-rechazado', 'documento-aprobado') and ruta = '/info/solicitudes'
      and substr(ocasion, 1, 19) = 'archivos_solicitud:'
      and exists (select 1 from archivos_solicitud a where a.id = substr(notificaciones.ocasion, 20))`.execute(db)
  await sql`update notificaciones
    set ruta = (
      select '/info/personal#documento-' || a.cod_documento
      from archivos_personales a where a.id = substr(notificaciones.ocasion, 21))
    where tipo in ('documento-rechazado', 'documento-aprobado') and ruta = '/info/personal'
      and substr(ocasion, 1, 20) = 'archivos_personales:'
      and exists (select 1 from archivos_personales a where a.id = substr(notificaciones.ocasion, 21))`.execute(db)
}

/** The columns and index go; the notices keep their exact addresses, which still open. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notificaciones_vigentes').execute()
  await db.schema.alterTable('notificaciones').dropColumn('retiro').execute()
  await db.schema.alterTable('notificaciones').dropColumn('retirada_en').execute()
}
