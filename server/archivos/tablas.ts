// A student's uploaded file is one concept kept in three tables, one per owner: the student's
// personal documents, an enrolment's required documents, a contest application's documents. This
// is the one description of them: which table, which column names the owner, which the file's
// name, and what else a new row of each carries. The store (guardar.ts), the review
// (documentos/revision.ts) and its notices read it here.
import type { Insertable } from 'kysely'
import { ID_GRUPO_PERSONAL, ID_INSCRIPCION_PERSONAL } from '../../src/domain/documentos.ts'
import { nombreArchivoSolicitud } from '../../src/domain/documentos-solicitud.ts'
import type { OrigenDocumento } from '../../src/domain/estado-revision.ts'
import type { Database } from '../db/schema.ts'

/** Each kind of upload's table. */
type TablaDe = {
  personal: 'archivos_personales'
  solicitud: 'archivos_solicitud'
  postulacion: 'archivos_postulacion'
}

/** The tables of uploaded files: one file per owner (student, enrolment or application) and document. */
export type TablaArchivos = TablaDe[OrigenDocumento]

/** What every table of uploaded files holds of one file, as the student's replies read it. */
export type FilaArchivoSubido = {
  id: string
  cod_documento: string
  tipo_archivo: string
  tamanno: number
  subido_en: string
  estado_revision: string
  motivo_rechazo: string | null
}

/** The columns of `FilaArchivoSubido`, for a select from any of the tables. */
export const COLUMNAS_ARCHIVO_SUBIDO = [
  'id',
  'cod_documento',
  'tipo_archivo',
  'tamanno',
  'subido_en',
  'estado_revision',
  'motivo_rechazo',
] as const satisfies readonly (keyof FilaArchivoSubido)[]

/** The columns a new row has in every one of the tables, whatever its owner. */
export type FilaNuevaComun = FilaArchivoSubido & { alumno_id: string; content_type: string; blob_clave: string }

/** A new row of one kind's table: the common columns and its own. */
export type FilaNueva<O extends OrigenDocumento> = FilaNuevaComun & Insertable<Database[TablaDe[O]]>

type Descripcion<O extends OrigenDocumento> = {
  tabla: TablaDe[O]
  /** The column naming the owner: the student, the enrolment or the application. */
  dueno: keyof Database[TablaDe[O]] & string
  /** The column holding the file's name as the student sees it. */
  nombre: keyof Database[TablaDe[O]] & string
  /** What differs in a new row: the owner's column, the name's, and any column of its own. */
  fila: (comun: FilaNuevaComun, dueno: string, nombre: string) => FilaNueva<O>
}

/** The three tables of uploaded files. */
export const ARCHIVOS_SUBIDOS: { [O in OrigenDocumento]: Descripcion<O> } = {
  personal: {
    tabla: 'archivos_personales',
    dueno: 'alumno_id',
    nombre: 'nombre_original',
    // The owner is the student (alumno_id, in every row); the legacy ids of a personal document.
    fila: (comun, _dueno, nombre) => ({
      ...comun,
      nombre_original: nombre,
      id_inscripcion: ID_INSCRIPCION_PERSONAL,
      id_grupo: ID_GRUPO_PERSONAL,
    }),
  },
  solicitud: {
    tabla: 'archivos_solicitud',
    dueno: 'codigo_inscripcion',
    nombre: 'nombre_archivo',
    // Named after the enrolment, as the school files them.
    fila: (comun, dueno, nombre) => ({
      ...comun,
      codigo_inscripcion: dueno,
      nombre_archivo: nombreArchivoSolicitud(dueno, nombre),
    }),
  },
  postulacion: {
    tabla: 'archivos_postulacion',
    dueno: 'postulacion_id',
    nombre: 'nombre_archivo',
    fila: (comun, dueno, nombre) => ({ ...comun, postulacion_id: dueno, nombre_archivo: nombre }),
  },
}
