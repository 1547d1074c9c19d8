// Suppression, the retention run and the breach register:
// - `supresiones`: one row per student whose data was suppressed (server/privacidad/supresion.ts):
//   its progress (the database step done, the files still to delete), so a run killed halfway is
//   finished by the next, and what was deleted and kept, as the answer quotes it.
// - `retencion_lotes` and `retencion_elementos`: each batch the retention run proposed (what the
//   registry says is due, a dry run), its confirmation by an admin, and each element applied; the
//   batch is taken under a lease (`tomado_hasta`) so one server applies it.
// - `brechas` and `brechas_alumnos`: each security incident the school recorded (art. 14 sexies)
//   and the students it affected, with when they were told.
// Schema builder only, so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('supresiones')
    .addColumn('alumno_id', 'text', (c) => c.primaryKey().references('alumnos.id'))
    .addColumn('solicitud_id', 'integer')
    /** Who asked it: 'personal:<id>', 'retencion:<lote>'… */
    .addColumn('actor', 'text', (c) => c.notNull())
    /** 'en-curso' | 'terminada'. */
    .addColumn('estado', 'text', (c) => c.notNull())
    /** JSON array of { almacen: 'blobs' | 'subidas', clave }: files to delete after the database step. */
    .addColumn('archivos_pendientes', 'text', (c) => c.notNull())
    .addColumn('iniciada_en', 'text', (c) => c.notNull())
    /** When the database step committed. */
    .addColumn('datos_en', 'text')
    .addColumn('terminada_en', 'text')
    /** JSON ResultadoSupresion. */
    .addColumn('resultado', 'text')
    .execute()

  await db.schema
    .createTable('retencion_lotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** 'propuesto' | 'confirmado' | 'aplicado' | 'descartado'. */
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('propuesto_en', 'text', (c) => c.notNull())
    /** The cut-off dates the batch was computed with (JSON). */
    .addColumn('criterios', 'text', (c) => c.notNull())
    .addColumn('confirmado_por', 'text', (c) => c.references('personal.id'))
    .addColumn('confirmado_en', 'text')
    .addColumn('aplicado_en', 'text')
    .addColumn('tomado_por', 'text')
    .addColumn('tomado_hasta', 'text')
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ultimo_error', 'text')
    .execute()
  await db.schema
    .createIndex('retencion_lotes_estado')
    .on('retencion_lotes')
    .columns(['estado', 'propuesto_en'])
    .execute()

  await db.schema
    .createTable('retencion_elementos')
    .addColumn('lote_id', 'text', (c) => c.notNull().references('retencion_lotes.id').onDelete('cascade'))
    /** A TareaRetencion (src/domain/registro-datos.ts). */
    .addColumn('tipo', 'text', (c) => c.notNull())
    /** The row it is about (a student's id, a file's id, a session's hash…). */
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('alumno_id', 'text')
    /** null: pending; 'aplicado' | 'omitido' (no longer due when applied). */
    .addColumn('resultado', 'text')
    .addColumn('detalle', 'text')
    .addPrimaryKeyConstraint('retencion_elementos_pk', ['lote_id', 'tipo', 'ref'])
    .execute()

  await db.schema
    .createTable('brechas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('detectada_en', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    /** JSON array of IdCategoriaDatos. */
    .addColumn('categorias', 'text', (c) => c.notNull())
    .addColumn('medidas', 'text', (c) => c.notNull())
    .addColumn('agencia_informada_en', 'text')
    .addColumn('registrada_por', 'text', (c) => c.notNull().references('personal.id'))
    .addColumn('registrada_en', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('brechas_alumnos')
    .addColumn('brecha_id', 'text', (c) => c.notNull().references('brechas.id').onDelete('cascade'))
    .addColumn('alumno_id', 'text', (c) => c.notNull().references('alumnos.id'))
    .addColumn('avisado_en', 'text')
    .addPrimaryKeyConstraint('brechas_alumnos_pk', ['brecha_id', 'alumno_id'])
    .execute()
  await db.schema.createIndex('brechas_alumnos_alumno').on('brechas_alumnos').column('alumno_id').execute()
}
