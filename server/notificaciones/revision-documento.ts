// The notice of the school's decision on a document a student uploaded: called by the review, in
// the transaction that records the decision, once the file's row holds it.
//
//   await notificarRevisionDocumento(trx, { tabla: 'archivos_solicitud', archivoId, decision: 'rechazado', motivo, ahora })
//
// A rejection carries its reason and is e-mailed at once; an approval goes in the daily digest.
// The occasion is the file and the decision, so repeating the decision (a retried request, a
// second server) notifies once, and a new upload after a rejection is a new file, reviewed anew.
import type { Transaction } from 'kysely'
import { TIPOS_DOCUMENTO_PERSONAL } from '../../src/domain/documentos.ts'
import { TIPOS_DOCUMENTO_SOLICITUD } from '../../src/domain/documentos-solicitud.ts'
import { avisoDocumentoAprobado, avisoDocumentoRechazado } from '../../src/domain/notificaciones.ts'
import type { Database } from '../db/schema.ts'
import { notificar } from './notificar.ts'
import { urlDocumentoPersonal, urlDocumentoPostulacion, urlSolicitud } from '../../src/domain/urls.ts'

export type TablaDocumentoRevisado = 'archivos_personales' | 'archivos_solicitud' | 'archivos_postulacion'

export type DecisionDocumento = {
  tabla: TablaDocumentoRevisado
  archivoId: string
  decision: 'aprobado' | 'rechazado'
  /** A rejection's reason, as the staff wrote it for the student. */
  motivo?: string
  ahora: Date
}

function nombreDocumento(codDocumento: string): string {
  return (
    [...TIPOS_DOCUMENTO_PERSONAL, ...TIPOS_DOCUMENTO_SOLICITUD].find((t) => t.codDocumento === codDocumento)
      ?.documento ?? 'Documento'
  )
}

/** Where the student sees that very document and can upload it again: its place in view, its input focused. */
async function rutaDelDocumento(trx: Transaction<Database>, d: DecisionDocumento) {
  if (d.tabla === 'archivos_personales') {
    const f = await trx
      .selectFrom('archivos_personales')
      .select(['alumno_id', 'cod_documento'])
      .where('id', '=', d.archivoId)
      .executeTakeFirstOrThrow()
    return { ...f, ruta: urlDocumentoPersonal(f.cod_documento) }
  }
  if (d.tabla === 'archivos_solicitud') {
    const f = await trx
      .selectFrom('archivos_solicitud')
      .select(['alumno_id', 'cod_documento', 'codigo_inscripcion'])
      .where('id', '=', d.archivoId)
      .executeTakeFirstOrThrow()
    return { ...f, ruta: urlSolicitud(f.codigo_inscripcion, 'documentos', f.cod_documento) }
  }
  const f = await trx
    .selectFrom('archivos_postulacion as a')
    .innerJoin('postulaciones as p', 'p.id', 'a.postulacion_id')
    .select(['a.alumno_id', 'a.cod_documento', 'p.concurso_id'])
    .where('a.id', '=', d.archivoId)
    .executeTakeFirstOrThrow()
  return { ...f, ruta: urlDocumentoPostulacion(f.concurso_id, f.cod_documento) }
}

/** The notice's id, or null when this decision on this file was already notified. */
export async function notificarRevisionDocumento(trx: Transaction<Database>, d: DecisionDocumento) {
  const { alumno_id, cod_documento, ruta } = await rutaDelDocumento(trx, d)
  const documento = nombreDocumento(cod_documento)
  return notificar(trx, {
    alumnoId: alumno_id,
    tipo: d.decision === 'rechazado' ? 'documento-rechazado' : 'documento-aprobado',
    ocasion: `${d.tabla}:${d.archivoId}`,
    aviso:
      d.decision === 'rechazado'
        ? avisoDocumentoRechazado({ documento, motivo: d.motivo ?? 'no se indicó', ruta })
        : avisoDocumentoAprobado({ documento, ruta }),
    ahora: d.ahora,
  })
}
