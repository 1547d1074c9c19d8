// The durable scheduler of notice deliveries. The work lives in the database
// (`envios_notificacion`), so it survives a restart; every server runs this every few seconds, and
// each row is taken by one of them at a time through a lease written by a conditional update
// (`tomado_hasta`): of two servers updating the same row, the database lets one see it free. A
// server that dies mid-send leaves its lease to run out, and another takes the row then. A failed
// send is tried again later (1 min, 5 min, 30 min, 2 h, 6 h), and is given up after the sixth.
// Push waits for the end of the student's quiet hours; e-mail goes at once for the kinds that ask
// for it, otherwise in one daily digest per student at the configured hour in Chile.
//
// This is plain SQL on both engines on purpose: pg-boss and graphile-worker run only on PostgreSQL
// and need Node 22, and a lease by conditional update gives the same once-at-a-time on SQLite and
// PostgreSQL with no other moving part.
import { randomUUID } from 'node:crypto'
import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import {
  finDelSilencio,
  ultimoResumen,
  type MensajePush,
  type TipoNotificacion,
} from '../../src/domain/notificaciones.ts'
import { DETALLE_AVISO_BLOQUEADO, esAvisoDePrivacidad } from '../../src/domain/bloqueo-datos.ts'
import { mensajeDeFallo, type Log } from '../bitacora.ts'
import type { ConfigApp, Dependencias, Reloj } from '../contexto.ts'
import type { Correo } from '../correo.ts'
import type { Db } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'
import { correoDeAviso, correoResumen } from './correo-avisos.ts'
import { preferenciasDe } from './preferencias.ts'
import { DestinoNoPermitido, enviarPush, subscripcionDesaparecida, type ResolverDns } from './push.ts'
import { DETALLE_RETIRADO } from './retiro.ts'
import { clavesVapid } from './vapid.ts'

export type DependenciasAvisos = {
  db: Db
  clock: Reloj
  log: Log
  correo: Correo
  config: Pick<ConfigApp, 'publicUrl' | 'notificaciones'>
  /** How push services' names are resolved (tests answer for names with no DNS here). */
  resolverDns?: ResolverDns
}

/** Longer than a send with its 30-second timeout, per device. */
export const PLAZO_TOMA_MS = 2 * 60_000
/** The wait after the n-th failed try. */
export const ESPERAS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000]
export const MAX_INTENTOS = ESPERAS_MS.length + 1
/** Rows looked at per run; the rest wait for the next run, a few seconds later. */
const POR_RONDA = 50

type Envios = 'envios_notificacion'

type Filtro = (eb: ExpressionBuilder<Database, Envios>) => Expression<SqlBool>

function libre(ahora: string): Filtro {
  return (eb) =>
    eb.and([
      eb('estado', '=', 'pendiente'),
      eb('disponible_desde', '<=', ahora),
      eb.or([eb('tomado_hasta', 'is', null), eb('tomado_hasta', '<', ahora)]),
    ])
}

/**
 * Takes the free rows `filtro` selects for this run; answers those it got (maybe none). A row
 * whose notice was withdrawn meanwhile (it no longer applies) is closed unsent here.
 */
async function tomar(deps: DependenciasAvisos, ahora: Date, filtro: Filtro) {
  const token = randomUUID()
  await deps.db
    .updateTable('envios_notificacion')
    .set((eb) => ({
      tomado_por: token,
      tomado_hasta: new Date(ahora.getTime() + PLAZO_TOMA_MS).toISOString(),
      intentos: eb('intentos', '+', 1),
    }))
    .where(libre(ahora.toISOString()))
    .where(filtro)
    .execute()
  const filas = await deps.db
    .selectFrom('envios_notificacion as e')
    .innerJoin('notificaciones as n', 'n.id', 'e.notificacion_id')
    .innerJoin('alumnos as a', 'a.id', 'e.alumno_id')
    .select([
      'e.id',
      'e.alumno_id',
      'e.canal',
      'e.intentos',
      'e.entregado_a',
      'n.id as notificacion_id',
      'n.tipo',
      'n.tema',
      'n.titulo',
      'n.cuerpo',
      'n.ruta',
      'n.retirada_en',
      'a.email',
      'a.nombres',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('bloqueos_datos as b')
            .select('b.id')
            .whereRef('b.alumno_id', '=', 'e.alumno_id')
            .where('b.levantado_en', 'is', null),
        )
        .as('bloqueado'),
    )
    .where('e.tomado_por', '=', token)
    .where('e.estado', '=', 'pendiente')
    .orderBy('n.creada_en')
    .execute()
  const retiradas = filas.filter((f) => f.retirada_en !== null).map((f) => f.id)
  await cerrar(deps, token, retiradas, { estado: 'omitido', detalle: DETALLE_RETIRADO })
  // Queued before the student's data was blocked: nothing goes out but their privacy requests'.
  const retenida = (f: (typeof filas)[number]) =>
    f.retirada_en === null && Boolean(f.bloqueado) && !esAvisoDePrivacidad(f.tipo)
  await cerrar(
    deps,
    token,
    filas.filter(retenida).map((f) => f.id),
    { estado: 'omitido', detalle: DETALLE_AVISO_BLOQUEADO },
  )
  return { token, filas: filas.filter((f) => f.retirada_en === null && !retenida(f)) }
}

