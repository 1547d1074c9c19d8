// Payments: an enrolment's installments, every payment sent to the gateway with what the gateway
// answered, the physical payment record kept for each approved one, and the sandbox gateway's own
// transactions (kept in the database, like everything else, so any portal server can answer the
// gateway's return). Schema builder only, so it runs on PostgreSQL too.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cuotas')
    .addColumn('codigo_inscripcion', 'text', (c) =>
      c.notNull().references('solicitudes.codigo_inscripcion').onDelete('cascade'),
    )
    .addColumn('numero', 'integer', (c) => c.notNull())
    /** CLP, a positive integer. */
    .addColumn('monto', 'integer', (c) => c.notNull())
    /** 'yyyy-mm-dd'. */
    .addColumn('vencimiento', 'text', (c) => c.notNull())
    /** The approved payment that paid it; null while unpaid. */
    .addColumn('pago_id', 'text')
    .addPrimaryKeyConstraint('cuotas_pk', ['codigo_inscripcion', 'numero'])
    .execute()

  await db.schema
    .createTable('pagos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    /** 'cuota' | 'postulacion'. */
    .addColumn('concepto', 'text', (c) => c.notNull())
    .addColumn('referencia', 'text', (c) => c.notNull())
    .addColumn('monto', 'integer', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .addColumn('codigo_inscripcion', 'text')
    .addColumn('ruta_volver', 'text', (c) => c.notNull())
    // What the gateway is told: a buy order of at most 26 characters, unique, and a session id.
    .addColumn('orden_compra', 'text', (c) => c.notNull().unique())
    .addColumn('id_sesion', 'text', (c) => c.notNull())
    /** The gateway's token; null until the gateway answered the creation. */
    .addColumn('token', 'text', (c) => c.unique())
    /** 'pendiente' | 'aprobado' | 'rechazado' | 'anulado' | 'tiempo-agotado'. */
    .addColumn('estado', 'text', (c) => c.notNull())
    /** Why it ended as it did, in Spanish, when the state alone does not say it. */
    .addColumn('detalle', 'text')
    // The gateway's reply to the commit (or to the status query that settled it).
    .addColumn('codigo_respuesta', 'integer')
    .addColumn('estado_pasarela', 'text')
    .addColumn('codigo_autorizacion', 'text')
    .addColumn('ultimos_digitos', 'text')
    .addColumn('tipo_pago', 'text')
    .addColumn('numero_cuotas', 'integer')
    .addColumn('fecha_contable', 'text')
    .addColumn('fecha_transaccion', 'text')
    .addColumn('vci', 'text')
    .addColumn('creado_en', 'text', (c) => c.notNull())
    /** When the browser came back from the gateway (first time). */
    .addColumn('retornado_en', 'text')
    /** When the payment reached its final state. */
    .addColumn('resuelto_en', 'text')
    .execute()
  await db.schema.createIndex('pagos_alumno').on('pagos').columns(['alumno_id', 'creado_en']).execute()
  await db.schema.createIndex('pagos_referencia').on('pagos').columns(['concepto', 'referencia']).execute()

  // The school's physical payment record (setPagoFisicoWpay): one per approved gateway payment.
  await db.schema
    .createTable('pagos_fisicos')
    .addColumn('pago_id', 'text', (c) => c.primaryKey().references('pagos.id').onDelete('cascade'))
    .addColumn('id_pago_flujo', 'text', (c) => c.notNull())
    .addColumn('cod_pago_flujo', 'text', (c) => c.notNull())
    .addColumn('cod_fila_wpay', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('mail_vendedor', 'text', (c) => c.notNull())
    .addColumn('nombre_vendedor', 'text', (c) => c.notNull())
    .addColumn('registrado_en', 'text', (c) => c.notNull())
    .execute()

  // The sandbox gateway's side: what a real gateway would keep on its own servers.
  await db.schema
    .createTable('pasarela_sandbox')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('orden_compra', 'text', (c) => c.notNull())
    .addColumn('id_sesion', 'text', (c) => c.notNull())
    .addColumn('monto', 'integer', (c) => c.notNull())
    .addColumn('url_retorno', 'text', (c) => c.notNull())
    .addColumn('creada_en', 'text', (c) => c.notNull())
    /** What the payer did: null while on the form; 'aprobada' | 'rechazada' | 'anulada' | 'error'. */
    .addColumn('resultado_pagador', 'text')
    .addColumn('pagada_en', 'text')
    .addColumn('ultimos_digitos', 'text')
    .addColumn('numero_cuotas', 'integer')
    .addColumn('codigo_autorizacion', 'text')
    /** Set once by the first commit; a second commit is refused. */
    .addColumn('confirmada_en', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pasarela_sandbox').execute()
  await db.schema.dropTable('pagos_fisicos').execute()
  await db.schema.dropTable('pagos').execute()
  await db.schema.dropTable('cuotas').execute()
}
