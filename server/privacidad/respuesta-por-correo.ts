// The answer to a suppression reaches the student only by e-mail, at the address they had: their
// account and notices went with their data. The law asks that the answer reach them (Ley 19.628
// as amended by Ley 21.719, art. 11), so it is not sent once and forgotten: it is queued on the
// request in the answer's own transaction, sent at once after the commit, and, if the mail server
// fails, tried again by the periodic run on the notices' schedule (1 min, 5 min, 30 min, 2 h, 6 h),
// given up after the sixth try for the school to answer another way. Each send is taken by one
// server at a time through a lease (`correo_respuesta_tomado_hasta`), as the notices' deliveries
// are. Once sent, the address and the text are cleared: the answer stays as proof in
// `respuestas_derechos`, the address is not kept for anything else.
import type { ExpressionBuilder, Transaction } from 'kysely'
import { MENSAJE_CORREO_NO_FALLIDO, type CorreoRespuesta } from '../../src/domain/derechos.ts'
import { mensajeDeFallo } from '../bitacora.ts'
import type { Dependencias } from '../contexto.ts'
import type { Mensaje } from '../correo.ts'
import type { Database, SolicitudDerechoFila } from '../db/schema.ts'
import { parrafosHtml } from '../html.ts'
import { ESPERAS_MS, PLAZO_TOMA_MS } from '../notificaciones/programador.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'

type DependenciasRespuesta = Pick<Dependencias, 'db' | 'clock' | 'log' | 'correo'>

/** The e-mail of an answer, greeting the student by the name they had. */
export function correoDeRespuesta(para: { email: string; nombres: string }, numero: string, texto: string): Mensaje {
  const saludo = `Hola ${para.nombres}:`
  return {
    to: para.email,
    subject: `Respondimos su solicitud N° ${numero}`,
    text: `${saludo}\n\n${texto}\n`,
    html: parrafosHtml(`${saludo}\n${texto}`),
  }
}

/** Queues the answer's e-mail on its request, inside the transaction that records the answer. */
export async function encolarRespuestaPorCorreo(
  trx: Transaction<Database>,
  solicitudId: string,
  mensaje: Mensaje,
  ahora: Date,
): Promise<void> {
  await trx
    .updateTable('solicitudes_derechos')
    .set({
      correo_respuesta: JSON.stringify(mensaje),
      correo_respuesta_estado: 'pendiente',
      correo_respuesta_intentos: 0,
      correo_respuesta_desde: ahora.toISOString(),
      correo_respuesta_tomado_hasta: null,
      correo_respuesta_error: null,
      correo_respuesta_enviado_en: null,
    })
    .where('id', '=', solicitudId)
    .execute()
}

/** An e-mail waiting, due by `momento`, and held by no run. */
function libre(momento: string) {
  return (eb: ExpressionBuilder<Database, 'solicitudes_derechos'>) =>
    eb.and([
      eb('correo_respuesta_estado', '=', 'pendiente'),
      eb('correo_respuesta_desde', '<=', momento),
      eb.or([eb('correo_respuesta_tomado_hasta', 'is', null), eb('correo_respuesta_tomado_hasta', '<', momento)]),
    ])
}

/** Sends the answers' e-mails that are due (`soloId`: just that request's, right after its answer). */
export async function enviarRespuestasPorCorreo(deps: DependenciasRespuesta, soloId?: string): Promise<void> {
  let consulta = deps.db.selectFrom('solicitudes_derechos').select('id').where(libre(deps.clock().toISOString()))
  if (soloId) consulta = consulta.where('id', '=', soloId)
  for (const { id } of await consulta.orderBy('correo_respuesta_desde').limit(50).execute()) await enviarUna(deps, id)
}

