// Which students a staff member reaches. Admins and coordination reach every student; a
// commercial assistant (role 'asistente') only those they own: the student's own assistant is
// them, or one of the student's enrolments is theirs. Every staff query about students filters
// through here, and a student out of reach is answered like one that does not exist (404).
import type { ExpressionBuilder } from 'kysely'
import type { Db } from '../db/connection.ts'
import type { Database, Personal } from '../db/schema.ts'
import type { Capacidad } from '../../src/domain/personal.ts'
import { alcanceDeRol, personalPuede } from './rol.ts'

type ConAlumnos = ExpressionBuilder<Database, 'alumnos'>

/**
 * The condition on `alumnos` for what `personal` may reach, for a query's `where`: true for every
 * student, or the assistant's own. An account whose role is unknown, or an assistant account not
 * linked to an assistant, reaches nobody. The assistant's students are one set read from two
 * indexes (students they own, enrolments they own), so a list of them never checks every student.
 */
export function alumnosAlAlcance(personal: Pick<Personal, 'rol' | 'asistente_id'>) {
  // Literals, not bound values: SQLite cannot bind a boolean (and both engines read TRUE/FALSE).
  return (eb: ConAlumnos) => {
    const alcance = alcanceDeRol(personal)
    if (alcance === null) return eb.lit(false)
    if (alcance === 'todos') return eb.lit(true)
    const asistente = personal.asistente_id
    if (!asistente) return eb.lit(false)
    return eb(
      'alumnos.id',
      'in',
      eb
        .selectFrom('alumnos as propios')
        .select('propios.id')
        .where('propios.asistente_id', '=', asistente)
        .union(
          eb
            .selectFrom('solicitudes')
            .select('solicitudes.alumno_id as id')
            .where('solicitudes.asistente_id', '=', asistente),
        ),
    )
  }
}

/** Whether `personal` reaches the student `alumnoId` (false for one that does not exist). */
async function alcanzaAlumno(db: Db, personal: Pick<Personal, 'rol' | 'asistente_id'>, alumnoId: string) {
  const alcance = alcanceDeRol(personal)
  if (alcance === null) return false
  const alumno = await db.selectFrom('alumnos').select('asistente_id').where('id', '=', alumnoId).executeTakeFirst()
  if (!alumno) return false
  if (alcance === 'todos') return true
  const asistente = personal.asistente_id
  if (!asistente) return false
  if (alumno.asistente_id === asistente) return true
  // One enrolment of theirs is enough: a single lookup on the index of enrolments by owner.
  const solicitud = await db
    .selectFrom('solicitudes')
    .select('codigo_inscripcion')
    .where('asistente_id', '=', asistente)
    .where('alumno_id', '=', alumnoId)
    .executeTakeFirst()
  return !!solicitud
}

/**
 * Whether `personal` may do `capacidad` to the student `alumnoId`: the role may do it and the
 * student is in its reach (an assistant: their own). The one question a staff endpoint about one
 * student asks; false is answered as a student that does not exist (404).
 */
export async function puedeConAlumno(
  db: Db,
  personal: Pick<Personal, 'rol' | 'asistente_id'>,
  capacidad: Capacidad,
  alumnoId: string,
): Promise<boolean> {
  return personalPuede(personal, capacidad) && (await alcanzaAlumno(db, personal, alumnoId))
}