type Tomada = Awaited<ReturnType<typeof tomar>>['filas'][number]

/** Settles rows this run holds; a row whose lease ran out and another run took is left alone. */
async function cerrar(
  deps: DependenciasAvisos,
  token: string,
  ids: string[],
  valores: Partial<{
    estado: 'pendiente' | 'enviado' | 'omitido' | 'fallido'
    enviado_en: string
    detalle: string
    ultimo_error: string
    disponible_desde: string
    entregado_a: string
  }>,
  devolverIntento = false,
) {
  if (ids.length === 0) return
  await deps.db
    .updateTable('envios_notificacion')
    .set((eb) => ({ ...valores, tomado_hasta: null, ...(devolverIntento ? { intentos: eb('intentos', '-', 1) } : {}) }))
    .where('id', 'in', ids)
    .where('tomado_por', '=', token)
    .execute()
}

async function fallo(deps: DependenciasAvisos, token: string, filas: Tomada[], error: string, extra = {}) {
  const ahora = deps.clock().getTime()
  for (const fila of filas) {
    const espera = ESPERAS_MS[fila.intentos - 1]
    deps.log('no se pudo enviar un aviso', { canal: fila.canal, envio: fila.id, intento: fila.intentos, error })
    await cerrar(
      deps,
      token,
      [fila.id],
      espera === undefined
        ? { estado: 'fallido', ultimo_error: error, ...extra }
        : { ultimo_error: error, disponible_desde: new Date(ahora + espera).toISOString(), ...extra },
    )
  }
}

function avisoDe(fila: Tomada): MensajePush {
  return { id: fila.notificacion_id, titulo: fila.titulo, cuerpo: fila.cuerpo, ruta: fila.ruta }
}

async function entregarPush(deps: DependenciasAvisos, token: string, fila: Tomada): Promise<void> {
  const { db, config } = deps
  const ahora = deps.clock()
  const { canales, silencio } = await preferenciasDe(db, fila.alumno_id, config.notificaciones.silencio)
  if (!canales[fila.tipo as TipoNotificacion].push)
    return cerrar(deps, token, [fila.id], { estado: 'omitido', detalle: 'El estudiante desactivó este aviso.' })
  const fin = finDelSilencio(ahora, silencio ?? config.notificaciones.silencio)
  if (fin > ahora)
    return cerrar(deps, token, [fila.id], { disponible_desde: fin.toISOString() }, /* devolverIntento */ true)

  const dispositivos = await db
    .selectFrom('suscripciones_push')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('alumno_id', '=', fila.alumno_id)
    .execute()
  const entregados = JSON.parse(fila.entregado_a ?? '[]') as string[]
  const vapid = await clavesVapid(db, config.notificaciones, ahora)
  const errores: string[] = []
  let eliminadas = 0
  let rechazadas = 0
  const quitar = (id: string) => db.deleteFrom('suscripciones_push').where('id', '=', id).execute()
  for (const d of dispositivos.filter((d) => !entregados.includes(d.id))) {
    try {
      const status = await enviarPush(d, avisoDe(fila), {
        vapid,
        tema: fila.tema,
        publicUrl: config.publicUrl,
        resolver: deps.resolverDns,
      })
      if (status >= 200 && status < 300) entregados.push(d.id)
      else if (subscripcionDesaparecida(status)) {
        // The push service says this device is gone for good (uninstalled, permission revoked).
        await quitar(d.id)
        eliminadas++
      } else if (status >= 300 && status < 400)
        errores.push(`el servicio de push respondió ${status} (una redirección, que no se sigue)`)
      else errores.push(`el servicio de push respondió ${status}`)
    } catch (err) {
      if (err instanceof DestinoNoPermitido) {
        // Its address now leads inside (accepted when it subscribed, its name answers otherwise
        // today): nothing was sent, and nothing will be.
        deps.log('suscripción push eliminada: su dirección no está permitida', {
          suscripcion: d.id,
          motivo: err.message,
        })
        await quitar(d.id)
        rechazadas++
      } else errores.push(mensajeDeFallo(err))
    }
  }
  const entregado_a = JSON.stringify(entregados)
  if (errores.length > 0) return fallo(deps, token, [fila], errores.join('; '), { entregado_a })
  const borradas =
    (eliminadas > 0 ? ` ${eliminadas} suscripción(es) ya no existía(n) y se eliminaron.` : '') +
    (rechazadas > 0 ? ` ${rechazadas} suscripción(es) apuntaba(n) a una dirección no permitida y se eliminaron.` : '')
  if (entregados.length === 0)
    return cerrar(deps, token, [fila.id], {
      estado: 'omitido',
      entregado_a,
      detalle: `Ningún dispositivo con avisos activados.${borradas}`,
    })
  await cerrar(deps, token, [fila.id], {
    estado: 'enviado',
    enviado_en: deps.clock().toISOString(),
    entregado_a,
    detalle: `${entregados.length === 1 ? '1 dispositivo' : `${entregados.length} dispositivos`}.${borradas}`,
  })
}

