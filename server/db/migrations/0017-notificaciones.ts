// Notices to students and their delivery:
// - `notificaciones`: one row per student, kind and occasion (unique), what the bell lists. The
//   unique key is what makes a notice happen once however many servers, restarts or retries
//   produce it: the second insert of the same occasion does nothing.
// - `envios_notificacion`: the durable scheduler's work, one row per notice and channel (push,
//   e-mail): when it may go, how many tries, the lease of the server sending it, and what came of
//   it (what the staff see on a student's page).
// - `suscripciones_push`: a device's Web Push subscription, per student; gone ones are deleted.
// - `preferencias_notificacion`: channels per kind and quiet hours, once a student changes them.
// - `claves_servidor`: secrets the servers generate once and share, e.g. the VAPID key pair.
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notificaciones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('tipo', 'text', (c) => c.notNull())
    /** What makes this notice unique for the student and kind, e.g. 'INS-26-40018/2:vencida@2026-12-10'. */
    .addColumn('ocasion', 'text', (c) => c.notNull())
    /** What later notices replace this one on a device that was off (Web Push's Topic). */
    .addColumn('tema', 'text', (c) => c.notNull())
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('cuerpo', 'text', (c) => c.notNull())
    /** The app's screen it opens. */
    .addColumn('ruta', 'text', (c) => c.notNull())
    .addColumn('creada_en', 'text', (c) => c.notNull())
    .addColumn('leida_en', 'text')
    .execute()
  await db.schema
    .createIndex('notificaciones_ocasion')
    .unique()
    .on('notificaciones')
    .columns(['alumno_id', 'tipo', 'ocasion'])
    .execute()
  await db.schema
    .createIndex('notificaciones_alumno')
    .on('notificaciones')
    .columns(['alumno_id', 'creada_en'])
    .execute()

  await db.schema
    .createTable('envios_notificacion')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notificacion_id', 'text', (c) => c.notNull().references('notificaciones.id').onDelete('cascade'))
    .addColumn('alumno_id', 'text', (c) => c.notNull())
    /** 'push' | 'correo'. */
    .addColumn('canal', 'text', (c) => c.notNull())
    /** E-mail: 'inmediato' or 'resumen' (the daily digest); push: 'inmediato'. */
    .addColumn('modo', 'text', (c) => c.notNull())
    /** 'pendiente' | 'enviado' | 'omitido' (the student turned it off, or has no device) | 'fallido'. */
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('creado_en', 'text', (c) => c.notNull())
    /** Not taken before this moment: now, a retry's backoff, or the end of the quiet hours. */
    .addColumn('disponible_desde', 'text', (c) => c.notNull())
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    /** The lease: which server's run is sending it, and until when no other may take it. */
    .addColumn('tomado_por', 'text')
    .addColumn('tomado_hasta', 'text')
    .addColumn('enviado_en', 'text')
    .addColumn('ultimo_error', 'text')
    /** Push: JSON array of the subscriptions that already received it, so a retry skips them. */
    .addColumn('entregado_a', 'text')
    /** What came of it, in words, for the staff (e.g. '2 dispositivos'). */
    .addColumn('detalle', 'text')
    .execute()
  await db.schema
    .createIndex('envios_notificacion_canal')
    .unique()
    .on('envios_notificacion')
    .columns(['notificacion_id', 'canal'])
    .execute()
  await db.schema
    .createIndex('envios_notificacion_pendientes')
    .on('envios_notificacion')
    .columns(['estado', 'disponible_desde'])
    .execute()
  await db.schema.createIndex('envios_notificacion_alumno').on('envios_notificacion').column('alumno_id').execute()

  await db.schema
    .createTable('suscripciones_push')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('creada_en', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('suscripciones_push_alumno').on('suscripciones_push').column('alumno_id').execute()

  await db.schema
    .createTable('preferencias_notificacion')
    .addColumn('alumno_id', 'text', (c) => c.primaryKey().references('alumnos.id').onDelete('cascade'))
    /** JSON: { [tipo]: { app, push, correo } }. */
    .addColumn('canales', 'text', (c) => c.notNull())
    /** Chile's local time, 'hh:mm'. */
    .addColumn('silencio_desde', 'text', (c) => c.notNull())
    .addColumn('silencio_hasta', 'text', (c) => c.notNull())
    .addColumn('actualizado_en', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('claves_servidor')
    .addColumn('nombre', 'text', (c) => c.primaryKey())
    .addColumn('valor', 'text', (c) => c.notNull())
    .addColumn('creada_en', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tabla of [
    'claves_servidor',
    'preferencias_notificacion',
    'suscripciones_push',
    'envios_notificacion',
    'notificaciones',
  ])
    await db.schema.dropTable(tabla).execute()
}