async function enviarUna(deps: DependenciasRespuesta, id: string): Promise<void> {
  const ahora = deps.clock()
  const momento = ahora.toISOString()
  const plazo = new Date(ahora.getTime() + PLAZO_TOMA_MS).toISOString()
  // The lease: of two servers running this at once, the database lets one update the free row.
  const tomada = await deps.db
    .updateTable('solicitudes_derechos')
    .set((eb) => ({
      correo_respuesta_tomado_hasta: plazo,
      correo_respuesta_intentos: eb(eb.fn.coalesce('correo_respuesta_intentos', eb.val(0)), '+', 1),
    }))
    .where('id', '=', id)
    .where(libre(momento))
    .returning(['numero', 'correo_respuesta', 'correo_respuesta_intentos'])
    .executeTakeFirst()
  if (!tomada?.correo_respuesta) return
  // Settled below only while the lease is still this run's (`plazo` tells it apart from a later one).
  const intento = tomada.correo_respuesta_intentos ?? 1
  try {
    await deps.correo.enviar(JSON.parse(tomada.correo_respuesta) as Mensaje)
  } catch (err) {
    const error = mensajeDeFallo(err)
    const espera = ESPERAS_MS[intento - 1]
    deps.log('no se pudo enviar la respuesta a una solicitud por correo', { solicitud: tomada.numero, intento, error })
    await deps.db
      .updateTable('solicitudes_derechos')
      .set(
        espera === undefined
          ? { correo_respuesta_estado: 'fallido', correo_respuesta_error: error, correo_respuesta_tomado_hasta: null }
          : {
              correo_respuesta_error: error,
              correo_respuesta_desde: new Date(deps.clock().getTime() + espera).toISOString(),
              correo_respuesta_tomado_hasta: null,
            },
      )
      .where('id', '=', id)
      .where('correo_respuesta_tomado_hasta', '=', plazo)
      .execute()
    return
  }
  await deps.db
    .updateTable('solicitudes_derechos')
    .set({
      correo_respuesta: null,
      correo_respuesta_estado: 'enviado',
      correo_respuesta_enviado_en: deps.clock().toISOString(),
      correo_respuesta_error: null,
      correo_respuesta_tomado_hasta: null,
    })
    .where('id', '=', id)
    .where('correo_respuesta_tomado_hasta', '=', plazo)
    .execute()
}

/**
 * The school tries a given-up e-mail again (the mail server is back, the address was fixed on its
 * side): it goes back to the queue with its tries counted from zero, and is sent at once.
 */
export async function reintentarRespuestaPorCorreo(
  deps: DependenciasRespuesta & Pick<Dependencias, 'segundoPlano'>,
  autor: Autor,
  id: string,
): Promise<{ error: string; status: 409 } | { ok: true }> {
  const hecho = await deps.db.transaction().execute(async (trx) => {
    const fila = await trx
      .updateTable('solicitudes_derechos')
      .set({
        correo_respuesta_estado: 'pendiente',
        correo_respuesta_intentos: 0,
        correo_respuesta_desde: autor.ahora.toISOString(),
      })
      .where('id', '=', id)
      .where('correo_respuesta_estado', '=', 'fallido')
      .returning(['numero', 'alumno_id'])
      .executeTakeFirst()
    if (!fila) return false
    await auditar(trx, autor, {
      accion: 'privacidad.reintentar-correo',
      entidad: 'solicitud-derecho',
      entidadId: id,
      alumnoId: fila.alumno_id,
      antes: { numeroSolicitud: fila.numero, correoRespuesta: 'fallido' },
      despues: { numeroSolicitud: fila.numero, correoRespuesta: 'pendiente' },
    })
    return true
  })
  if (!hecho) return { error: MENSAJE_CORREO_NO_FALLIDO, status: 409 }
  void deps.segundoPlano.lanzar('enviar la respuesta por correo', () => enviarRespuestasPorCorreo(deps, id))
  return { ok: true }
}

/** Where a request's answer e-mail stands, for the school; null when the answer went as a notice. */
export function correoRespuestaDe(f: SolicitudDerechoFila): CorreoRespuesta | null {
  if (!f.correo_respuesta_estado) return null
  const mensaje = f.correo_respuesta ? (JSON.parse(f.correo_respuesta) as Mensaje) : null
  return {
    estado: f.correo_respuesta_estado,
    para: mensaje?.to ?? null,
    intentos: f.correo_respuesta_intentos ?? 0,
    error: f.correo_respuesta_error,
    enviadoEn: f.correo_respuesta_enviado_en,
  }
}