/** One e-mail: the notice alone, or the day's digest of several. */
async function entregarCorreo(deps: DependenciasAvisos, token: string, filas: Tomada[], resumen: boolean) {
  const [primera] = filas
  if (!primera) return
  const { canales } = await preferenciasDe(deps.db, primera.alumno_id)
  const quiere = filas.filter((f) => canales[f.tipo as TipoNotificacion].correo)
  const apagadas = filas.filter((f) => !quiere.includes(f)).map((f) => f.id)
  await cerrar(deps, token, apagadas, { estado: 'omitido', detalle: 'El estudiante desactivó este aviso.' })
  if (quiere.length === 0) return
  const para = { email: primera.email, nombre: primera.nombres }
  const urlBase = deps.config.publicUrl
  const mensaje = resumen
    ? correoResumen(para, quiere.map(avisoDe), urlBase)
    : correoDeAviso(para, avisoDe(primera), urlBase)
  try {
    await deps.correo.enviar(mensaje)
  } catch (err) {
    return fallo(deps, token, quiere, mensajeDeFallo(err))
  }
  await cerrar(
    deps,
    token,
    quiere.map((f) => f.id),
    {
      estado: 'enviado',
      enviado_en: deps.clock().toISOString(),
      detalle: resumen ? `Resumen diario de ${quiere.length}.` : 'Al momento.',
    },
  )
}

/** One run: every delivery due now, each taken by this server alone. */
export async function enviarPendientes(deps: DependenciasAvisos): Promise<void> {
  await enviarInmediatos(deps)
  await enviarResumenes(deps)
}

/**
 * Sends at once, without waiting for the next run, what a change just queued (the school's
 * decision on a document): not awaited, so the staff's reply does not wait for the mail server or a push
 * service. Each delivery is still taken by lease, so a run of the scheduler meanwhile sends none twice.
 */
export function despacharAhora(deps: DependenciasAvisos & Pick<Dependencias, 'segundoPlano'>): void {
  void deps.segundoPlano.lanzar('enviar avisos', () => enviarInmediatos(deps))
}

/**
 * `despacharAhora` once `ms` have passed: for deliveries held back a short while (a rejection the
 * reviewer may still undo). Only a nudge, kept by this process alone: if it dies meanwhile, the
 * regular run of any server sends them, a few seconds later.
 */
export function despacharTras(deps: DependenciasAvisos & Pick<Dependencias, 'segundoPlano'>, ms: number): void {
  deps.segundoPlano.tras(ms, 'enviar avisos', () => enviarInmediatos(deps))
}

async function enviarInmediatos(deps: DependenciasAvisos): Promise<void> {
  const ahora = deps.clock()
  const momento = ahora.toISOString()
  const sueltos = await deps.db
    .selectFrom('envios_notificacion')
    .select('id')
    .where(libre(momento))
    .where((eb) => eb.or([eb('canal', '=', 'push'), eb('modo', '=', 'inmediato')]))
    .orderBy('disponible_desde')
    .limit(POR_RONDA)
    .execute()
  for (const { id } of sueltos) {
    const { token, filas } = await tomar(deps, ahora, (eb) => eb('id', '=', id))
    const [fila] = filas
    if (!fila) continue
    if (fila.canal === 'push') await entregarPush(deps, token, fila)
    else await entregarCorreo(deps, token, [fila], false)
  }
}

// The digest gathers what was made before the latest digest hour; all of a student's rows are
// taken by one update, so two servers never split one student's digest.
async function enviarResumenes(deps: DependenciasAvisos): Promise<void> {
  const { db, config } = deps
  const ahora = deps.clock()
  const momento = ahora.toISOString()
  const corte = ultimoResumen(ahora, config.notificaciones.resumenHora).toISOString()
  const delResumen: Filtro = (eb) =>
    eb.and([eb('canal', '=', 'correo'), eb('modo', '=', 'resumen'), eb('creado_en', '<', corte)])
  const alumnos = await db
    .selectFrom('envios_notificacion')
    .select('alumno_id')
    .distinct()
    .where(libre(momento))
    .where(delResumen)
    .limit(POR_RONDA)
    .execute()
  for (const { alumno_id } of alumnos) {
    const { token, filas } = await tomar(deps, ahora, (eb) => eb.and([eb('alumno_id', '=', alumno_id), delResumen(eb)]))
    await entregarCorreo(deps, token, filas, true)
  }
}
