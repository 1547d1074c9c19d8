// The answer to a suppression goes by e-mail to the address the student had, the only way left to
// reach them (their account and notices are gone with their data). It was sent once after the
// answer's commit: a mail server down at that moment lost it, with only a line in the log. Now the
// answer's e-mail is queued with the request, in the answer's own transaction, and sent by the
// periodic run with retries (server/privacidad/respuesta-por-correo.ts); the address and the text
// are cleared from the row once sent.
import type { Kysely } from 'kysely'

const COLUMNAS = [
  /** JSON of the e-mail (to, subject, text, html) while it waits; null once sent. */
  ['correo_respuesta', 'text'],
  /** 'pendiente' | 'enviado' | 'fallido'; null when the answer goes through the student's notices. */
  ['correo_respuesta_estado', 'text'],
  ['correo_respuesta_intentos', 'integer'],
  /** Not tried again before this moment. */
  ['correo_respuesta_desde', 'text'],
  /** A server's lease on the send (as the notices' deliveries have). */
  ['correo_respuesta_tomado_hasta', 'text'],
  ['correo_respuesta_error', 'text'],
  ['correo_respuesta_enviado_en', 'text'],
] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  for (const [nombre, tipo] of COLUMNAS)
    await db.schema.alterTable('solicitudes_derechos').addColumn(nombre, tipo).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [nombre] of COLUMNAS) await db.schema.alterTable('solicitudes_derechos').dropColumn(nombre).execute()
}
