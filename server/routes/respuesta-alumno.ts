// The reply of portalLogin and getAlumno, in the CRM's field names
// the client was written against.
import type { Owner } from '../../src/domain/asistente.ts'
import type { Db } from '../db/connection.ts'
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

export async function respuestaAlumno(db: Db, alumno: Alumno, cuentaServicio: string): Promise<RespuestaAlumno> {
  const asistente = await db
    .selectFrom('asistentes')
    .selectAll()
    .where('id', '=', alumno.asistente_id)
    .executeTakeFirstOrThrow()
  // The most recent enrolment's owner is the preferred source for the assistant.
  const reciente = await db
    .selectFrom('solicitudes')
    .innerJoin('asistentes', 'asistentes.id', 'solicitudes.asistente_id')
    .select(['asistentes.nombre', 'asistentes.telefono', 'asistentes.email'])
    .where('solicitudes.alumno_id', '=', alumno.id)
    .orderBy('solicitudes.fecha_inicio', 'desc')
    .orderBy('solicitudes.codigo_inscripcion', 'desc')
    .limit(1)
    .executeTakeFirst()
  return {
    codRetorno: 0,
    mensajeError: '',
    data: {
      Name: alumno.nombres,
      hed__Former_Middle_Name__c: alumno.apellidos,
      RUT__c: alumno.rut,
      Codigo_Alumno__c: alumno.codigo_alumno,
      Owner: owner(asistente),
    },
    ...(reciente ? { inscReciente: { Owner: owner(reciente) } } : {}),
    cuentaServicio,
  }
}
