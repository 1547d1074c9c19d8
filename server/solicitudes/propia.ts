// The session student's own enrolment, named by its code in a path: another student's is answered
// exactly as one that does not exist, so no path reaches it.
import { MENSAJE_SOLICITUD_NO_ENCONTRADA } from '../../src/domain/solicitudes.ts'
import type { Dependencias } from '../contexto.ts'
import type { Alumno } from '../db/schema.ts'

/** A service's refusal: the status and the Spanish message the route answers with. */
export type Rechazo<S extends number = 404 | 409 | 422> = { rechazo: { status: S; error: string } }

export const SOLICITUD_NO_ENCONTRADA = {
  rechazo: { status: 404, error: MENSAJE_SOLICITUD_NO_ENCONTRADA },
} as const satisfies Rechazo<404>

/** The student's enrolment with this code, or undefined (also for another student's). */
export function solicitudPropia({ db }: Pick<Dependencias, 'db'>, alumno: Pick<Alumno, 'id'>, codigo: string) {
  return db
    .selectFrom('solicitudes')
    .selectAll()
    .where('codigo_inscripcion', '=', codigo)
    .where('alumno_id', '=', alumno.id)
    .executeTakeFirst()
}
