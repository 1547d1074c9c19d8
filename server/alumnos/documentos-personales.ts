// A student's personal documents (licenciatura, work certificate): which their programs ask for
// and the files uploaded, with their review. Read by the student's own route
// (/api/alumno/documentos) and the school's page of a student.
import { COLUMNAS_ARCHIVO_SUBIDO } from '../archivos/tablas.ts'
import type { Kysely } from 'kysely'
import { documentosPersonalesRequeridos } from '../../src/domain/documentos.ts'
import type { Database } from '../db/schema.ts'

export async function documentosPersonalesDeAlumno(db: Kysely<Database>, alumnoId: string) {
  const solicitudes = await db
    .selectFrom('solicitudes')
    .select(['cod_grupo as codGrupo', 'tipo_curso as tipoCurso'])
    .where('alumno_id', '=', alumnoId)
    .execute()
  const archivos = await db
    .selectFrom('archivos_personales')
    .select([...COLUMNAS_ARCHIVO_SUBIDO, 'nombre_original', 'revisado_en', 'revisado_por'])
    .where('alumno_id', '=', alumnoId)
    .orderBy('cod_documento')
    .execute()
  return { requeridos: documentosPersonalesRequeridos(solicitudes), archivos }
}

/** One of the student's own personal documents, to be sent; another student's reads as unknown. */
export function documentoPersonalDeAlumno(db: Kysely<Database>, alumnoId: string, id: string) {
  return db
    .selectFrom('archivos_personales')
    .select(['nombre_original', 'content_type', 'tamanno', 'blob_clave'])
    .where('id', '=', id)
    .where('alumno_id', '=', alumnoId)
    .executeTakeFirst()
}
