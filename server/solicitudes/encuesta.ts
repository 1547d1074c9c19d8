// An enrolment's general survey (getEncuestacc, setEncuestacc): read it, and send it once. The
// enrolment is the session student's own; groups that are not asked the survey refuse a send.
import { MENSAJE_ENCUESTA_YA_ENVIADA, type Encuesta } from '../../src/domain/encuesta.ts'
import { requiereEncuesta } from '../../src/domain/solicitudes.ts'
import type { Dependencias } from '../contexto.ts'
import { consentimientoDeEncuesta } from '../privacidad/consentimientos.ts'
import { SOLICITUD_NO_ENCONTRADA, solicitudPropia, type Rechazo } from './propia.ts'

export const MENSAJE_ENCUESTA_NO_REQUERIDA = 'Esta solicitud no requiere la encuesta general.'

/** The survey as the student's page shows it: whether it is asked, and the answers once sent. */
export async function encuestaDeSolicitud(
  { db }: Pick<Dependencias, 'db'>,
  alumnoId: string,
  codigo: string,
): Promise<Rechazo<404> | { requerida: boolean; enviadaEn: string | null; respuestas: Encuesta | null }> {
  const solicitud = await solicitudPropia({ db }, { id: alumnoId }, codigo)
  if (!solicitud) return SOLICITUD_NO_ENCONTRADA
  const fila = await db
    .selectFrom('encuestas')
    .select(['respuestas', 'enviada_en'])
    .where('codigo_inscripcion', '=', solicitud.codigo_inscripcion)
    .executeTakeFirst()
  return {
    requerida: requiereEncuesta(solicitud.cod_grupo),
    enviadaEn: fila?.enviada_en ?? null,
    respuestas: fila ? (JSON.parse(fila.respuestas) as Encuesta) : null,
  }
}

/** Sends the survey once: a second send, earlier or at the same moment, is refused. */
export async function enviarEncuesta(
  deps: Pick<Dependencias, 'db' | 'clock'>,
  alumnoId: string,
  codigo: string,
  respuestas: Encuesta,
): Promise<Rechazo<404 | 409> | { requerida: true; enviadaEn: string; respuestas: Encuesta }> {
  const solicitud = await solicitudPropia(deps, { id: alumnoId }, codigo)
  if (!solicitud) return SOLICITUD_NO_ENCONTRADA
  if (!requiereEncuesta(solicitud.cod_grupo)) return { rechazo: { status: 409, error: MENSAJE_ENCUESTA_NO_REQUERIDA } }
  const enviadaEn = deps.clock().toISOString()
  // The enrolment code is the table's key: of two sends, only one is stored, and the other
  // (whether earlier or at the same moment on another server) is refused.
  // The express consent to the disability questions came with the answers (from the outbox
  // too, after a time offline): recorded with them, in one transaction, or neither is.
  const insertada = await deps.db.transaction().execute(async (trx) => {
    const fila = await trx
      .insertInto('encuestas')
      .values({
        codigo_inscripcion: solicitud.codigo_inscripcion,
        alumno_id: alumnoId,
        respuestas: JSON.stringify(respuestas),
        enviada_en: enviadaEn,
      })
      .onConflict((oc) => oc.column('codigo_inscripcion').doNothing())
      .returning('codigo_inscripcion')
      .executeTakeFirst()
    if (fila) await consentimientoDeEncuesta(trx, alumnoId, solicitud.codigo_inscripcion, respuestas, deps.clock())
    return fila
  })
  if (!insertada) return { rechazo: { status: 409, error: MENSAJE_ENCUESTA_YA_ENVIADA } }
  return { requerida: true, enviadaEn, respuestas }
}
