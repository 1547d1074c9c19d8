// Every document the portal issues (signed regulations, program certificates, invoices, payment
// receipts) is one row here: its verification code, what it certifies (recorded at issue, never
// read again from the profile or the enrolment), the SHA-256 of the signed PDF and where its bytes
// are. It replaces `certificados` (the validator's codes) and `documentos` (rows that named files
// which never existed). Certificates issued before keep their code and what they certified, with
// no file: the validator still answers for them; the list shows no link where there is no file.
// Enrolments gain what the certificate and the invoice print (hours, end date, fee, the billing
// company's RUT), and `empresas` holds the billing companies. Schema builder and standard SQL
// only, so it runs on PostgreSQL too.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documentos_emitidos')
    .addColumn('codigo', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('codigo_inscripcion', 'text', (c) => c.references('solicitudes.codigo_inscripcion').onDelete('cascade'))
    .addColumn('cod_tipo_documento', 'text', (c) => c.notNull())
    .addColumn('tipo_documento', 'text', (c) => c.notNull())
    /** What else the document is about, when not an enrolment (a payment's id for a receipt). */
    .addColumn('referencia', 'text')
    .addColumn('titular_nombre', 'text', (c) => c.notNull())
    .addColumn('titular_tipo_documento', 'text', (c) => c.notNull())
    .addColumn('titular_documento', 'text', (c) => c.notNull())
    .addColumn('programa', 'text', (c) => c.notNull())
    .addColumn('cod_prospecto', 'text', (c) => c.notNull())
    .addColumn('fecha_emision', 'text', (c) => c.notNull())
    .addColumn('emitido_en', 'text', (c) => c.notNull())
    .addColumn('nombre_archivo', 'text')
    .addColumn('blob_clave', 'text')
    .addColumn('tamanno', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('revocado_en', 'text')
    .execute()
  // One signed regulations, one certificate and one invoice per enrolment: a second acceptance
  // of the regulations finds the first one's row.
  await db.schema
    .createIndex('documentos_emitidos_unico_por_solicitud')
    .unique()
    .on('documentos_emitidos')
    .columns(['codigo_inscripcion', 'cod_tipo_documento'])
    .where(sql.ref('cod_tipo_documento'), 'in', ['6', '30', '35'])
    .execute()
  await db.schema
    .createIndex('documentos_emitidos_referencia')
    .unique()
    .on('documentos_emitidos')
    .columns(['cod_tipo_documento', 'referencia'])
    .execute()
  await db.schema.createIndex('documentos_emitidos_sha256').on('documentos_emitidos').column('sha256').execute()
  await db.schema.createIndex('documentos_emitidos_alumno').on('documentos_emitidos').column('alumno_id').execute()

  await sql`
    INSERT INTO documentos_emitidos (codigo, alumno_id, codigo_inscripcion, cod_tipo_documento, tipo_documento,
      titular_nombre, titular_tipo_documento, titular_documento, programa, cod_prospecto, fecha_emision, emitido_en)
    SELECT codigo, alumno_id, codigo_inscripcion, '35', 'Certificado Programa', titular_nombre,
      titular_tipo_documento, titular_documento, programa, cod_prospecto, fecha_emision, fecha_emision || 'T12:00:00.000Z'
    FROM certificados
  `.execute(db)
  await db.schema.dropTable('certificados').execute()
  await db.schema.dropTable('documentos').execute()

  await db.schema
    .createTable('empresas')
    .addColumn('rut', 'text', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('codigo_empresa', 'text', (c) => c.notNull())
    .addColumn('giro', 'text', (c) => c.notNull())
    .addColumn('direccion_facturacion', 'text', (c) => c.notNull())
    .addColumn('comuna', 'text', (c) => c.notNull())
    .addColumn('ciudad', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('pais', 'text', (c) => c.notNull())
    .addColumn('telefono', 'text', (c) => c.notNull())
    .addColumn('contacto_nombre', 'text', (c) => c.notNull())
    .addColumn('contacto_telefono', 'text', (c) => c.notNull())
    .addColumn('contacto_email', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .alterTable('solicitudes')
    .addColumn('horas', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('solicitudes').addColumn('fecha_termino', 'text').execute()
  /** The program's fee in CLP (whole pesos). */
  await db.schema
    .alterTable('solicitudes')
    .addColumn('arancel', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  /** The company that pays, when one does (its billing data in `empresas`); the student is billed otherwise. */
  await db.schema.alterTable('solicitudes').addColumn('rut_empresa', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const columna of ['horas', 'fecha_termino', 'arancel', 'rut_empresa']) {
    await db.schema.alterTable('solicitudes').dropColumn(columna).execute()
  }
  await db.schema.dropTable('empresas').execute()
  await db.schema
    .createTable('documentos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('codigo_inscripcion', 'text', (c) => c.notNull())
    .addColumn('cod_tipo_documento', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('archivo', 'text', (c) => c.notNull())
    .addColumn('creado', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('certificados')
    .addColumn('codigo', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull())
    .addColumn('codigo_inscripcion', 'text', (c) => c.notNull())
    .addColumn('fecha_emision', 'text', (c) => c.notNull())
    .addColumn('programa', 'text', (c) => c.notNull())
    .addColumn('titular_nombre', 'text', (c) => c.notNull())
    .addColumn('titular_tipo_documento', 'text', (c) => c.notNull())
    .addColumn('titular_documento', 'text', (c) => c.notNull())
    .addColumn('fecha_inicio', 'text', (c) => c.notNull())
    .addColumn('cod_prospecto', 'text', (c) => c.notNull())
    .execute()
  await sql`
    INSERT INTO certificados (codigo, alumno_id, codigo_inscripcion, fecha_emision, programa, titular_nombre,
      titular_tipo_documento, titular_documento, fecha_inicio, cod_prospecto)
    SELECT d.codigo, d.alumno_id, d.codigo_inscripcion, d.fecha_emision, d.programa, d.titular_nombre,
      d.titular_tipo_documento, d.titular_documento, s.fecha_inicio, d.cod_prospecto
    FROM documentos_emitidos d JOIN solicitudes s ON s.codigo_inscripcion = d.codigo_inscripcion
    WHERE d.cod_tipo_documento = '35'
  `.execute(db)
  await db.schema.dropTable('documentos_emitidos').execute()
}
