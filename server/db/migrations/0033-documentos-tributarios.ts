// Tax documents: the SII document each approved payment and each applied refund gets,
// queued in the transaction that approves the payment or applies the refund and issued by the
// scheduler (server/tributario/programador.ts) through the configured provider.
// - `origen` is 'pago:<id>' or 'reembolso:<id>'; unique with `tipo`, so a payment (or refund) gets
//   one document of each type whatever runs twice.
// - `clave` is our reference, sent as the provider's Idempotency-Key and matched by the ERP's
//   push: unique.
// - `receptor`: the payer as the document names them (JSON of src/domain Receptor), taken when
//   it was queued.
// - the lease (`tomado_por`, `tomado_hasta`), `intentos`, `disponible_desde` and `dudoso` (the
//   last try ended without a clear answer: look the document up before sending it again) are the
//   scheduler's, as in envios_notificacion.
// - `pdf_blob`, `xml_blob`: keys in the blob store (chosen by the server).
// - `atraso_avisado_en`: when the admins were mailed that it was still pending (once).
// The sandbox provider keeps its own documents in `sandbox_dte` (as the sandbox gateway keeps its
// transactions), numbered per type by a unique (tipo, folio).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documentos_tributarios')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('origen', 'text', (c) => c.notNull())
    .addColumn('pago_id', 'text', (c) => c.notNull().references('pagos.id'))
    .addColumn('reembolso_id', 'text', (c) => c.references('reembolsos.id'))
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id'))
    .addColumn('codigo_inscripcion', 'text')
    .addColumn('tipo', 'integer', (c) => c.notNull())
    .addColumn('clave', 'text', (c) => c.notNull().unique())
    .addColumn('monto', 'integer', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .addColumn('receptor', 'text', (c) => c.notNull())
    .addColumn('documento_referencia_id', 'text')
    .addColumn('codigo_referencia', 'integer')
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('folio', 'integer')
    .addColumn('fecha_emision', 'text')
    .addColumn('ted', 'text')
    .addColumn('token_proveedor', 'text')
    .addColumn('pdf_blob', 'text')
    .addColumn('xml_blob', 'text')
    .addColumn('error', 'text')
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dudoso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tomado_por', 'text')
    .addColumn('tomado_hasta', 'text')
    .addColumn('disponible_desde', 'text', (c) => c.notNull())
    .addColumn('creado_en', 'text', (c) => c.notNull())
    .addColumn('emitido_en', 'text')
    .addColumn('atraso_avisado_en', 'text')
    .addUniqueConstraint('documentos_tributarios_origen_tipo', ['origen', 'tipo'])
    .execute()
  // A payment's documents and a student's, in the order they are shown.
  await db.schema
    .createIndex('documentos_tributarios_por_pago')
    .on('documentos_tributarios')
    .columns(['pago_id', 'creado_en', 'id'])
    .execute()
  await db.schema
    .createIndex('documentos_tributarios_por_alumno')
    .on('documentos_tributarios')
    .columns(['alumno_id', 'creado_en', 'id'])
    .execute()
  // What the scheduler looks for every few seconds (the ones due, by when), and the overdue ones
  // (pending or in error, by age): by state first, so neither reads the issued ones.
  await db.schema
    .createIndex('documentos_tributarios_por_emitir')
    .on('documentos_tributarios')
    .columns(['estado', 'disponible_desde'])
    .execute()
  await db.schema
    .createIndex('documentos_tributarios_por_antiguedad')
    .on('documentos_tributarios')
    .columns(['estado', 'creado_en'])
    .execute()

  await db.schema
    .createTable('sandbox_dte')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('clave', 'text', (c) => c.notNull().unique())
    .addColumn('tipo', 'integer', (c) => c.notNull())
    .addColumn('folio', 'integer', (c) => c.notNull())
    .addColumn('fecha_emision', 'text', (c) => c.notNull())
    .addColumn('monto', 'integer', (c) => c.notNull())
    .addColumn('rut_receptor', 'text', (c) => c.notNull())
    .addColumn('ted', 'text', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('pdf_blob', 'text')
    .addColumn('solicitud', 'text', (c) => c.notNull())
    .addColumn('creado_en', 'text', (c) => c.notNull())
    .addUniqueConstraint('sandbox_dte_tipo_folio', ['tipo', 'folio'])
    .execute()
}
