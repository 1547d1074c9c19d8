// The school's staff as a second kind of signed-in actor, beside the students:
// - `personal`: staff accounts (role, the commercial assistant a role 'asistente' is, password
//   hash, the second factor's TOTP secret and the last time step used, so a code works once);
//   `tokens_personal`: invitation links that let a new account create its password.
// - `sesiones` and `idempotencia` rebuilt to belong to an actor ('alumno' or 'personal') instead
//   of a student; existing rows are kept as the students' they were. A staff session starts
//   unverified (password given, code not yet) and only a verified one acts.
// - `auditoria`: one append-only row per staff action (who, role, what, on which record, before
//   and after, when, from where). Triggers refuse UPDATE and DELETE on it in both engines.
// - Uploaded documents gain their review (state, reason of a rejection, who and when); issued
//   documents their revocation's reason and author.
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import { PostgresAdapter, sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('personal')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('nombre', 'text', (c) => c.notNull())
    /** 'admin' | 'coordinacion' | 'asistente'. */
    .addColumn('rol', 'text', (c) => c.notNull())
    /** For role 'asistente': the commercial assistant this account is (its students are its scope). */
    .addColumn('asistente_id', 'text', (c) => c.references('asistentes.id'))
    /** Null until the invitation is accepted. */
    .addColumn('password_hash', 'text')
    /** Base32 TOTP secret; set at the first sign-in, confirmed by the first valid code. */
    .addColumn('totp_secreto', 'text')
    .addColumn('totp_confirmado_en', 'text')
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    .addColumn('totp_ultimo_paso', 'integer')
    .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creado_en', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('tokens_personal')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('personal_id', 'text', (c) => c.notNull().references('personal.id').onDelete('cascade'))
    .addColumn('creado', 'text', (c) => c.notNull())
    .addColumn('expira', 'text', (c) => c.notNull())
    .addColumn('usado', 'text')
    .execute()

  await db.schema
    .createTable('sesiones_actor')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    /** 'alumno' | 'personal'. */
    .addColumn('actor_tipo', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    /** 0 while a staff member has given the password but not yet the second factor's code. */
    .addColumn('verificada', 'integer', (c) => c.notNull())
    /** Codes tried on an unverified session. */
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creada', 'text', (c) => c.notNull())
    .addColumn('expira', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into sesiones_actor (token_hash, actor_tipo, actor_id, verificada, intentos, creada, expira)
    select token_hash, 'alumno', alumno_id, 1, 0, creada, expira from sesiones`.execute(db)
  await db.schema.dropTable('sesiones').execute()
  await db.schema.alterTable('sesiones_actor').renameTo('sesiones').execute()
  await db.schema.createIndex('sesiones_actor').on('sesiones').columns(['actor_tipo', 'actor_id']).execute()
  await db.schema.createIndex('sesiones_expira').on('sesiones').column('expira').execute()

  await db.schema
    .createTable('idempotencia_actor')
    /** 'alumno:<id>' or 'personal:<id>': keys belong to whoever sent them. */
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('huella', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('cuerpo', 'text')
    .addColumn('content_type', 'text')
    .addColumn('creado_en', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotencia_actor_pk', ['actor', 'clave'])
    .execute()
  await sql`insert into idempotencia_actor (actor, clave, huella, estado, status, cuerpo, content_type, creado_en)
    select 'alumno:' || alumno_id, clave, huella, estado, status, cuerpo, content_type, creado_en
    from idempotencia`.execute(db)
  await db.schema.dropTable('idempotencia').execute()
  await db.schema.alterTable('idempotencia_actor').renameTo('idempotencia').execute()
  await db.schema.createIndex('idempotencia_creado_en').on('idempotencia').column('creado_en').execute()

  await db.schema
    .createTable('auditoria')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('en', 'text', (c) => c.notNull())
    /** 'personal' today; the integration API's keys later. */
    .addColumn('actor_tipo', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    /** As they were at the time: a later change of name or role does not rewrite history. */
    .addColumn('actor_nombre', 'text', (c) => c.notNull())
    .addColumn('actor_rol', 'text')
    /** What was done, e.g. 'documento.rechazar'. */
    .addColumn('accion', 'text', (c) => c.notNull())
    /** What it was done to: a kind of record and its id. */
    .addColumn('entidad', 'text')
    .addColumn('entidad_id', 'text')
    /** The student concerned, for their history. */
    .addColumn('alumno_id', 'text')
    /** JSON of the values that changed, before and after; null when nothing changed. */
    .addColumn('antes', 'text')
    .addColumn('despues', 'text')
    .addColumn('ip', 'text')
    .execute()
  await db.schema.createIndex('auditoria_en').on('auditoria').column('en').execute()
  await db.schema.createIndex('auditoria_alumno').on('auditoria').columns(['alumno_id', 'en']).execute()
  await db.schema.createIndex('auditoria_actor').on('auditoria').columns(['actor_id', 'en']).execute()
  await db.schema.createIndex('auditoria_accion').on('auditoria').columns(['accion', 'en']).execute()
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function auditoria_sin_cambios() returns trigger language plpgsql as $$
      begin raise exception 'la auditoría no se modifica ni se borra'; end $$`.execute(db)
    await sql`create trigger auditoria_sin_cambios before update or delete on auditoria
      for each row execute function auditoria_sin_cambios()`.execute(db)
  } else {
    for (const operacion of ['update', 'delete'])
      await sql
        .raw(
          `create trigger auditoria_sin_${operacion} before ${operacion} on auditoria
           begin select raise(abort, 'la auditoría no se modifica ni se borra'); end`,
        )
        .execute(db)
  }

  for (const tabla of ['archivos_personales', 'archivos_solicitud', 'archivos_postulacion']) {
    /** 'en-revision' | 'aprobado' | 'rechazado'; a new upload (a replacement too) starts in review. */
    await db.schema
      .alterTable(tabla)
      .addColumn('estado_revision', 'text', (c) => c.notNull().defaultTo('en-revision'))
      .execute()
    await db.schema.alterTable(tabla).addColumn('motivo_rechazo', 'text').execute()
    await db.schema.alterTable(tabla).addColumn('revisado_por', 'text').execute()
    await db.schema.alterTable(tabla).addColumn('revisado_en', 'text').execute()
  }
  await db.schema.alterTable('documentos_emitidos').addColumn('motivo_revocacion', 'text').execute()
  await db.schema.alterTable('documentos_emitidos').addColumn('revocado_por', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('0013-personal-y-auditoria no se revierte: la auditoría no se borra')
}
