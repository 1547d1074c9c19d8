// The student's decision on an enrolment's conditions: accepted or rejected, changeable later (the
// last decision stands). A rejection is followed up by the enrolment's commercial assistant, who
// is told by e-mail.
import type { DecisionCondiciones } from '../../src/domain/solicitudes.ts'
import type { Dependencias } from '../contexto.ts'
import type { Alumno } from '../db/schema.ts'
import { avisarAsistente } from './aviso-asistente.ts'
import { SOLICITUD_NO_ENCONTRADA, solicitudPropia, type Rechazo } from './propia.ts'

/** Records the decision on the session student's enrolment and, for a rejection, tells the assistant. */
export async function decidirCondiciones(
  deps: Dependencias,
  alumno: Alumno,
  codigo: string,
  decision: DecisionCondiciones,
): Promise<Rechazo<404> | { decision: DecisionCondiciones; decididaEn: string }> {
  const solicitud = await solicitudPropia(deps, alumno, codigo)
  if (!solicitud) return SOLICITUD_NO_ENCONTRADA
  const decididaEn = deps.clock().toISOString()
  await deps.db
    .insertInto('condiciones')
    .values({
      codigo_inscripcion: solicitud.codigo_inscripcion,
      alumno_id: alumno.id,
      decision,
      decidida_en: decididaEn,
    })
    .onConflict((oc) => oc.column('codigo_inscripcion').doUpdateSet({ decision, decidida_en: decididaEn }))
    .execute()
  if (decision === 'rechazadas')
    await avisarRechazo(deps, alumno, solicitud.asistente_id, solicitud.codigo_inscripcion, solicitud.nombre_curso)
  return { decision, decididaEn }
}

function avisarRechazo(deps: Dependencias, alumno: Alumno, asistenteId: string, codigo: string, programa: string) {
  return avisarAsistente(
    deps,
    asistenteId,
    `Condiciones rechazadas: solicitud ${codigo}`,
    () =>
      `${alumno.nombres} ${alumno.apellidos} (${alumno.email}) rechazó las condiciones de la solicitud ${codigo}, ${programa}.\nComuníquese con el estudiante para resolver sus dudas; puede aceptarlas más adelante desde el portal.`,
  )
}
