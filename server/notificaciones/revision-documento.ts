// The notice of the school's decision on a document a student uploaded: called by the review, in
// the transaction that records the decision, once the file's row holds it.
//
//   await notificarRevisionDocumento(trx, { tabla: 'archivos_solicitud', archivoId, decision: 'rechazado', motivo, ahora })
//
// A rejection carries its reason and is e-mailed at once (once the reviewer's window to undo it
// has passed: `retenerHasta`); an approval goes in the daily digest.
// The occasion is the file and the decision, so repeating the decision (a retried request, a
// second server) notifies once, and a new upload after a rejection is a new file, reviewed anew.
import type { Transaction } from 'kysely'
import { TIPOS_DOCUMENTO_PERSONAL } from '../../src/domain/documentos.ts'
import { TIPOS_DOCUMENTO_SOLICITUD } from '../../src/domain/documentos-solicitud.ts'
import { avisoDocumentoAprobado, avisoDocumentoRechazado } from '../../src/domain/notificaciones.ts'
import type { TablaArchivos } from '../archivos/tablas.ts'
import type { Database } from '../db/schema.ts'
import { notificar } from './notificar.ts'
import { urlDocumentoPersonal, urlDocumentoPostulacion, urlSolicitud } from '../../src/domain/urls.ts'

export type DecisionDocumento = {
  tabla: TablaArchivos
  archivoId: string
  decision: 'aprobado' | 'rechazado'
  /** A rejection's reason, as the staff wrote it for the student. */
  motivo?: string
  ahora: Date
  /**
   * Nothing is delivered (e-mail, push) before this moment: the reviewer's window to undo a
   * rejection. The scheduler takes a delivery only once it is available, so holding it back is
   * all it takes; `retirarAvisoDeRechazo` cancels it meanwhile.
   */
  retenerHasta?: Date
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
  const id = await notificar(trx, {
    alumnoId: alumno_id,
    tipo: tipoDeAviso(d.decision),
    ocasion: ocasionDe(d.tabla, d.archivoId),
    aviso:
      d.decision === 'rechazado'
        ? avisoDocumentoRechazado({ documento, motivo: d.motivo ?? 'no se indicó', ruta })
        : avisoDocumentoAprobado({ documento, ruta }),
    ahora: d.ahora,
  })
  if (id && d.retenerHasta)
    await trx
      .updateTable('envios_notificacion')
      .set({ disponible_desde: d.retenerHasta.toISOString() })
      .where('notificacion_id', '=', id)
      .execute()
  return id
}

function tipoDeAviso(decision: DecisionDocumento['decision']) {
  return decision === 'rechazado' ? 'documento-rechazado' : 'documento-aprobado'
}

function ocasionDe(tabla: TablaArchivos, archivoId: string) {
  return `${tabla}:${archivoId}`
}

/**
 * Withdraws the notice of a rejection being undone, with its deliveries, in the transaction that
 * puts the document back in review. False when any delivery was already taken by the scheduler
 * or sent (the student may be reading it by now): the caller then rolls the transaction back,
 * deletions included. A delivery is taken by a conditional update, so of this delete and a
 * scheduler's take the database lets one win: whatever the delete missed was taken. With the
 * notice gone, a later rejection of the same file notifies again.
 */
export async function retirarAvisoDeRechazo(
  trx: Transaction<Database>,
  d: { tabla: TablaArchivos; archivoId: string; alumnoId: string },
): Promise<boolean> {
  const aviso = await trx
    .selectFrom('notificaciones')
    .select('id')
    .where('alumno_id', '=', d.alumnoId)
    .where('tipo', '=', tipoDeAviso('rechazado'))
    .where('ocasion', '=', ocasionDe(d.tabla, d.archivoId))
    .executeTakeFirst()
  if (!aviso) return true
  const envios = await trx
    .selectFrom('envios_notificacion')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('notificacion_id', '=', aviso.id)
    .executeTakeFirstOrThrow()
  const borrados = await trx
    .deleteFrom('envios_notificacion')
    .where('notificacion_id', '=', aviso.id)
    .where('estado', '=', 'pendiente')
    .where('tomado_por', 'is', null)
    .executeTakeFirst()
  if (Number(borrados.numDeletedRows) !== Number(envios.n)) return false
  await trx.deleteFrom('notificaciones').where('id', '=', aviso.id).execute()
  return true
}
