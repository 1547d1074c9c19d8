// A revoked document no longer holds its place: the enrolment (or the payment) it was issued for
// can be issued a new one, with a new code, while the old code keeps answering as revoked. The
// unique indexes that allow one document of a kind per enrolment (and one receipt per payment)
// now count only the valid ones. Also indexes for what the staff's screens ask of issued
// documents and surveys: an enrolment's certificate, and what arrived this week.
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely'

const TIPOS_UNO_POR_SOLICITUD = ['6', '30', '35']

async function indicesUnicos(db: Kysely<unknown>, soloVigentes: boolean): Promise<void> {
  await db.schema.dropIndex('documentos_emitidos_unico_por_solicitud').execute()
  await db.schema.dropIndex('documentos_emitidos_referencia').execute()
  let porSolicitud = db.schema
    .createIndex('documentos_emitidos_unico_por_solicitud')
    .unique()
    .on('documentos_emitidos')
    .columns(['codigo_inscripcion', 'cod_tipo_documento'])
    .where(sql.ref('cod_tipo_documento'), 'in', TIPOS_UNO_POR_SOLICITUD)
  let porReferencia = db.schema
    .createIndex('documentos_emitidos_referencia')
    .unique()
    .on('documentos_emitidos')
    .columns(['cod_tipo_documento', 'referencia'])
  if (soloVigentes) {
    porSolicitud = porSolicitud.where(sql.ref('revocado_en'), 'is', null)
    porReferencia = porReferencia.where(sql.ref('revocado_en'), 'is', null)
  }
  await porSolicitud.execute()
  await porReferencia.execute()
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await indicesUnicos(db, true)
  await db.schema
    .createIndex('documentos_emitidos_solicitud')
    .on('documentos_emitidos')
    .columns(['codigo_inscripcion', 'cod_tipo_documento'])
    .execute()
  await db.schema
    .createIndex('documentos_emitidos_tipo_emitido')
    .on('documentos_emitidos')
    .columns(['cod_tipo_documento', 'emitido_en'])
    .execute()
  await db.schema.createIndex('encuestas_enviada_en').on('encuestas').column('enviada_en').execute()
}

/** Back to one document per place, revoked or not (fails if a place already holds a reissue). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('encuestas_enviada_en').execute()
  await db.schema.dropIndex('documentos_emitidos_tipo_emitido').execute()
  await db.schema.dropIndex('documentos_emitidos_solicitud').execute()
  await indicesUnicos(db, false)
}
