// Initial schema: lookups, assistants, students, sessions, reset tokens, throttle counters,
// enrolments, their documents and certificates. Schema builder only, so it runs on PostgreSQL too.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('semillas')
    .addColumn('nombre', 'text', (c) => c.primaryKey())
    .addColumn('aplicada', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('paises')
    .addColumn('cod_pais', 'text', (c) => c.primaryKey())
    .addColumn('pais', 'text', (c) => c.notNull())
    .addColumn('nacionalidad', 'text', (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('regiones')
    .addColumn('cod_region', 'text', (c) => c.primaryKey())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('comunas')
    .addColumn('cod_comuna', 'text', (c) => c.primaryKey())
    .addColumn('comuna', 'text', (c) => c.notNull())
    .addColumn('cod_region', 'text', (c) => c.notNull().references('regiones.cod_region'))
    .addColumn('ciudad', 'text', (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('comunas_region').on('comunas').column('cod_region').execute()
  await db.schema
    .createTable('profesiones')
    .addColumn('cod_profesion', 'text', (c) => c.primaryKey())
    .addColumn('profesion', 'text', (c) => c.notNull())
    .addColumn('requiere_otra', 'integer', (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('universidades')
    .addColumn('universidad', 'text', (c) => c.primaryKey())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('asistentes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('telefono', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .execute()

  let alumnos = db.schema
    .createTable('alumnos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('rut', 'text', (c) => c.notNull())
    .addColumn('tipo_documento', 'text')
    .addColumn('numero_documento', 'text')
    .addColumn('nombres', 'text', (c) => c.notNull())
    .addColumn('apellidos', 'text', (c) => c.notNull())
    .addColumn('codigo_alumno', 'text', (c) => c.notNull().unique())
    .addColumn('asistente_id', 'text', (c) => c.notNull().references('asistentes.id'))
  for (const campo of [
    'sexoregistral',
    'fecha_nac',
    'telefono_particular',
    'celular',
    'nacionalidad',
    'tipo_residencia',
    'pais_origen',
    'direccion',
    'cod_pais',
    'cod_region',
    'cod_comuna',
    'ciudad',
    'cod_profesion',
    'otra_profesion',
    'universidad',
    'otrauniversidad',
    'maxnivelformacion',
    'otronivelformacion',
    'tipoinstitucion',
    'otrotipoinstitucion',
    'pais_est_secund',
  ]) {
    alumnos = alumnos.addColumn(campo, 'text')
  }
  await alumnos.addColumn('creado', 'text', (c) => c.notNull()).execute()
  // One account per RUT (the foreigners' placeholder repeats) and per passport/DNI number.
  await db.schema.createIndex('alumnos_rut').unique().on('alumnos').column('rut').where('rut', '<>', '0-0').execute()
  await db.schema
    .createIndex('alumnos_documento')
    .unique()
    .on('alumnos')
    .columns(['tipo_documento', 'numero_documento'])
    .execute()

  await db.schema
    .createTable('sesiones')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('creada', 'text', (c) => c.notNull())
    .addColumn('expira', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sesiones_alumno').on('sesiones').column('alumno_id').execute()

  await db.schema
    .createTable('tokens_recuperacion')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addColumn('creado', 'text', (c) => c.notNull())
    .addColumn('expira', 'text', (c) => c.notNull())
    .addColumn('usado', 'text')
    .execute()
  await db.schema.createIndex('tokens_recuperacion_alumno').on('tokens_recuperacion').column('alumno_id').execute()

  await db.schema
    .createTable('limites')
    .addColumn('clave', 'text', (c) => c.primaryKey())
    .addColumn('conteo', 'integer', (c) => c.notNull())
    .addColumn('expira', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('solicitudes')
    .addColumn('codigo_inscripcion', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id'))
    .addColumn('asistente_id', 'text', (c) => c.notNull().references('asistentes.id'))
    .addColumn('fecha_inicio', 'text', (c) => c.notNull())
    .addColumn('anio_curso', 'integer', (c) => c.notNull())
    .addColumn('nombre_curso', 'text', (c) => c.notNull())
    .addColumn('curso', 'text', (c) => c.notNull())
    .addColumn('tipo_curso', 'text', (c) => c.notNull())
    .addColumn('cod_grupo', 'text', (c) => c.notNull())
    .addColumn('habilita_tb', 'integer', (c) => c.notNull())
    .addColumn('cod_prospecto', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('solicitudes_alumno').on('solicitudes').column('alumno_id').execute()

  await db.schema
    .createTable('documentos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('codigo_inscripcion', 'text', (c) => c.notNull().references('solicitudes.codigo_inscripcion'))
    .addColumn('cod_tipo_documento', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('archivo', 'text', (c) => c.notNull())
    .addColumn('creado', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('documentos_inscripcion').on('documentos').column('codigo_inscripcion').execute()

  await db.schema
    .createTable('certificados')
    .addColumn('codigo', 'text', (c) => c.primaryKey())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id'))
    .addColumn('codigo_inscripcion', 'text', (c) => c.notNull().references('solicitudes.codigo_inscripcion'))
    .addColumn('fecha_emision', 'text', (c) => c.notNull())
    .addColumn('programa', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tabla of [
    'certificados',
    'documentos',
    'solicitudes',
    'limites',
    'tokens_recuperacion',
    'sesiones',
    'alumnos',
    'asistentes',
    'universidades',
    'profesiones',
    'comunas',
    'regiones',
    'paises',
    'semillas',
  ]) {
    await db.schema.dropTable(tabla).execute()
  }
}
