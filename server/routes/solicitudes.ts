// The student's enrolments (getInscrip), each one's general survey (getEncuestacc,
// setEncuestacc) and the decision on its conditions, mounted at /api/solicitudes. The student
// comes from the session only: another student's enrolment code answers 404, as a missing one.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import {
  encuestaSchema,
  MENSAJE_ENCUESTA_YA_ENVIADA,
  MENSAJE_FALTAN_CAMPOS,
  type Encuesta,
} from '../../src/domain/encuesta.ts'
import {
  decisionCondicionesSchema,
  MENSAJE_SOLICITUD_NO_ENCONTRADA,
  muestraDocumentos,
  requiereEncuesta,
  type DecisionCondiciones,
} from '../../src/domain/solicitudes.ts'
import { CONTENT_TYPE_POR_TIPO, MENSAJE_TIPO_DOCUMENTO } from '../../src/domain/documentos.ts'
import {
  documentosRequeridosDeSolicitud,
  esDocumentoDeSolicitud,
  nombreArchivoSolicitud,
  SECCION_DOCUMENTOS_SOLICITUD,
} from '../../src/domain/documentos-solicitud.ts'
import { enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import { documentoPorEntregar, pendientesDeSolicitud } from '../../src/domain/pendientes.ts'
import { tieneDocumentoIdentidad } from '../../src/domain/documento-identidad.ts'
import type { ConfigApp, EntornoApp, Dependencias } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import type { Alumno } from '../db/schema.ts'
import { contarRevision } from '../../src/domain/estado-revision.ts'
import { revisionJson } from '../documentos/revision.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { nuevaClaveBlob } from '../blobs.ts'
import { archivosDeSolicitud, decisionCondiciones } from '../solicitudes/consultas.ts'
import {
  archivoSubidoJson,
  type FilaArchivoSubido,
  consumirSubida,
  enviarArchivo,
  guardarReemplazando,
  MENSAJE_NO_ENCONTRADO,
  recibirArchivo,
} from './archivos.ts'
import { avisarAsistente } from '../solicitudes/aviso-asistente.ts'
import { situacionDeSolicitudes } from './pendientes.ts'
import { cuerpoJson } from './validacion.ts'
import { consentimientoDeEncuesta } from '../privacidad/consentimientos.ts'
import type { DocumentoTributarioDeSolicitud } from '../../src/domain/documento-tributario.ts'
import { documentosTributariosDeAlumno } from '../tributario/documentos.ts'

export const MENSAJE_ENCUESTA_NO_REQUERIDA = 'Esta solicitud no requiere la encuesta general.'

type Decision = { decision: DecisionCondiciones; decididaEn: string }

/** The session student's enrolment with this code, or undefined (also for another student's). */
async function solicitudPropia({ db }: Dependencias, alumno: Alumno, codigo: string) {
  return db
    .selectFrom('solicitudes')
    .selectAll()
    .where('codigo_inscripcion', '=', codigo)
    .where('alumno_id', '=', alumno.id)
    .executeTakeFirst()
}

export { solicitudPropia }

/**
 * GET /api/solicitudes's reply: each enrolment with what the list shows of it, the student's files
 * and issued papers (exported for the bench's floor, which must answer the same).
 */
export function listaDeSolicitudes(
  { solicitudes: situaciones, emitidos, subidos }: Awaited<ReturnType<typeof situacionDeSolicitudes>>,
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

export const rutasSolicitudes = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const deps = c.get('deps')
    const alumno = c.get('alumno')
    const hoy = fechaEnChile(deps.clock())
    const [situacion, documentosTributarios] = await Promise.all([
      situacionDeSolicitudes(deps, alumno, hoy),
      documentosTributariosDeAlumno(deps.db, alumno.id),
    ])
    return c.json(listaDeSolicitudes(situacion, alumno, deps.config, hoy, documentosTributarios))
  })
  .get('/:codigo/encuesta', async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
    if (!solicitud) return c.json({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA }, 404)
    const fila = await deps.db
      .selectFrom('encuestas')
      .select(['respuestas', 'enviada_en'])
      .where('codigo_inscripcion', '=', solicitud.codigo_inscripcion)
      .executeTakeFirst()
    return c.json({
      status: 'ok' as const,
      data: {
        requerida: requiereEncuesta(solicitud.cod_grupo),
        enviadaEn: fila?.enviada_en ?? null,
        respuestas: fila ? (JSON.parse(fila.respuestas) as Encuesta) : null,
      },
    })
  })
  // A survey that misses answers names each one, under the survey's own message.
  .post(
    '/:codigo/encuesta',
    cuerpoJson(encuestaSchema, (c, { status, mensaje, campos }) =>
      c.json({ error: Object.keys(campos).length > 0 ? MENSAJE_FALTAN_CAMPOS : mensaje, campos }, status),
    ),
    async (c) => {
      const deps = c.var.deps
      const alumno = c.var.alumno
      const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
      if (!solicitud) return c.json({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA }, 404)
      if (!requiereEncuesta(solicitud.cod_grupo)) return c.json({ error: MENSAJE_ENCUESTA_NO_REQUERIDA }, 409)
      const respuestas = c.req.valid('json')
      const enviadaEn = deps.clock().toISOString()
      // The enrolment code is the table's key: of two sends, only one is stored, and the other
      // (whether earlier or at the same moment on another server) is refused.
      // The express consent to the disability questions came with the answers (from the outbox
      // too, after a time offline): recorded with them, in one transaction, or neither is.
      const insertada = await deps.db.transaction().execute(async (trx) => {
        const fila = await trx
          .insertInto('encuestas')
          .values({
            codigo_inscripcion: solicitud.codigo_inscripcion,
            alumno_id: alumno.id,
            respuestas: JSON.stringify(respuestas),
            enviada_en: enviadaEn,
          })
          .onConflict((oc) => oc.column('codigo_inscripcion').doNothing())
          .returning('codigo_inscripcion')
          .executeTakeFirst()
        if (fila) await consentimientoDeEncuesta(trx, alumno.id, solicitud.codigo_inscripcion, respuestas, deps.clock())
        return fila
      })
      if (!insertada) return c.json({ error: MENSAJE_ENCUESTA_YA_ENVIADA }, 409)
      return c.json({ status: 'ok' as const, data: { requerida: true, enviadaEn, respuestas } }, 201)
    },
  )
  .get('/:codigo/documentos', async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
    if (!solicitud) return c.json({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA }, 404)
    const archivos = await archivosDeSolicitud(deps.db, solicitud.codigo_inscripcion)
    return c.json({
      status: 'ok' as const,
      data: {
        requeridos: documentosRequeridosDeSolicitud(solicitud.cod_grupo, solicitud.tipo_curso).map((d) => ({
          Cod_Documento__c: d.codDocumento,
          Documento__c: d.documento,
          SeccionPortal__c: SECCION_DOCUMENTOS_SOLICITUD,
          Info__c: d.info,
        })),
        archivos: archivos.map((a) => archivoDeSolicitudJson(solicitud.codigo_inscripcion, a)),
        tamanoMaximoMb: deps.config.uploadMaxMb,
      },
    })
  })
  .post('/:codigo/documentos', declarar({ cuerpo: 'formulario-con-archivo' }), async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    // The body's format first, as for every endpoint; then whose enrolment it is, and whether it
    // asks for this document.
    const recibido = await recibirArchivo(c, (cod) => cod !== '')
    if (!recibido.ok) return recibido.respuesta
    const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
    if (!solicitud) return c.json({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA }, 404)
    if (!esDocumentoDeSolicitud(solicitud.cod_grupo, solicitud.tipo_curso, recibido.codDocumento)) {
      return c.json({ error: MENSAJE_TIPO_DOCUMENTO, campos: { codTipoDocumento: MENSAJE_TIPO_DOCUMENTO } }, 400)
    }
    const fila = {
      id: randomUUID(),
      codigo_inscripcion: solicitud.codigo_inscripcion,
      alumno_id: alumno.id,
      cod_documento: recibido.codDocumento,
      nombre_archivo: nombreArchivoSolicitud(solicitud.codigo_inscripcion, recibido.nombre),
      tipo_archivo: recibido.tipo,
      content_type: CONTENT_TYPE_POR_TIPO[recibido.tipo],
      tamanno: recibido.bytes.length,
      blob_clave: nuevaClaveBlob(),
      subido_en: deps.clock().toISOString(),
      // A new file, a replacement too, waits for the school's review.
      estado_revision: 'en-revision',
      motivo_rechazo: null,
    }
    await guardarReemplazando(deps, 'archivos_solicitud', 'codigo_inscripcion', fila, recibido.bytes)
    await consumirSubida(deps, recibido)
    return c.json({ status: 'ok' as const, data: archivoDeSolicitudJson(solicitud.codigo_inscripcion, fila) }, 201)
  })
  .get('/:codigo/documentos/:id', async (c) => {
    // Another student's file (or enrolment) is answered exactly like one that does not exist.
    const fila = await c.var.deps.db
      .selectFrom('archivos_solicitud')
      .select(['nombre_archivo as nombre_original', 'content_type', 'tamanno', 'blob_clave'])
      .where('id', '=', c.req.param('id'))
      .where('codigo_inscripcion', '=', c.req.param('codigo'))
      .where('alumno_id', '=', c.var.alumno.id)
      .executeTakeFirst()
    if (!fila) return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
    return enviarArchivo(c, fila, 'un documento de solicitud')
  })
  .post('/:codigo/condiciones', cuerpoJson(decisionCondicionesSchema), async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
    if (!solicitud) return c.json({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA }, 404)
    const { decision } = c.req.valid('json')
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
    return c.json({ status: 'ok' as const, data: { decision, decididaEn } satisfies Decision })
  })

function enlaceArchivoSolicitud(codigo: string, id: string): string {
  return `/api/solicitudes/${encodeURIComponent(codigo)}/documentos/${id}`
}

function archivoDeSolicitudJson(codigo: string, a: FilaArchivoSubido & { nombre_archivo: string }) {
  return archivoSubidoJson(a, a.nombre_archivo, enlaceArchivoSolicitud(codigo, a.id))
}

/** A rejection is followed up by the enrolment's commercial assistant, who is told by e-mail. */
function avisarRechazo(deps: Dependencias, alumno: Alumno, asistenteId: string, codigo: string, programa: string) {
  return avisarAsistente(
    deps,
    asistenteId,
    `Condiciones rechazadas: solicitud ${codigo}`,
    () =>
      `${alumno.nombres} ${alumno.apellidos} (${alumno.email}) rechazó las condiciones de la solicitud ${codigo}, ${programa}.\nComuníquese con el estudiante para resolver sus dudas; puede aceptarlas más adelante desde el portal.`,
  )
}
