// Specialty-medicine contests as students see them (/api/concursos): the list and one contest,
// each with the session student's application, if any. A draft the school has not opened is
// answered as one that does not exist. The contest's state is decided by the server's clock in
// Chile's days.
import type { Selectable } from 'kysely'
import { documentosDeConcurso, estadoConcurso, motivoNoPagable } from '../../src/domain/concursos.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { ConcursosTable, PostulacionesTable } from '../db/schema.ts'

export type Concurso = Selectable<ConcursosTable>
export type Postulacion = Selectable<PostulacionesTable>

/** A contest students may see: a draft the school has not opened is answered as one that does not exist. */
export async function concursoPorId(db: Db, id: string): Promise<Concurso | undefined> {
  return db
    .selectFrom('concursos')
    .selectAll()
    .where('id', '=', id)
    .where('publicacion', '!=', 'borrador')
    .executeTakeFirst()
}

/** The student's application to the contest, or undefined (also when the contest does not exist). */
export async function postulacionPropia(
  db: Db,
  alumnoId: string,
  concursoId: string,
): Promise<Postulacion | undefined> {
  return db
    .selectFrom('postulaciones')
    .selectAll()
    .where('concurso_id', '=', concursoId)
    .where('alumno_id', '=', alumnoId)
    .executeTakeFirst()
}

/** The contest's application period, as the domain's rules read it. */
export const periodo = (c: Concurso) => ({
  postulacionDesde: c.postulacion_desde,
  postulacionHasta: c.postulacion_hasta,
  cerradoPorLaEscuela: c.publicacion === 'cerrado',
})

/** The codes of the documents the contest asks for. */
export const codigosDocumentos = (c: Concurso) => JSON.parse(c.documentos) as string[]

/** Today in Chile, by the server's clock. */
export function hoyDe(deps: Pick<Dependencias, 'clock'>): string {
  return fechaEnChile(deps.clock())
}

/** What a contest card shows. */
export function resumenConcurso(c: Concurso, hoy: string) {
  return {
    id: c.id,
    especialidad: c.especialidad,
    sede: c.sede,
    ciudad: c.ciudad,
    vacantes: c.vacantes,
    postulacionDesde: c.postulacion_desde,
    postulacionHasta: c.postulacion_hasta,
    derechoPostulacion: c.derecho_postulacion,
    estado: estadoConcurso(periodo(c), hoy),
  }
}

/** The student's application in a contest's replies: whether there is one, and whether it is paid. */
function miPostulacion(p: Postulacion | undefined) {
  return p ? { pagadaEn: p.pagada_en } : null
}

/** Every contest students may see, the closest deadline first, each with the student's application. */
export async function concursosDeAlumno(deps: Pick<Dependencias, 'db' | 'clock'>, alumnoId: string) {
  const hoy = hoyDe(deps)
  const concursos = await deps.db
    .selectFrom('concursos')
    .selectAll()
    .where('publicacion', '!=', 'borrador')
    .orderBy('postulacion_hasta', 'asc')
    .orderBy('especialidad', 'asc')
    .execute()
  const propias = await deps.db.selectFrom('postulaciones').selectAll().where('alumno_id', '=', alumnoId).execute()
  return {
    concursos: concursos.map((k) => ({
      ...resumenConcurso(k, hoy),
      miPostulacion: miPostulacion(propias.find((p) => p.concurso_id === k.id)),
    })),
  }
}

/** One contest's page for the student, or undefined when students may not see it. */
export async function concursoParaAlumno(deps: Pick<Dependencias, 'db' | 'clock'>, alumnoId: string, id: string) {
  const concurso = await concursoPorId(deps.db, id)
  if (!concurso) return undefined
  const hoy = hoyDe(deps)
  const propia = await postulacionPropia(deps.db, alumnoId, concurso.id)
  return {
    ...resumenConcurso(concurso, hoy),
    descripcion: concurso.descripcion,
    requisitos: JSON.parse(concurso.requisitos) as string[],
    calendario: JSON.parse(concurso.calendario) as { fecha: string; hito: string }[],
    documentos: documentosDeConcurso(codigosDocumentos(concurso)),
    miPostulacion: miPostulacion(propia),
    /** Why this student cannot pay the fee now, or null. */
    motivoNoPagable: motivoNoPagable(periodo(concurso), propia?.pagada_en ?? null, hoy),
  }
}
