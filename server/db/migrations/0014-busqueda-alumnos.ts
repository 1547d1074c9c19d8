// Finding students fast among tens of thousands, from the school's side:
// - `alumnos_busqueda`: each student's search terms (words of the names, the e-mail, the RUT's
//   digits, passport, student code; lower-case, without accents), one row per term. A search
//   asks for terms that begin with what was typed, a range on the primary key's index, where a
//   LIKE '%…%' over the students would read every row. The terms compare byte by byte (SQLite's
//   default; collation "C" on PostgreSQL), so a prefix's range holds exactly the terms that begin
//   with it, whatever the database's locale.
// - `alumnos.orden_nombre`: surnames and names without accents or case, what the list sorts by.
// - Indexes for the assistants' reach (the students and the enrolments an assistant owns, each
//   index holding the student's id, so the list of an assistant's students is read from the
//   indexes alone) and the sort by registration date.
// Existing students are indexed here; from now on the server does it wherever a student's names,
// e-mail, RUT or passport are written (server/alumnos/busqueda.ts).
import { PostgresAdapter, sql, type Kysely } from 'kysely'
import { nombreParaOrden, terminosDeAlumno, type AlumnoBuscable } from '../../../src/domain/busqueda-alumnos.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const textoBinario = db.getExecutor().adapter instanceof PostgresAdapter ? sql`text collate "C"` : sql`text`
  await db.schema
    .createTable('alumnos_busqueda')
    .addColumn('termino', textoBinario, (c) => c.notNull())
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('alumnos_busqueda_pk', ['termino', 'alumno_id'])
    .execute()
  await db.schema.createIndex('alumnos_busqueda_alumno').on('alumnos_busqueda').column('alumno_id').execute()

  await db.schema
    .alterTable('alumnos')
    .addColumn('orden_nombre', textoBinario, (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('alumnos_orden_nombre').on('alumnos').columns(['orden_nombre', 'id']).execute()
  await db.schema.createIndex('alumnos_creado').on('alumnos').columns(['creado', 'id']).execute()
  await db.schema.createIndex('alumnos_asistente').on('alumnos').columns(['asistente_id', 'id']).execute()
  await db.schema
    .createIndex('solicitudes_asistente')
    .on('solicitudes')
    .columns(['asistente_id', 'alumno_id'])
    .execute()

  const { rows } = await sql<AlumnoBuscable & { id: string }>`
    select id, nombres, apellidos, email, rut, numero_documento, codigo_alumno from alumnos`.execute(db)
  for (const alumno of rows) {
    await sql`update alumnos set orden_nombre = ${nombreParaOrden(alumno)} where id = ${alumno.id}`.execute(db)
    for (const termino of terminosDeAlumno(alumno))
      await sql`insert into alumnos_busqueda (termino, alumno_id) values (${termino}, ${alumno.id})`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('solicitudes_asistente').execute()
  await db.schema.dropIndex('alumnos_asistente').execute()
  await db.schema.dropIndex('alumnos_creado').execute()
  await db.schema.dropIndex('alumnos_orden_nombre').execute()
  await db.schema.alterTable('alumnos').dropColumn('orden_nombre').execute()
  await db.schema.dropTable('alumnos_busqueda').execute()
}
