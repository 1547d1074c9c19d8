// The student's enrolments (getInscrip), each one's general survey (getEncuestacc,
// setEncuestacc) and the decision on its conditions, mounted at /api/solicitudes. The student
// comes from the session only: another student's enrolment code answers 404, as a missing one.
import { Hono } from 'hono'
import {
  encuestaSchema,
  MENSAJE_ENCUESTA_YA_ENVIADA,
  MENSAJE_FALTAN_CAMPOS,
  type Encuesta,
} from '../../src/domain/encuesta.ts'
import {
  decisionCondicionesSchema,
  DOC_REGLAMENTO,
  MENSAJE_SOLICITUD_NO_ENCONTRADA,
  requiereEncuesta,
  type DecisionCondiciones,
} from '../../src/domain/solicitudes.ts'
import { esRutPlaceholder } from '../../src/domain/rut.ts'
import type { EntornoApp, Dependencias } from '../contexto.ts'
import type { Alumno } from '../db/schema.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
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

export const rutasSolicitudes = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const { db, config } = c.var.deps
    const alumno = alumnoDe(c.var.alumno)
    const filas = await db
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
      .where('solicitudes.alumno_id', '=', alumno.id)
      .orderBy('solicitudes.fecha_inicio', 'desc')
      .orderBy('solicitudes.codigo_inscripcion', 'desc')
      .execute()
    const documentos = await db
      .selectFrom('documentos')
      .innerJoin('solicitudes', 'solicitudes.codigo_inscripcion', 'documentos.codigo_inscripcion')
      .select(['documentos.codigo_inscripcion', 'documentos.cod_tipo_documento'])
      .where('solicitudes.alumno_id', '=', alumno.id)
      .execute()
    const tiene = (codigo: string, tipo: string) =>
      documentos.some((d) => d.codigo_inscripcion === codigo && d.cod_tipo_documento === tipo)
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
      reglamentoFirmado: tiene(f.codigo_inscripcion, DOC_REGLAMENTO),
      condiciones:
        f.decision && f.decidida_en
          ? ({ decision: f.decision as DecisionCondiciones, decididaEn: f.decidida_en } satisfies Decision)
          : null,
    }))
    return c.json({
      status: 'ok' as const,
      data: {
        solicitudes,
        // A RUT, or a passport for a foreigner: without one the student is sent to their assistant.
        tieneDocumentoIdentidad: !esRutPlaceholder(alumno.rut) || !!alumno.numero_documento,
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

/** A rejection is followed up by the enrolment's commercial assistant, who is told by e-mail. */
async function avisarRechazo(
  deps: Dependencias,
  alumno: Alumno,
  asistenteId: string,
  codigo: string,
  programa: string,
): Promise<void> {
  const asistente = await deps.db
    .selectFrom('asistentes')
    .select(['nombre', 'email'])
    .where('id', '=', asistenteId)
    .executeTakeFirst()
  if (!asistente) return
  const estudiante = `${alumno.nombres} ${alumno.apellidos}`
  const texto = `Hola ${asistente.nombre}:\n\n${estudiante} (${alumno.email}) rechazó las condiciones de la solicitud ${codigo}, ${programa}.\nComuníquese con el estudiante para resolver sus dudas; puede aceptarlas más adelante desde el portal.\n\nPortal del Estudiante`
  await deps.correo.enviar({
    to: asistente.email,
    subject: `Condiciones rechazadas: solicitud ${codigo}`,
    text: texto,
    html: `<p>${texto.split('\n').filter(Boolean).map(escaparHtml).join('</p><p>')}</p>`,
  })
}

function escaparHtml(texto: string): string {
  return texto.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
