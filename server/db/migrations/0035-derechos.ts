// A student's rights requests and the download of their data (Ley 19.628 as amended by Ley 21.719):
// - `solicitudes_derechos`: each request (the right, what the form asked, as JSON and in words),
//   its state and deadline in Chile's calendar, the one extension with its reason, and who
//   answered. It outlives a suppression: it is the proof of what was asked and answered.
// - `respuestas_derechos`: what the student was sent (the acknowledgment, an extension, the
//   answer), word for word, when and by whom: the proof the law asks for. The database refuses to
//   update or delete a row (triggers, as for the audit trail).
// - `recordatorios_derechos`: the reminders to the school before a deadline (3 days and 1 day
//   before), one row per request and day, sent by the scheduler under a lease.
// - `exportaciones_datos`: each download the student asked for: built at once when small, else by
//   the scheduler under a lease; its ZIP in the file store until the link expires.
// Schema builder and portable SQL, so it runs on SQLite and PostgreSQL.
import { PostgresAdapter, sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('solicitudes_derechos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** What the student and the school call it: 'D-' and 6 characters of the id, upper case. */
    .addColumn('numero', 'text', (c) => c.notNull().unique())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id'))
    /** 'acceso' | 'rectificacion' | 'supresion' | 'oposicion' | 'portabilidad' | 'bloqueo'. */
    .addColumn('derecho', 'text', (c) => c.notNull())
    /** JSON of the form as the shared schema parsed it. */
    .addColumn('datos', 'text', (c) => c.notNull())
    .addColumn('resumen', 'text', (c) => c.notNull())
    /** 'recibida' | 'respondida' | 'aprobada' | 'rechazada'. */
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('recibida_en', 'text', (c) => c.notNull())
    /** The last day to answer, in Chile ('yyyy-mm-dd'); moved once by an extension. */
    .addColumn('plazo', 'text', (c) => c.notNull())
    .addColumn('plazo_original', 'text', (c) => c.notNull())
    .addColumn('prorrogada_en', 'text')
    .addColumn('motivo_prorroga', 'text')
    .addColumn('respondida_en', 'text')
    .addColumn('respondida_por', 'text')
    /** JSON of what the approval did (the field corrected; what a suppression deleted and kept). */
    .addColumn('resultado', 'text')
    .execute()
  await db.schema
    .createIndex('solicitudes_derechos_abiertas')
    .on('solicitudes_derechos')
    .columns(['estado', 'plazo'])
    .execute()
  await db.schema
    .createIndex('solicitudes_derechos_alumno')
    .on('solicitudes_derechos')
    .columns(['alumno_id', 'recibida_en'])
    .execute()

  await db.schema
    .createTable('respuestas_derechos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes_derechos.id'))
    /** 'acuse' | 'prorroga' | 'respuesta'. */
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('texto', 'text', (c) => c.notNull())
    .addColumn('enviada_en', 'text', (c) => c.notNull())
    /** Who sent it, as they were then (null: the portal's own acknowledgment). */
    .addColumn('por_id', 'text')
    .addColumn('por_nombre', 'text')
    .addColumn('por_rol', 'text')
    .execute()
  await db.schema
    .createIndex('respuestas_derechos_solicitud')
    .on('respuestas_derechos')
    .columns(['solicitud_id', 'enviada_en'])
    .execute()
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function respuestas_derechos_sin_cambios() returns trigger language plpgsql as $$
      begin raise exception 'la respuesta enviada no se modifica ni se borra'; end $$`.execute(db)
    await sql`create trigger respuestas_derechos_sin_cambios before update or delete on respuestas_derechos
      for each row execute function respuestas_derechos_sin_cambios()`.execute(db)
  } else {
    for (const operacion of ['update', 'delete'])
      await sql
        .raw(
          `create trigger respuestas_derechos_sin_${operacion} before ${operacion} on respuestas_derechos
           begin select raise(abort, 'la respuesta enviada no se modifica ni se borra'); end`,
        )
        .execute(db)
  }

  await db.schema
    .createTable('recordatorios_derechos')
    .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes_derechos.id'))
    /** Days before the deadline (3 or 1). */
    .addColumn('dias', 'integer', (c) => c.notNull())
    /** The deadline it reminds of (a new one after an extension gets its own reminders). */
    .addColumn('plazo', 'text', (c) => c.notNull())
    /** 'pendiente' | 'enviado' | 'omitido' | 'fallido'. */
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('creado_en', 'text', (c) => c.notNull())
    .addColumn('disponible_desde', 'text', (c) => c.notNull())
    .addColumn('tomado_por', 'text')
    .addColumn('tomado_hasta', 'text')
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enviado_en', 'text')
    .addColumn('ultimo_error', 'text')
    .addPrimaryKeyConstraint('recordatorios_derechos_pk', ['solicitud_id', 'plazo', 'dias'])
    .execute()

  await db.schema
    .createTable('exportaciones_datos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id'))
    .addColumn('pedida_en', 'text', (c) => c.notNull())
    /** 'preparando' | 'lista' | 'fallida'. */
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('tomado_por', 'text')
    .addColumn('tomado_hasta', 'text')
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disponible_desde', 'text', (c) => c.notNull())
    .addColumn('ultimo_error', 'text')
    /** The ZIP in the file store, its size, and until when the link works. */
    .addColumn('blob_clave', 'text')
    .addColumn('bytes', 'integer')
    .addColumn('lista_en', 'text')
    .addColumn('vence_en', 'text')
    .execute()
  await db.schema
    .createIndex('exportaciones_datos_alumno')
    .on('exportaciones_datos')
    .columns(['alumno_id', 'pedida_en'])
    .execute()
  await db.schema
    .createIndex('exportaciones_datos_estado')
    .on('exportaciones_datos')
    .columns(['estado', 'disponible_desde'])
    .execute()
}
