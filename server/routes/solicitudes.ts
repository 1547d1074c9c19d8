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
import { DOC_REGLAMENTO, enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import { requiereReglamento } from '../../src/domain/reglamentos.ts'
import { tieneDocumentoIdentidad } from '../../src/domain/documento-identidad.ts'
import type { EntornoApp, Dependencias } from '../contexto.ts'
import type { Alumno } from '../db/schema.ts'
import { consultaPreparada } from '../db/consulta-preparada.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { nuevaClaveBlob } from '../blobs.ts'
import { enviarArchivo, guardarReemplazando, MENSAJE_NO_ENCONTRADO, recibirArchivo } from './archivos.ts'
import { avisarAsistente } from './aviso-asistente.ts'
import { cuerpoJson } from './validacion.ts'

export const MENSAJE_ENCUESTA_NO_REQUERIDA = 'Esta solicitud no requiere la encuesta general.'

type Decision = { decision: DecisionCondiciones; decididaEn: string }

function alumnoDe(alumno: Alumno | null | undefined): Alumno {
  if (!alumno) throw new Error('sin alumno tras requiereAlumno')
  return alumno
}

/** The session student's enrolment with this code, or undefined (also for another student's). */
async function solicitudPropia({ db }: Dependencias, alumno: Alumno, codigo: string) {
  return db
    .selectFrom('solicitudes')
    .selectAll()
    .where('codigo_inscripcion', '=', codigo)
    .where('alumno_id', '=', alumno.id)
    .executeTakeFirst()
}

export { alumnoDe, solicitudPropia }

/** The student's enrolments, newest first, with each one's survey and conditions. */
const solicitudesDe = consultaPreparada((db, alumnoId: string) =>
  db
    .selectFrom('solicitudes')
    .leftJoin('encuestas', 'encuestas.codigo_inscripcion', 'solicitudes.codigo_inscripcion')
    .leftJoin('condiciones', 'condiciones.codigo_inscripcion', 'solicitudes.codigo_inscripcion')
    .select([
      'solicitudes.codigo_inscripcion',
      'solicitudes.fecha_inicio',
      'solicitudes.anio_curso',
      'solicitudes.nombre_curso',
      'solicitudes.curso',
      'solicitudes.tipo_curso',
      'solicitudes.cod_grupo',
      'solicitudes.habilita_tb',
      'solicitudes.cod_prospecto',
      'encuestas.enviada_en',
      'condiciones.decision',
      'condiciones.decidida_en',
    ])
    .where('solicitudes.alumno_id', '=', alumnoId)
    .orderBy('solicitudes.fecha_inicio', 'desc')
    .orderBy('solicitudes.codigo_inscripcion', 'desc'),
)

// Revoked documents are not the student's paper any more; a record without a file (issued before
// documents had files) has no link to give.
const emitidosDe = consultaPreparada((db, alumnoId: string) =>
  db
    .selectFrom('documentos_emitidos')
    .select(['codigo', 'codigo_inscripcion', 'cod_tipo_documento', 'tipo_documento', 'blob_clave'])
    .where('alumno_id', '=', alumnoId)
    .where('codigo_inscripcion', 'is not', null)
    .where('revocado_en', 'is', null),
)

const subidosDe = consultaPreparada((db, alumnoId: string) =>
  db
    .selectFrom('archivos_solicitud')
    .select(['id', 'codigo_inscripcion', 'cod_documento'])
    .where('alumno_id', '=', alumnoId),
)

export const rutasSolicitudes = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const { db, config } = c.get('deps')
    const alumno = alumnoDe(c.get('alumno'))
    const [filas, emitidos, subidos] = await Promise.all([
      solicitudesDe(db, alumno.id),
      emitidosDe(db, alumno.id),
      subidosDe(db, alumno.id),
    ])
    const tiene = (codigo: string, tipo: string) =>
      emitidos.some((d) => d.codigo_inscripcion === codigo && d.cod_tipo_documento === tipo)
    const solicitudes = filas.map((f) => ({
      codigoInscripcion: f.codigo_inscripcion,
      fechaInicio: f.fecha_inicio,
      anioCurso: f.anio_curso,
      nombreCurso: f.nombre_curso,
      curso: f.curso,
      tipoCurso: f.tipo_curso,
      codGrupo: f.cod_grupo,
      habilitaTb: f.habilita_tb === 1,
      codProspecto: f.cod_prospecto,
      /** The survey is sent, still to answer, or not asked of this group. */
      encuesta: !requiereEncuesta(f.cod_grupo)
        ? ('no-aplica' as const)
        : f.enviada_en
          ? ('enviada' as const)
          : ('pendiente' as const),
      /** Whether the regulations are accepted (a signed document exists), to accept, or not asked. */
      reglamento: !requiereReglamento(f.cod_grupo, f.tipo_curso)
        ? ('no-aplica' as const)
        : tiene(f.codigo_inscripcion, DOC_REGLAMENTO)
          ? ('firmado' as const)
          : ('pendiente' as const),
      documentos: conteoDocumentos(
        f.cod_grupo,
        f.tipo_curso,
        subidos.filter((a) => a.codigo_inscripcion === f.codigo_inscripcion),
      ),
      condiciones:
        f.decision && f.decidida_en
          ? ({ decision: f.decision as DecisionCondiciones, decididaEn: f.decidida_en } satisfies Decision)
          : null,
    }))
    return c.json({
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
      },
    })
  })
  .get('/:codigo/encuesta', async (c) => {
    const deps = c.var.deps
    const alumno = alumnoDe(c.var.alumno)
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
      const alumno = alumnoDe(c.var.alumno)
      const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
      if (!solicitud) return c.json({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA }, 404)
      if (!requiereEncuesta(solicitud.cod_grupo)) return c.json({ error: MENSAJE_ENCUESTA_NO_REQUERIDA }, 409)
      const respuestas = c.req.valid('json')
      const enviadaEn = deps.clock().toISOString()
      // The enrolment code is the table's key: of two sends, only one is stored, and the other
      // (whether earlier or at the same moment on another server) is refused.
      const insertada = await deps.db
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
      if (!insertada) return c.json({ error: MENSAJE_ENCUESTA_YA_ENVIADA }, 409)
      return c.json({ status: 'ok' as const, data: { requerida: true, enviadaEn, respuestas } }, 201)
    },
  )
  .get('/:codigo/documentos', async (c) => {
    const deps = c.var.deps
    const alumno = alumnoDe(c.var.alumno)
    const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
    if (!solicitud) return c.json({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA }, 404)
    const archivos = await deps.db
      .selectFrom('archivos_solicitud')
      .select(['id', 'cod_documento', 'nombre_archivo', 'tipo_archivo', 'tamanno', 'subido_en'])
      .where('codigo_inscripcion', '=', solicitud.codigo_inscripcion)
      .orderBy('cod_documento')
      .execute()
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
  .post('/:codigo/documentos', async (c) => {
    const deps = c.var.deps
    const alumno = alumnoDe(c.var.alumno)
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
    }
    await guardarReemplazando(deps, 'archivos_solicitud', 'codigo_inscripcion', fila, recibido.bytes)
    return c.json({ status: 'ok' as const, data: archivoDeSolicitudJson(solicitud.codigo_inscripcion, fila) }, 201)
  })
  .get('/:codigo/documentos/:id', async (c) => {
    // Another student's file (or enrolment) is answered exactly like one that does not exist.
    const fila = await c.var.deps.db
      .selectFrom('archivos_solicitud')
      .select(['nombre_archivo as nombre_original', 'content_type', 'tamanno', 'blob_clave'])
      .where('id', '=', c.req.param('id'))
      .where('codigo_inscripcion', '=', c.req.param('codigo'))
      .where('alumno_id', '=', alumnoDe(c.var.alumno).id)
      .executeTakeFirst()
    if (!fila) return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
    return enviarArchivo(c, fila, 'un documento de solicitud')
  })
  .post('/:codigo/condiciones', cuerpoJson(decisionCondicionesSchema), async (c) => {
    const deps = c.var.deps
    const alumno = alumnoDe(c.var.alumno)
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

function archivoDeSolicitudJson(
  codigo: string,
  a: {
    id: string
    cod_documento: string
    nombre_archivo: string
    tipo_archivo: string
    tamanno: number
    subido_en: string
  },
) {
  return {
    id: a.id,
    codDocumento: a.cod_documento,
    nombre: a.nombre_archivo,
    enlace: enlaceArchivoSolicitud(codigo, a.id),
    tipoArchivo: a.tipo_archivo,
    tamanno: a.tamanno,
    subidoEn: a.subido_en,
  }
}

/** Uploaded / required, for the list's column; null where the enrolment shows no documents. */
function conteoDocumentos(codGrupo: string, tipoCurso: string, subidos: readonly { cod_documento: string }[]) {
  if (!muestraDocumentos(tipoCurso)) return null
  const requeridos = documentosRequeridosDeSolicitud(codGrupo, tipoCurso)
  return {
    subidos: requeridos.filter((r) => subidos.some((s) => s.cod_documento === r.codDocumento)).length,
    requeridos: requeridos.length,
  }
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
