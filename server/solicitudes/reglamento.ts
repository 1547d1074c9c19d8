// Accepting an enrolment's regulations: the server checks what the list checks (an identity
// document; the survey first for groups 1 and 5; the version read is the current one), then
// issues the signed 'Reglamento Firmado' and tells the assistant. Once only: the document is
// unique per enrolment, so a second acceptance is refused and two at the same moment produce one
// document. Refusals are 422, final: the outbox retries a 409 (which means 'a send with this key
// is in progress') and would repeat them forever.
import { tieneDocumentoIdentidad } from '../../src/domain/documento-identidad.ts'
import { DOC_REGLAMENTO, enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import {
  bloqueoReglamento,
  MENSAJE_REGLAMENTO_CAMBIO,
  MENSAJE_REGLAMENTO_NO_REQUERIDO,
  MENSAJE_REGLAMENTO_YA_ACEPTADO,
  reglamentoDe,
  requiereReglamento,
} from '../../src/domain/reglamentos.ts'
import { requiereEncuesta } from '../../src/domain/solicitudes.ts'
import type { Dependencias } from '../contexto.ts'
import type { Alumno } from '../db/schema.ts'
import { emitirReglamento } from '../papel/plantillas/reglamento.ts'
import { avisarAsistente } from './aviso-asistente.ts'
import { SOLICITUD_NO_ENCONTRADA, solicitudPropia, type Rechazo } from './propia.ts'
import { detalleDeError } from '../bitacora.ts'

/** Said after 'Error en la firma: ' when the document could not be made or signed. */
export const MENSAJE_FIRMA_FALLIDA = 'no fue posible generar el documento firmado'

const rechazo = (error: string) => ({ rechazo: { status: 422 as const, error } })

/**
 * The session student accepts the enrolment's regulations in the version they read: the signed
 * document is issued and its link returned, or the refusal (422), or 500 when it could not be
 * signed (logged under the request's id).
 */
export async function aceptarReglamento(
  deps: Dependencias,
  alumno: Alumno,
  codigoPedido: string,
  version: string,
  idPeticion: string,
): Promise<
  Rechazo<404 | 422 | 500> | { idInscripcion: string; codTipoDocumento: string; nombre: string; enlace: string }
> {
  const solicitud = await solicitudPropia(deps, alumno, codigoPedido)
  if (!solicitud) return SOLICITUD_NO_ENCONTRADA
  const codigo = solicitud.codigo_inscripcion
  if (!requiereReglamento(solicitud.cod_grupo, solicitud.tipo_curso)) return rechazo(MENSAJE_REGLAMENTO_NO_REQUERIDO)
  const firmado = await deps.db
    .selectFrom('documentos_emitidos')
    .select('codigo')
    .where('codigo_inscripcion', '=', codigo)
    .where('cod_tipo_documento', '=', DOC_REGLAMENTO)
    .executeTakeFirst()
  if (firmado) return rechazo(MENSAJE_REGLAMENTO_YA_ACEPTADO)
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
  if (bloqueo) return rechazo(bloqueo)
  if (version !== reglamentoDe(solicitud.tipo_curso).version) return rechazo(MENSAJE_REGLAMENTO_CAMBIO)

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
      id: idPeticion,
      error: detalleDeError(err),
    })
    return { rechazo: { status: 500, error: MENSAJE_FIRMA_FALLIDA } }
  }
  // Another acceptance at the same moment made the document first: this one changed nothing.
  if (!documento.nuevo) return rechazo(MENSAJE_REGLAMENTO_YA_ACEPTADO)

  await avisarAsistente(
    deps,
    solicitud.asistente_id,
    `Reglamento firmado: solicitud ${codigo}`,
    () =>
      `${alumno.nombres} ${alumno.apellidos} (${alumno.email}) aceptó con firma electrónica el reglamento de la solicitud ${codigo}, ${solicitud.nombre_curso}.\nEl documento 'Reglamento Firmado' quedó registrado con el código de verificación ${documento.codigo}.`,
  ).catch((err: unknown) =>
    deps.log(`no se pudo avisar al asistente del reglamento de ${codigo}`, { error: String(err) }),
  )
  return {
    idInscripcion: codigo,
    codTipoDocumento: DOC_REGLAMENTO,
    nombre: 'Reglamento Firmado',
    enlace: enlaceDocumentoEmitido(documento.codigo),
  }
}
