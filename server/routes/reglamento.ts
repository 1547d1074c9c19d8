// Accepting an enrolment's regulations: the server checks what the list checks (an identity
// document; the survey first for groups 1 and 5; the version read is the current one), then
// issues the signed 'Reglamento Firmado', tells the assistant, and answers with its link. Once
// only: the document is unique per enrolment, so a second acceptance is refused and two at the
// same moment produce one document. Refusals are 422, final: the outbox retries a 409 (which
// means 'a send with this key is in progress') and would repeat them forever.
import { Hono } from 'hono'
import { tieneDocumentoIdentidad } from '../../src/domain/documento-identidad.ts'
import { DOC_REGLAMENTO, enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import {
  aceptacionReglamentoSchema,
  bloqueoReglamento,
  MENSAJE_REGLAMENTO_CAMBIO,
  MENSAJE_REGLAMENTO_NO_REQUERIDO,
  MENSAJE_REGLAMENTO_YA_ACEPTADO,
  reglamentoDe,
  requiereReglamento,
} from '../../src/domain/reglamentos.ts'
import { MENSAJE_SOLICITUD_NO_ENCONTRADA, requiereEncuesta } from '../../src/domain/solicitudes.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { emitirReglamento } from '../papel/plantillas/reglamento.ts'
import { avisarAsistente } from '../solicitudes/aviso-asistente.ts'
import { solicitudPropia } from '../solicitudes/propia.ts'
import { cuerpoJson } from './validacion.ts'

/** Said after 'Error en la firma: ' when the document could not be made or signed. */
export const MENSAJE_FIRMA_FALLIDA = 'no fue posible generar el documento firmado'

export const rutasReglamento = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .post('/:codigo/reglamento', cuerpoJson(aceptacionReglamentoSchema), async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    const solicitud = await solicitudPropia(deps, alumno, c.req.param('codigo'))
    if (!solicitud) return c.json({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA }, 404)
    const codigo = solicitud.codigo_inscripcion
    if (!requiereReglamento(solicitud.cod_grupo, solicitud.tipo_curso)) {
      return c.json({ error: MENSAJE_REGLAMENTO_NO_REQUERIDO }, 422)
    }
    const firmado = await deps.db
      .selectFrom('documentos_emitidos')
      .select('codigo')
      .where('codigo_inscripcion', '=', codigo)
      .where('cod_tipo_documento', '=', DOC_REGLAMENTO)
      .executeTakeFirst()
    if (firmado) return c.json({ error: MENSAJE_REGLAMENTO_YA_ACEPTADO }, 422)
    const encuesta = requiereEncuesta(solicitud.cod_grupo)
      ? await deps.db
          .selectFrom('encuestas')
          .select('enviada_en')
          .where('codigo_inscripcion', '=', codigo)
          .executeTakeFirst()
      : undefined
    const bloqueo = bloqueoReglamento({
      codGrupo: solicitud.cod_grupo,
      encuesta: !requiereEncuesta(solicitud.cod_grupo) ? 'no-aplica' : encuesta ? 'enviada' : 'pendiente',
      tieneDocumentoIdentidad: tieneDocumentoIdentidad(alumno),
    })
    if (bloqueo) return c.json({ error: bloqueo }, 422)
    if (c.req.valid('json').version !== reglamentoDe(solicitud.tipo_curso).version) {
      return c.json({ error: MENSAJE_REGLAMENTO_CAMBIO }, 422)
    }

    let documento
    try {
      documento = await emitirReglamento(
        {
          db: deps.db,
          blobs: deps.blobs,
          firma: deps.firma,
          urlPublica: deps.config.publicUrl,
          ahora: deps.clock(),
        },
        codigo,
      )
    } catch (err) {
      deps.log(`no se pudo firmar el reglamento de ${codigo}`, {
        id: c.var.idPeticion,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      })
      return c.json({ error: MENSAJE_FIRMA_FALLIDA }, 500)
    }
    // Another acceptance at the same moment made the document first: this one changed nothing.
    if (!documento.nuevo) return c.json({ error: MENSAJE_REGLAMENTO_YA_ACEPTADO }, 422)

    await avisarAsistente(
      deps,
      solicitud.asistente_id,
      `Reglamento firmado: solicitud ${codigo}`,
      () =>
        `${alumno.nombres} ${alumno.apellidos} (${alumno.email}) aceptó con firma electrónica el reglamento de la solicitud ${codigo}, ${solicitud.nombre_curso}.\nEl documento 'Reglamento Firmado' quedó registrado con el código de verificación ${documento.codigo}.`,
    ).catch((err: unknown) =>
      deps.log(`no se pudo avisar al asistente del reglamento de ${codigo}`, { error: String(err) }),
    )
    return c.json(
      {
        status: 'ok' as const,
        data: {
          idInscripcion: codigo,
          codTipoDocumento: DOC_REGLAMENTO,
          nombre: 'Reglamento Firmado',
          enlace: enlaceDocumentoEmitido(documento.codigo),
        },
      },
      201,
    )
  })
