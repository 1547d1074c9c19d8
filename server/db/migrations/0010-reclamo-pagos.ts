// A payment claims what it pays before the gateway commits it: it moves from 'pendiente' to
// 'confirmando', and the database lets only one payment of the same concept and reference be
// 'confirmando' or 'aprobado' at a time (a unique partial index, on SQLite and PostgreSQL alike).
// So of two payments of one installment returning at once, whatever the servers, only one is ever
// committed. Before the index can exist, duplicates left by the old flow (two payments of one
// thing, both committed) are settled: the oldest approved stays 'aprobado' and the others become
// 'duplicado', money the school must give back.
import { sql, type Kysely } from 'kysely'

const DETALLE_DUPLICADO =
  'La pasarela cobró este pago, pero lo mismo ya estaba pagado con otro pago anterior. La escuela devolverá este monto; si tiene dudas, comuníquese con su Asistente Comercial.'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pagos')
    // Until when the server that claimed it is committing it; afterwards any server may settle it.
    .addColumn('confirmando_hasta', 'text')
    .execute()
  // The gateway's URL for the token, so a second ask for the same thing can be sent back to it.
  await db.schema.alterTable('pagos').addColumn('url_pasarela', 'text').execute()

  const aprobados = await sql<{ id: string; concepto: string; referencia: string }>`
    select id, concepto, referencia from pagos where estado = 'aprobado'
    order by concepto, referencia, resuelto_en, creado_en, id`.execute(db)
  const vistos = new Set<string>()
  for (const p of aprobados.rows) {
    const clave = JSON.stringify([p.concepto, p.referencia])
    if (!vistos.has(clave)) {
      vistos.add(clave)
      continue
    }
    await sql`update pagos set estado = 'duplicado', detalle = ${DETALLE_DUPLICADO} where id = ${p.id}`.execute(db)
  }

  await db.schema
    .createIndex('pagos_un_reclamo')
    .unique()
    .on('pagos')
    .columns(['concepto', 'referencia'])
    .where(sql<boolean>`estado in ('confirmando', 'aprobado')`)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pagos_un_reclamo').execute()
  await db.schema.alterTable('pagos').dropColumn('url_pasarela').execute()
  await db.schema.alterTable('pagos').dropColumn('confirmando_hasta').execute()
}
