// The reply of portalLogin and getAlumno, in the CRM's field names
// the client was written against.
import type { Owner } from '../../src/domain/asistente.ts'
import type { Db } from '../db/connection.ts'
import { consultaPreparada } from '../db/consulta-preparada.ts'
import type { Alumno, Asistente } from '../db/schema.ts'

export type RespuestaAlumno = {
  codRetorno: 0
  mensajeError: ''
  data: {
    Name: string
    hed__Former_Middle_Name__c: string
    RUT__c: string
    Codigo_Alumno__c: string
    Owner: Owner
  }
  inscReciente?: { Owner: Owner }
  /** The portal's service account: the client hides an assistant with this e-mail. */
  cuentaServicio: string
}

function owner(a: Pick<Asistente, 'nombre' | 'telefono' | 'email'>): Owner {
  return { Name: a.nombre, Phone: a.telefono, Email: a.email }
}

/**
 * The student's own assistant and the most recent enrolment's owner (the preferred source for the
 * assistant, absent without enrolments), in one query: every home page asks for both.
 */
const asistentesDe = consultaPreparada((db, asistenteId: string, alumnoId: string) =>
  db
    .selectFrom('asistentes as propio')
    .leftJoin('asistentes as reciente', (join) =>
      join.on('reciente.id', '=', (eb) =>
        eb
          .selectFrom('solicitudes')
          .select('solicitudes.asistente_id')
          .where('solicitudes.alumno_id', '=', alumnoId)
          .orderBy('solicitudes.fecha_inicio', 'desc')
          .orderBy('solicitudes.codigo_inscripcion', 'desc')
          .limit(1),
      ),
    )
    .select([
      'propio.nombre',
      'propio.telefono',
      'propio.email',
      'reciente.nombre as reciente_nombre',
      'reciente.telefono as reciente_telefono',
      'reciente.email as reciente_email',
    ])
    .where('propio.id', '=', asistenteId),
)

export async function respuestaAlumno(db: Db, alumno: Alumno, cuentaServicio: string): Promise<RespuestaAlumno> {
  const [asistentes] = await asistentesDe(db, alumno.asistente_id, alumno.id)
  if (!asistentes) throw new Error(`el asistente ${alumno.asistente_id} no existe`)
  const { reciente_nombre, reciente_telefono, reciente_email } = asistentes
  return {
    codRetorno: 0,
    mensajeError: '',
    data: {
      Name: alumno.nombres,
      hed__Former_Middle_Name__c: alumno.apellidos,
      RUT__c: alumno.rut,
      Codigo_Alumno__c: alumno.codigo_alumno,
      Owner: owner(asistentes),
    },
    ...(reciente_nombre !== null && reciente_telefono !== null && reciente_email !== null
      ? {
          inscReciente: {
            Owner: owner({ nombre: reciente_nombre, telefono: reciente_telefono, email: reciente_email }),
          },
        }
      : {}),
    cuentaServicio,
  }
}
