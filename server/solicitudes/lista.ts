// The enrolment list (GET /api/solicitudes) as the student's page reads it: each enrolment with
// its survey, regulations, documents, conditions, installments and pending actions, and the
// student's uploaded files, issued papers and tax documents. The bench's floor
// (scripts/servidor-piso.ts) builds its reply with this same function, so both do the same work
// past the reads.
import { contarRevision } from '../../src/domain/estado-revision.ts'
import { enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import type { DocumentoTributarioDeSolicitud } from '../../src/domain/documento-tributario.ts'
import { tieneDocumentoIdentidad } from '../../src/domain/documento-identidad.ts'
import {
  documentoPorEntregar,
  pendientesDeSolicitud,
  type SolicitudParaPendientes,
} from '../../src/domain/pendientes.ts'
import { muestraDocumentos, type DecisionCondiciones } from '../../src/domain/solicitudes.ts'
import type { ConfigApp } from '../contexto.ts'
import type { Alumno } from '../db/schema.ts'
import { revisionJson } from '../documentos/revision.ts'
import {
  archivosDeSolicitudesDeAlumno,
  decisionCondiciones,
  documentosEmitidosDeAlumno,
  solicitudesDeAlumno,
} from './consultas.ts'

type Filas<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>

/** What the list is built from: the enrolments' rows, each with its situation, and the student's papers and files. */
export type SituacionDeSolicitudes = {
  solicitudes: { fila: Filas<typeof solicitudesDeAlumno>[number]; situacion: SolicitudParaPendientes }[]
  emitidos: Filas<typeof documentosEmitidosDeAlumno>
  subidos: Filas<typeof archivosDeSolicitudesDeAlumno>
}

type Decision = { decision: DecisionCondiciones; decididaEn: string }

/** Where an enrolment's uploaded file is downloaded from. */
export function enlaceArchivoSolicitud(codigo: string, id: string): string {
  return `/api/solicitudes/${encodeURIComponent(codigo)}/documentos/${id}`
}

/**
 * GET /api/solicitudes's reply: each enrolment with what the list shows of it, the student's files
 * and issued papers.
 */
export function listaDeSolicitudes(
  { solicitudes: situaciones, emitidos, subidos }: SituacionDeSolicitudes,
  alumno: Alumno,
  config: Pick<ConfigApp, 'publicUrl' | 'certificadosActivos'>,
  hoy: string,
  documentosTributarios: DocumentoTributarioDeSolicitud[] = [],
) {
  const solicitudes = situaciones.map(({ fila: f, situacion }) => ({
    codigoInscripcion: f.codigo_inscripcion,
    fechaInicio: f.fecha_inicio,
    fechaTermino: f.fecha_termino,
    anioCurso: f.anio_curso,
    nombreCurso: f.nombre_curso,
    curso: f.curso,
    tipoCurso: f.tipo_curso,
    codGrupo: f.cod_grupo,
    habilitaTb: f.habilita_tb === 1,
    codProspecto: f.cod_prospecto,
    /** The survey is sent, still to answer, or not asked of this group. */
    encuesta: situacion.encuesta,
    /** Whether the regulations are accepted (a signed document exists), to accept, or not asked. */
    reglamento: situacion.reglamento,
    documentos: muestraDocumentos(f.tipo_curso)
      ? {
          // Delivered: a file that the school's review has not rejected.
          subidos: situacion.documentos.filter((d) => !documentoPorEntregar(d)).length,
          requeridos: situacion.documentos.length,
          // How the school's review of those files stands.
          ...contarRevision(situacion.documentos.flatMap((d) => (d.archivo?.revision ? [d.archivo.revision] : []))),
        }
      : null,
    condiciones: decisionCondiciones(f) satisfies Decision | null,
    /** The program's certificate was issued: the list shows it among the finished ones. */
    finalizada: situacion.certificadoEmitido,
    /** Installments paid online: how many there are, how many are still to pay and how many are overdue. */
    cuotas: {
      total: situacion.cuotas.length,
      porPagar: situacion.cuotas.filter((q) => q.estado !== 'pagada').length,
      vencidas: situacion.cuotas.filter((q) => q.estado === 'vencida').length,
    },
    /** What this enrolment asks of the student now, most urgent first. */
    pendientes: pendientesDeSolicitud(situacion, hoy),
  }))
  return {
    status: 'ok' as const,
    data: {
      solicitudes,
      /** Where document links point: each file's `enlace` is a path under it. */
      urlPortal: config.publicUrl,
      /** Every file the student uploaded for an enrolment's documents. */
      documentos: subidos.map((d) => ({
        codigoInscripcion: d.codigo_inscripcion,
        codTipoDocumento: d.cod_documento,
        enlace: enlaceArchivoSolicitud(d.codigo_inscripcion, d.id),
        ...revisionJson(d),
      })),
      /** The documents the portal issued for the student's enrolments, with their download links. */
      emitidos: emitidos
        .filter((d) => d.blob_clave)
        .map((d) => ({
          idInscripcion: d.codigo_inscripcion ?? '',
          codTipoDocumento: d.cod_tipo_documento,
          nombre: d.tipo_documento,
          enlace: enlaceDocumentoEmitido(d.codigo),
        })),
      // A RUT, or a passport for a foreigner: without one the student is sent to their assistant.
      tieneDocumentoIdentidad: tieneDocumentoIdentidad(alumno),
      certificadosActivos: config.certificadosActivos,
      /** The tax documents of the student's payments of enrolments, for the invoice column. */
      documentosTributarios,
    },
  }
}
