// An enrolment's documents as the student's page reads them: what its program asks for (in the
// CRM's field names the spec gives) and the files the student uploaded for it; and one of those
// files to download. Only the session student's own: another student's enrolment or file is
// answered exactly like one that does not exist.
import { documentosRequeridosDeSolicitud, SECCION_DOCUMENTOS_SOLICITUD } from '../../src/domain/documentos-solicitud.ts'
import type { Db } from '../db/connection.ts'
import { archivosDeSolicitud } from './consultas.ts'
import { SOLICITUD_NO_ENCONTRADA, solicitudPropia } from './propia.ts'

/** The documents the enrolment asks for and the files uploaded for them, or its refusal. */
export async function documentosDeSolicitud(db: Db, alumnoId: string, codigo: string) {
  const solicitud = await solicitudPropia({ db }, { id: alumnoId }, codigo)
  if (!solicitud) return SOLICITUD_NO_ENCONTRADA
  return {
    codigo: solicitud.codigo_inscripcion,
    requeridos: documentosRequeridosDeSolicitud(solicitud.cod_grupo, solicitud.tipo_curso).map((d) => ({
      Cod_Documento__c: d.codDocumento,
      Documento__c: d.documento,
      SeccionPortal__c: SECCION_DOCUMENTOS_SOLICITUD,
      Info__c: d.info,
    })),
    archivos: await archivosDeSolicitud(db, solicitud.codigo_inscripcion),
  }
}

/** The stored file to send, or undefined when the student has no such file for that enrolment. */
export function archivoDeSolicitudParaDescarga(db: Db, alumnoId: string, codigo: string, id: string) {
  return db
    .selectFrom('archivos_solicitud')
    .select(['nombre_archivo as nombre_original', 'content_type', 'tamanno', 'blob_clave'])
    .where('id', '=', id)
    .where('codigo_inscripcion', '=', codigo)
    .where('alumno_id', '=', alumnoId)
    .executeTakeFirst()
}
