// 'Pendientes': what a student has to do next (routes/pendientes.ts, at /api/alumno/pendientes),
// and each enrolment's situation. The rules are the shared ones of src/domain/pendientes.ts; here
// the student's enrolments, installments, documents and contest applications are read and handed
// to them. The enrolment list (routes/solicitudes.ts) reads its enrolments through
// `situacionDeSolicitudes` too, so each card's count agrees with the home page.
import { documentosDeConcurso, estadoConcurso } from '../../src/domain/concursos.ts'
import { documentosPersonalesRequeridos } from '../../src/domain/documentos.ts'
import { DOC_CERTIFICADO_PROGRAMA } from '../../src/domain/documentos-emitidos.ts'
import { documentosRequeridosDeSolicitud } from '../../src/domain/documentos-solicitud.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import { esEstadoRevision } from '../../src/domain/estado-revision.ts'
import { estadoCuota } from '../../src/domain/pagos.ts'
import {
  calcularPendientes,
  conteoPorSeccion,
  type DocumentoExigido,
  type PostulacionParaPendientes,
  type SolicitudParaPendientes,
} from '../../src/domain/pendientes.ts'
import type { Dependencias } from '../contexto.ts'
import { consultaPreparada } from '../db/consulta-preparada.ts'
import type { Db } from '../db/connection.ts'
import type { Alumno } from '../db/schema.ts'
import {
  archivosDeSolicitudesDeAlumno,
  documentosEmitidosDeAlumno,
  estadoEncuesta,
  estadoReglamento,
  reglamentoFirmado,
  solicitudesDeAlumno,
} from './consultas.ts'

/** The documents required, each with the student's file for it, if any, and its review. */
function exigidos(
  requeridos: readonly { codDocumento: string; documento: string }[],
  subidos: readonly { cod_documento: string; estado_revision: string; motivo_rechazo: string | null }[],
): DocumentoExigido[] {
  return requeridos.map((r) => {
    const subido = subidos.find((s) => s.cod_documento === r.codDocumento)
    return {
      codDocumento: r.codDocumento,
      documento: r.documento,
      archivo: subido
        ? {
            revision: esEstadoRevision(subido.estado_revision) ? subido.estado_revision : null,
            motivo: subido.motivo_rechazo,
          }
        : null,
    }
  })
}

/**
 * Every installment of the student's enrolments (on the enrolment list's path: compiled once),
 * unordered: the database would sort them in a temporary tree, each enrolment sorts its own few.
 */
const cuotasDeAlumno = consultaPreparada((db: Db, alumnoId: string) =>
  db
    .selectFrom('cuotas')
    .innerJoin('solicitudes', 'solicitudes.codigo_inscripcion', 'cuotas.codigo_inscripcion')
    .select(['cuotas.codigo_inscripcion', 'cuotas.numero', 'cuotas.monto', 'cuotas.vencimiento', 'cuotas.pago_id'])
    .where('solicitudes.alumno_id', '=', alumnoId),
)

/**
 * The student's enrolments, newest first, with what the list shows of each and the situation the
 * pending-action rules read: survey, regulations, documents, issued papers and installments.
 */
export async function situacionDeSolicitudes(deps: Dependencias, alumno: Alumno, hoy: string) {
  const { db } = deps
  const [filas, todosEmitidos, subidos, cuotas] = await Promise.all([
    solicitudesDeAlumno(db, alumno.id),
    // Revoked documents are not the student's paper any more.
    documentosEmitidosDeAlumno(db, alumno.id, { vigentes: true }),
    archivosDeSolicitudesDeAlumno(db, alumno.id),
    cuotasDeAlumno(db, alumno.id),
  ])
  return situacionDeFilas({ filas, todosEmitidos, subidos, cuotas }, hoy)
}

type Filas<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>

/**
 * What `situacionDeSolicitudes` makes of the rows it read (exported for the bench's floor, which
 * reads the same rows without Kysely and must answer the same).
 */
