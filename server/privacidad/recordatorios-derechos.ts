// Reminders to the school before a rights request falls due: 3 days and 1 day before its deadline
// (Chile's calendar), by e-mail to every active staff member whose role may answer requests. The
// check runs on every server; a reminder is one row per request, deadline and day (its primary
// key), so it is made once whichever server gets there first, and a new deadline after an
// extension gets reminders of its own. The rows are sent as the notices' deliveries are: each
// taken by a lease written with a conditional update, retried later when the mail server fails.
import { randomUUID } from 'node:crypto'
import { DERECHO, DIAS_RECORDATORIO_PLAZO, diasRestantes } from '../../src/domain/derechos.ts'
import { fechaLarga } from '../../src/domain/fechas.ts'
import { CAPACIDADES_DE_ROL, ROLES_PERSONAL } from '../../src/domain/personal.ts'
import { mensajeDeFallo, type Log } from '../bitacora.ts'
import type { ConfigApp, Reloj } from '../contexto.ts'
import type { Correo } from '../correo.ts'
import type { Db } from '../db/connection.ts'
import { escaparHtml } from '../html.ts'

export type DependenciasRecordatorios = {
  db: Db
  clock: Reloj
  log: Log
  correo: Correo
  config: Pick<ConfigApp, 'publicUrl'>
}

const PLAZO_TOMA_MS = 2 * 60_000
const ESPERAS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000]

/** Which reminder is due for a request with `restantes` days left (null: none yet). */
export function recordatorioQueCorresponde(restantes: number): number | null {
  const [tres, uno] = DIAS_RECORDATORIO_PLAZO
  if (restantes <= uno) return uno
  if (restantes <= tres) return tres
  return null
}

/** Makes the reminders due now (each once), then sends those waiting. */
export async function revisarPlazosDerechos(deps: DependenciasRecordatorios): Promise<void> {
  const ahora = deps.clock()
  const abiertas = await deps.db
    .selectFrom('solicitudes_derechos')
    .select(['id', 'plazo'])
    .where('estado', '=', 'recibida')
    .execute()
  for (const s of abiertas) {
    const dias = recordatorioQueCorresponde(diasRestantes(s.plazo, ahora))
    if (dias === null) continue
    await deps.db
      .insertInto('recordatorios_derechos')
      .values({
        solicitud_id: s.id,
        plazo: s.plazo,
        dias,
        estado: 'pendiente',
        creado_en: ahora.toISOString(),
        disponible_desde: ahora.toISOString(),
        tomado_por: null,
        tomado_hasta: null,
        enviado_en: null,
        ultimo_error: null,
      })
      .onConflict((oc) => oc.columns(['solicitud_id', 'plazo', 'dias']).doNothing())
      .execute()
  }
  await enviarRecordatorios(deps)
}

/** The roles that may answer requests. */
function rolesQueResponden(): string[] {
  return ROLES_PERSONAL.filter((rol) => CAPACIDADES_DE_ROL[rol].includes('privacidad.gestionar'))
}

async function enviarRecordatorios(deps: DependenciasRecordatorios): Promise<void> {
  const { db } = deps
  const ahora = deps.clock()
  const momento = ahora.toISOString()
  const token = randomUUID()
  await db
    .updateTable('recordatorios_derechos')
    .set((eb) => ({
      tomado_por: token,
      tomado_hasta: new Date(ahora.getTime() + PLAZO_TOMA_MS).toISOString(),
      intentos: eb('intentos', '+', 1),
    }))
    .where('estado', '=', 'pendiente')
    .where('disponible_desde', '<=', momento)
    .where((eb) => eb.or([eb('tomado_hasta', 'is', null), eb('tomado_hasta', '<', momento)]))
    .execute()
  const tomados = await db
    .selectFrom('recordatorios_derechos as r')
    .innerJoin('solicitudes_derechos as s', 's.id', 'r.solicitud_id')
    .select(['r.solicitud_id', 'r.plazo', 'r.dias', 'r.intentos', 's.numero', 's.derecho', 's.estado'])
    .where('r.tomado_por', '=', token)
    .where('r.estado', '=', 'pendiente')
    .execute()
  if (tomados.length === 0) return
  const destinatarios = await db
    .selectFrom('personal')
    .select(['email', 'nombre'])
    .where('rol', 'in', rolesQueResponden())
    .where('activo', '=', 1)
    .execute()
  for (const r of tomados) {
    const donde = db
      .updateTable('recordatorios_derechos')
      .where('solicitud_id', '=', r.solicitud_id)
      .where('plazo', '=', r.plazo)
      .where('dias', '=', r.dias)
      .where('tomado_por', '=', token)
    if (r.estado !== 'recibida') {
      await donde.set({ estado: 'omitido', tomado_hasta: null }).execute()
      continue
    }
    const asunto = `Solicitud N° ${r.numero} (${DERECHO[r.derecho].nombre.toLowerCase()}): vence ${
      r.dias === 1 ? 'mañana' : `en ${r.dias} días`
    }`
    const enlace = `${deps.config.publicUrl}/admin/privacidad`
    const texto =
      `La solicitud N° ${r.numero} de ${DERECHO[r.derecho].nombre.toLowerCase()} debe responderse a más tardar el ` +
      `${fechaLarga(r.plazo)}. Respóndala en ${enlace}. Responder tarde es una infracción a la Ley 19.628.`
    try {
      for (const d of destinatarios)
        await deps.correo.enviar({
          to: d.email,
          subject: asunto,
          text: `Hola ${d.nombre}:\n\n${texto}\n`,
          html: `<p>Hola ${escaparHtml(d.nombre)}:</p><p>${escaparHtml(texto)}</p>`,
        })
      await donde.set({ estado: 'enviado', enviado_en: deps.clock().toISOString(), tomado_hasta: null }).execute()
    } catch (err) {
      const error = mensajeDeFallo(err)
      deps.log('no se pudo enviar un recordatorio de plazo', { solicitud: r.solicitud_id, intento: r.intentos, error })
      const espera = ESPERAS_MS[r.intentos - 1]
      await donde
        .set(
          espera === undefined
            ? { estado: 'fallido', ultimo_error: error, tomado_hasta: null }
            : {
                ultimo_error: error,
                tomado_hasta: null,
                disponible_desde: new Date(ahora.getTime() + espera).toISOString(),
              },
        )
        .execute()
    }
  }
}
