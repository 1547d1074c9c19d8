// Issuing a certificate: what it certifies (the holder's name and RUT or passport, the program
// and its dates) is copied onto it now, so the public validator shows what was certified even
// after the student edits the profile.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema.ts'

export type CertificadoAEmitir = { codigo: string; codigoInscripcion: string; programa: string; fechaEmision: string }

export async function emitirCertificado(
  db: Kysely<Database> | Transaction<Database>,
  certificado: CertificadoAEmitir,
): Promise<void> {
  const { alumno_id, fecha_inicio, cod_prospecto, nombres, apellidos, rut, tipo_documento, numero_documento } = await db
    .selectFrom('solicitudes')
    .innerJoin('alumnos', 'alumnos.id', 'solicitudes.alumno_id')
    .select([
      'solicitudes.alumno_id',
      'solicitudes.fecha_inicio',
      'solicitudes.cod_prospecto',
      'alumnos.nombres',
      'alumnos.apellidos',
      'alumnos.rut',
      'alumnos.tipo_documento',
      'alumnos.numero_documento',
    ])
    .where('solicitudes.codigo_inscripcion', '=', certificado.codigoInscripcion)
    .executeTakeFirstOrThrow()
  await db
    .insertInto('certificados')
    .values({
      codigo: certificado.codigo,
      alumno_id,
      codigo_inscripcion: certificado.codigoInscripcion,
      fecha_emision: certificado.fechaEmision,
      programa: certificado.programa,
      titular_nombre: `${nombres} ${apellidos}`,
      titular_tipo_documento: tipo_documento ?? 'RUT',
      titular_documento: numero_documento ?? rut,
      fecha_inicio,
      cod_prospecto,
    })
    .execute()
}