export function situacionDeFilas(
  {
    filas,
    todosEmitidos,
    subidos,
    cuotas,
  }: {
    filas: Filas<typeof solicitudesDeAlumno>
    todosEmitidos: Filas<typeof documentosEmitidosDeAlumno>
    subidos: Filas<typeof archivosDeSolicitudesDeAlumno>
    cuotas: Filas<typeof cuotasDeAlumno>
  },
  hoy: string,
) {
  const emitidos = todosEmitidos.filter((d) => d.codigo_inscripcion !== null)

  const tiene = (codigo: string, tipo: string) =>
    emitidos.some((d) => d.codigo_inscripcion === codigo && d.cod_tipo_documento === tipo)
  const solicitudes = filas.map((f) => {
    const codigo = f.codigo_inscripcion
    const situacion: SolicitudParaPendientes = {
      codigoInscripcion: codigo,
      nombreCurso: f.nombre_curso,
      encuesta: estadoEncuesta(f.cod_grupo, f.enviada_en),
      reglamento: estadoReglamento(f.cod_grupo, f.tipo_curso, reglamentoFirmado(emitidos, codigo)),
      certificadoEmitido: tiene(codigo, DOC_CERTIFICADO_PROGRAMA),
      documentos: exigidos(
        documentosRequeridosDeSolicitud(f.cod_grupo, f.tipo_curso),
        subidos.filter((a) => a.codigo_inscripcion === codigo),
      ),
      // Only installments paid online are the portal's to ask for.
      cuotas:
        f.habilita_tb === 1
          ? cuotas
              .filter((q) => q.codigo_inscripcion === codigo)
              .sort((a, b) => a.numero - b.numero)
              .map((q) => ({
                numero: q.numero,
                monto: q.monto,
                vencimiento: q.vencimiento,
                estado: estadoCuota({ pagada: q.pago_id !== null, vencimiento: q.vencimiento }, hoy),
              }))
          : [],
    }
    return { fila: f, situacion }
  })
  return { solicitudes, emitidos, subidos }
}

/** The student's applications to contests, each with its contest's state and documents. */
async function situacionDePostulaciones(deps: Dependencias, alumno: Alumno, hoy: string) {
  const { db } = deps
  const postulaciones = await db
    .selectFrom('postulaciones')
    .innerJoin('concursos', 'concursos.id', 'postulaciones.concurso_id')
    .select([
      'postulaciones.id',
      'postulaciones.pagada_en',
      'concursos.id as concurso_id',
      'concursos.especialidad',
      'concursos.postulacion_desde',
      'concursos.postulacion_hasta',
      'concursos.documentos',
    ])
    .where('postulaciones.alumno_id', '=', alumno.id)
    .execute()
  const archivos = await db
    .selectFrom('archivos_postulacion')
    .select(['postulacion_id', 'cod_documento', 'estado_revision', 'motivo_rechazo'])
    .where('alumno_id', '=', alumno.id)
    .execute()
  return postulaciones.map((p): PostulacionParaPendientes => ({
    concursoId: p.concurso_id,
    especialidad: p.especialidad,
    estadoConcurso: estadoConcurso(
      { postulacionDesde: p.postulacion_desde, postulacionHasta: p.postulacion_hasta },
      hoy,
    ),
    postulacionHasta: p.postulacion_hasta,
    pagada: p.pagada_en !== null,
    documentos: exigidos(
      documentosDeConcurso(JSON.parse(p.documentos) as string[]),
      archivos.filter((a) => a.postulacion_id === p.id),
    ),
  }))
}

/** The personal documents the student's programs require, each with its file, if any. */
async function situacionDocumentosPersonales(deps: Dependencias, alumno: Alumno) {
  const { db } = deps
  const solicitudes = await db
    .selectFrom('solicitudes')
    .select(['cod_grupo as codGrupo', 'tipo_curso as tipoCurso'])
    .where('alumno_id', '=', alumno.id)
    .execute()
  const archivos = await db
    .selectFrom('archivos_personales')
    .select(['cod_documento', 'estado_revision', 'motivo_rechazo'])
    .where('alumno_id', '=', alumno.id)
    .execute()
  return exigidos(
    documentosPersonalesRequeridos(solicitudes).filter((d) => d.obligatorio),
    archivos,
  )
}

/** The student's pending actions, most urgent first, and how many each home tile leads to. */
export async function pendientesDeAlumno(deps: Dependencias, alumno: Alumno) {
  const hoy = fechaEnChile(deps.clock())
  const [{ solicitudes }, postulaciones, documentosPersonales] = await Promise.all([
    situacionDeSolicitudes(deps, alumno, hoy),
    situacionDePostulaciones(deps, alumno, hoy),
    situacionDocumentosPersonales(deps, alumno),
  ])
  const pendientes = calcularPendientes({
    hoy,
    solicitudes: solicitudes.map((s) => s.situacion),
    postulaciones,
    documentosPersonales,
  })
  return { hoy, pendientes, conteo: conteoPorSeccion(pendientes) }
}
