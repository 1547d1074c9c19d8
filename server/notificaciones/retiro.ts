// Notices about something that no longer applies are withdrawn, never deleted: the bell and the
// staff's history keep them, marked with why (`retiro`), they stop counting as unread, and what
// was still to be sent of them is not sent.
//
// Two ways in. The change that makes a notice stale withdraws it in its own transaction when the
// change is this portal's and knows the notice (a certificate revoked: its 'Certificado
// disponible'; a certificate issued: its enrolment's survey and regulations reminders). Every
// other case is found by `retirarAvisosQueNoAplican`, which the reminder check runs on every server
// every few minutes: a survey sent, regulations accepted, an installment paid, a rejected document
// replaced, a program finished. Each is one conditional update (only notices still standing), so
// servers running it together withdraw each notice once.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely'
import { DOC_CERTIFICADO_PROGRAMA, DOC_REGLAMENTO } from '../../src/domain/documentos-emitidos.ts'
import {
  RETIRO_CUOTA_PAGADA,
  RETIRO_DOCUMENTO_REEMPLAZADO,
  RETIRO_ENCUESTA_ENVIADA,
  RETIRO_PROGRAMA_FINALIZADO,
  RETIRO_REGLAMENTO_ACEPTADO,
  type TipoNotificacion,
} from '../../src/domain/notificaciones.ts'
import type { Database } from '../db/schema.ts'

type Bd = Kysely<Database> | Transaction<Database>
type Condicion = (eb: ExpressionBuilder<Database, 'notificaciones'>) => Expression<SqlBool>

/** What the staff read on a delivery that was not sent because its notice was withdrawn. */
export const DETALLE_RETIRADO = 'No se envió: el aviso ya no aplica.'

/**
 * Withdraws the student's notices of these kinds that `donde` selects and still stand; answers
 * their ids. Their deliveries not yet taken by a server are closed as not sent (one being sent
 * right now finishes; the scheduler skips a withdrawn notice when it next takes one).
 */
export async function retirarAvisos(
  db: Bd,
  r: { tipos: readonly TipoNotificacion[]; donde: Condicion; retiro: string; ahora: Date; alumnoId?: string },
): Promise<string[]> {
  const momento = r.ahora.toISOString()
  let consulta = db
    .updateTable('notificaciones')
    .set({ retirada_en: momento, retiro: r.retiro })
    .where('tipo', 'in', r.tipos)
    .where('retirada_en', 'is', null)
    .where(r.donde)
  if (r.alumnoId) consulta = consulta.where('alumno_id', '=', r.alumnoId)
  const ids = (await consulta.returning('id').execute()).map((f) => f.id)
  if (ids.length > 0)
    await db
      .updateTable('envios_notificacion')
      .set({ estado: 'omitido', detalle: DETALLE_RETIRADO })
      .where('notificacion_id', 'in', ids)
      .where('estado', '=', 'pendiente')
      .where((eb) => eb.or([eb('tomado_hasta', 'is', null), eb('tomado_hasta', '<', momento)]))
      .execute()
  return ids
}

/** The reminders of one enrolment's survey and regulations (their `tema` is the kind and the code). */
export function recordatoriosDeSolicitud(codigoInscripcion: string): Condicion {
  return (eb) =>
    eb.or([
      eb('tema', '=', `encuesta-pendiente:${codigoInscripcion}`),
      eb('tema', '=', `reglamento-pendiente:${codigoInscripcion}`),
    ])
}

/** The enrolment code a survey or regulations reminder is about: its `tema` after '<kind>:'. */
const codigoDelRecordatorio = sql<string>`substr(notificaciones.tema, length(notificaciones.tipo) + 2)`

/** An issued document of the enrolment the reminder is about, of that type, still valid. */
function conEmitidoVigente(codTipoDocumento: string): Condicion {
  return (eb) =>
    eb.exists(
      eb
        .selectFrom('documentos_emitidos as d')
        .select('d.codigo')
        .where('d.codigo_inscripcion', '=', codigoDelRecordatorio)
        .where('d.cod_tipo_documento', '=', codTipoDocumento)
        .where('d.revocado_en', 'is', null),
    )
}

const TABLAS_DE_ARCHIVOS = ['archivos_solicitud', 'archivos_personales', 'archivos_postulacion'] as const

/**
 * Withdraws every standing notice that no longer applies, whoever it is for. Answers how many,
 * for the log.
 */
export async function retirarAvisosQueNoAplican(db: Kysely<Database>, ahora: Date): Promise<number> {
  let total = 0
  const retirar = async (tipos: readonly TipoNotificacion[], retiro: string, donde: Condicion) => {
    total += (await retirarAvisos(db, { tipos, retiro, donde, ahora })).length
  }

  // A finished program (its certificate issued and valid) asks nothing more of taking it.
  await retirar(
    ['encuesta-pendiente', 'reglamento-pendiente'],
    RETIRO_PROGRAMA_FINALIZADO,
    conEmitidoVigente(DOC_CERTIFICADO_PROGRAMA),
  )
  await retirar(['encuesta-pendiente'], RETIRO_ENCUESTA_ENVIADA, (eb) =>
    eb.exists(
      eb
        .selectFrom('encuestas as e')
        .select('e.codigo_inscripcion')
        .where('e.codigo_inscripcion', '=', codigoDelRecordatorio)
        .where('e.enviada_en', 'is not', null),
    ),
  )
  await retirar(['reglamento-pendiente'], RETIRO_REGLAMENTO_ACEPTADO, conEmitidoVigente(DOC_REGLAMENTO))

  // An installment's occasion starts with '<enrolment>/<number>:'; the student's paid ones.
  await retirar(['cuota-por-vencer', 'cuota-vencida'], RETIRO_CUOTA_PAGADA, (eb) =>
    eb.exists(
      eb
        .selectFrom('cuotas as c')
        .innerJoin('solicitudes as s', 's.codigo_inscripcion', 'c.codigo_inscripcion')
        .select('c.numero')
        .whereRef('s.alumno_id', '=', 'notificaciones.alumno_id')
        .where('c.pago_id', 'is not', null)
        .where(
          sql<string>`substr(notificaciones.ocasion, 1, length(c.codigo_inscripcion) + length(cast(c.numero as text)) + 2)`,
          '=',
          sql<string>`c.codigo_inscripcion || '/' || cast(c.numero as text) || ':'`,
        ),
    ),
  )

  // A rejection's occasion is '<table>:<file id>'; a replacement is a new file, and the rejected
  // one is gone.
  for (const tabla of TABLAS_DE_ARCHIVOS) {
    const prefijo = `${tabla}:`
    await retirar(['documento-rechazado'], RETIRO_DOCUMENTO_REEMPLAZADO, (eb) =>
      eb.and([
        eb(sql<string>`substr(notificaciones.ocasion, 1, ${sql.lit(prefijo.length)})`, '=', prefijo),
        eb.not(
          eb.exists(
            eb
              // The three tables share the columns read here.
              .selectFrom(`${tabla} as a` as 'archivos_solicitud as a')
              .select('a.id')
              .where('a.id', '=', sql<string>`substr(notificaciones.ocasion, ${sql.lit(prefijo.length + 1)})`),
          ),
        ),
      ]),
    )
  }
  return total
}
