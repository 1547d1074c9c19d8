// How a student's enrolments are read, with their survey, conditions, regulations, uploaded
// documents and issued papers: one place for the student's own routes (/api/solicitudes) and the
// school's page of a student (/api/admin/alumnos/:id), so both read the same rows the same way.
import { COLUMNAS_ARCHIVO_SUBIDO } from '../archivos/tablas.ts'
import type { Kysely } from 'kysely'
import { DOC_REGLAMENTO } from '../../src/domain/documentos-emitidos.ts'
import { requiereReglamento } from '../../src/domain/reglamentos.ts'
import { requiereEncuesta, type DecisionCondiciones } from '../../src/domain/solicitudes.ts'
import { consultaPreparada } from '../db/consulta-preparada.ts'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>

/**
 * A student's enrolments, newest first, each with its survey's sending and its conditions'
 * decision. On the enrolment list's path: built and compiled once (db/consulta-preparada.ts).
 */
export const solicitudesDeAlumno = consultaPreparada((db: Db, alumnoId: string) =>
  db
    .selectFrom('solicitudes')
    .leftJoin('encuestas', 'encuestas.codigo_inscripcion', 'solicitudes.codigo_inscripcion')
    .leftJoin('condiciones', 'condiciones.codigo_inscripcion', 'solicitudes.codigo_inscripcion')
    .select([
      'solicitudes.codigo_inscripcion',
      'solicitudes.fecha_inicio',
      'solicitudes.fecha_termino',
      'solicitudes.anio_curso',
      'solicitudes.nombre_curso',
      'solicitudes.curso',
      'solicitudes.tipo_curso',
      'solicitudes.cod_grupo',
      'solicitudes.habilita_tb',
      'solicitudes.cod_prospecto',
      'solicitudes.asistente_id',
      'encuestas.enviada_en',
      'condiciones.decision',
      'condiciones.decidida_en',
    ])
    .where('solicitudes.alumno_id', '=', alumnoId)
    .orderBy('solicitudes.fecha_inicio', 'desc')
    .orderBy('solicitudes.codigo_inscripcion', 'desc'),
)

/** The survey is sent, still to answer, or not asked of this group. */
export function estadoEncuesta(codGrupo: string, enviadaEn: string | null) {
  if (!requiereEncuesta(codGrupo)) return 'no-aplica' as const
  return enviadaEn ? ('enviada' as const) : ('pendiente' as const)
}

/** The regulations are accepted (a signed document exists), to accept, or not asked. */
export function estadoReglamento(codGrupo: string, tipoCurso: string, firmado: boolean) {
  if (!requiereReglamento(codGrupo, tipoCurso)) return 'no-aplica' as const
  return firmado ? ('firmado' as const) : ('pendiente' as const)
}

/** The conditions' decision, when the student made one. */
export function decisionCondiciones(fila: { decision: string | null; decidida_en: string | null }) {
  return fila.decision && fila.decidida_en
    ? { decision: fila.decision as DecisionCondiciones, decididaEn: fila.decidida_en }
    : null
}

/** Whether an issued document of that type exists for the enrolment. */
function tieneEmitido(
  emitidos: readonly { codigo_inscripcion: string | null; cod_tipo_documento: string }[],
  codigo: string,
  tipo: string,
): boolean {
  return emitidos.some((d) => d.codigo_inscripcion === codigo && d.cod_tipo_documento === tipo)
}

/** Whether the enrolment's regulations were signed (the signed document was issued and stands). */
export function reglamentoFirmado(
  emitidos: readonly { codigo_inscripcion: string | null; cod_tipo_documento: string }[],
  codigo: string,
): boolean {
  return tieneEmitido(emitidos, codigo, DOC_REGLAMENTO)
}

const COLUMNAS_ARCHIVO = [
  ...COLUMNAS_ARCHIVO_SUBIDO,
  'codigo_inscripcion',
  'nombre_archivo',
  'revisado_en',
  'revisado_por',
] as const

/** Every file a student uploaded for their enrolments' documents, with its review. */
export const archivosDeSolicitudesDeAlumno = consultaPreparada((db: Db, alumnoId: string) =>
  db.selectFrom('archivos_solicitud').select(COLUMNAS_ARCHIVO).where('alumno_id', '=', alumnoId),
)

/** The files uploaded for one enrolment's documents, with their review. */
export function archivosDeSolicitud(db: Db, codigo: string) {
  return db
    .selectFrom('archivos_solicitud')
    .select(COLUMNAS_ARCHIVO)
    .where('codigo_inscripcion', '=', codigo)
    .orderBy('cod_documento')
    .execute()
}

function emitidosDeAlumno(db: Db, alumnoId: string) {
  return db
    .selectFrom('documentos_emitidos')
    .select([
      'codigo',
      'codigo_inscripcion',
      'cod_tipo_documento',
      'tipo_documento',
      'referencia',
      'programa',
      'fecha_emision',
      'emitido_en',
      'blob_clave',
      'revocado_en',
      'motivo_revocacion',
      'revocado_por',
    ])
    .where('alumno_id', '=', alumnoId)
}
const todosLosEmitidos = consultaPreparada((db: Db, alumnoId: string) => emitidosDeAlumno(db, alumnoId))
const emitidosVigentes = consultaPreparada((db: Db, alumnoId: string) =>
  emitidosDeAlumno(db, alumnoId).where('revocado_en', 'is', null),
)

/**
 * The documents the portal issued to a student (signed regulations, invoices, certificates,
 * receipts); `vigentes` leaves out the revoked ones, which are no longer the student's paper.
 */
export function documentosEmitidosDeAlumno(db: Db, alumnoId: string, { vigentes }: { vigentes: boolean }) {
  return vigentes ? emitidosVigentes(db, alumnoId) : todosLosEmitidos(db, alumnoId)
}
