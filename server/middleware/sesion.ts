// Who is signed in: a student or a staff member (an actor), identified by an HttpOnly session
// cookie alone (README 'Conventions'). The token is random; the database keeps its SHA-256 and
// a sliding expiry. The two kinds never mix: staff endpoints live under /api/admin and read only
// the staff cookie (whose path is /api/admin, so a browser never sends it anywhere else), every
// other endpoint reads only the student's; each session row says whose it is, and a staff session
// acts only once its second factor was given.
import type { Context } from 'hono'
import { rechazar } from '../http/respuesta.ts'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { MENSAJE_SESION_EXPIRADA } from '../../src/domain/errores-api.ts'
import type { EntornoApp, Dependencias } from '../contexto.ts'
import type { Alumno, Personal, TipoActor } from '../db/schema.ts'
import type { Db } from '../db/connection.ts'
import { consultaPreparada } from '../db/consulta-preparada.ts'
import { hashearToken, nuevoToken, xsrfDeSesion } from '../seguridad/tokens.ts'
import { COOKIE_SESION, RUTA_COOKIE, tipoDeActor } from './actor.ts'
import { ponerCookieXsrf } from './xsrf.ts'

export type Actor =
  { tipo: 'alumno'; id: string; alumno: Alumno } | { tipo: 'personal'; id: string; personal: Personal }

/** Sliding expiry is written at most once a minute, not on every request. */
const RENOVAR_CADA_MS = 60_000

/** 'alumno:<id>' or 'personal:<id>': what keys an actor's idempotency records and throttles. */
export function claveDeActor(actor: Pick<Actor, 'tipo' | 'id'>): string {
  return `${actor.tipo}:${actor.id}`
}

function ttlMs(deps: Dependencias, tipo: TipoActor): number {
  return (tipo === 'personal' ? deps.config.adminSessionTtlHours : deps.config.sessionTtlHours) * 3_600_000
}

function ponerCookie(c: Context<EntornoApp>, tipo: TipoActor, token: string, maxAgeMs: number): void {
  setCookie(c, COOKIE_SESION[tipo], token, {
    path: RUTA_COOKIE[tipo],
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.deps.config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(maxAgeMs / 1000),
  })
}

/**
 * A new session for `actorId`, with its cookie and its bound XSRF token. A staff member's first
 * session is unverified (`verificada: false`) and short: it only lets them give the second factor.
 */
export async function iniciarSesion(
  c: Context<EntornoApp>,
  tipo: TipoActor,
  actorId: string,
  { verificada = true, duracionMs = ttlMs(c.var.deps, tipo) }: { verificada?: boolean; duracionMs?: number } = {},
): Promise<void> {
  const { db, clock } = c.var.deps
  const token = nuevoToken()
  const ahora = clock()
  await db
    .insertInto('sesiones')
    .values({
      token_hash: hashearToken(token),
      actor_tipo: tipo,
      actor_id: actorId,
      verificada: verificada ? 1 : 0,
      creada: ahora.toISOString(),
      expira: new Date(ahora.getTime() + duracionMs).toISOString(),
    })
    .execute()
  ponerCookie(c, tipo, token, duracionMs)
  // From now on only the token derived from this session passes the XSRF check.
  ponerCookieXsrf(c, xsrfDeSesion(token), tipo)
}

/** Ends the request's session (verified or not) of the kind its path carries. */
export async function cerrarSesion(c: Context<EntornoApp>): Promise<void> {
  const tipo = tipoDeActor(c.req.path)
  const token = getCookie(c, COOKIE_SESION[tipo])
  if (token) await c.var.deps.db.deleteFrom('sesiones').where('token_hash', '=', hashearToken(token)).execute()
  deleteCookie(c, COOKIE_SESION[tipo], { path: RUTA_COOKIE[tipo] })
}

/** The staff session waiting for its second factor, if the request carries one still valid. */
export async function sesionSinVerificar(c: Context<EntornoApp>) {
  const token = getCookie(c, COOKIE_SESION.personal)
  if (!token) return undefined
  const sesion = await c.var.deps.db
    .selectFrom('sesiones')
    .selectAll()
    .where('token_hash', '=', hashearToken(token))
    .where('actor_tipo', '=', 'personal')
    .where('verificada', '=', 0)
    .executeTakeFirst()
  return sesion && sesion.expira > c.var.deps.clock().toISOString() ? sesion : undefined
}

// On every request's path, built and compiled once (db/consulta-preparada.ts): a session and its
// actor in one read. The actor's row comes with two of the session's columns, named so no column
// of its own can collide with them, and is kept as it comes: copying it without them (a rest
// spread over every column) cost more on each request than the second query it saves.
const sesionConAlumno = consultaPreparada((db, tokenHash: string) =>
  db
    .selectFrom('sesiones')
    .innerJoin('alumnos', 'alumnos.id', 'sesiones.actor_id')
    .selectAll('alumnos')
    .select(['sesiones.expira as sesion_expira', 'sesiones.verificada as sesion_verificada'])
    .where('sesiones.token_hash', '=', tokenHash)
    .where('sesiones.actor_tipo', '=', 'alumno'),
)
const sesionConPersonal = consultaPreparada((db, tokenHash: string) =>
  db
    .selectFrom('sesiones')
    .innerJoin('personal', 'personal.id', 'sesiones.actor_id')
    .selectAll('personal')
    .select(['sesiones.expira as sesion_expira', 'sesiones.verificada as sesion_verificada'])
    .where('sesiones.token_hash', '=', tokenHash)
    .where('sesiones.actor_tipo', '=', 'personal'),
)

type SesionLeida = { expira: string; verificada: number; actor: Actor | undefined }

/** The session of that token, with its actor (none for a staff member no longer active). */
async function leerSesion(db: Db, tipo: TipoActor, tokenHash: string): Promise<SesionLeida | undefined> {
  if (tipo === 'alumno') {
    const [fila] = await sesionConAlumno(db, tokenHash)
    if (!fila) return undefined
    return {
      expira: fila.sesion_expira,
      verificada: fila.sesion_verificada,
      actor: { tipo, id: fila.id, alumno: fila },
    }
  }
  const [fila] = await sesionConPersonal(db, tokenHash)
  if (!fila) return undefined
  const actor = fila.activo === 1 ? { tipo, id: fila.id, personal: fila } : undefined
  return { expira: fila.sesion_expira, verificada: fila.sesion_verificada, actor }
}

export const cargarSesion = createMiddleware<EntornoApp>(async (c, next) => {
  c.set('actor', null)
  c.set('alumno', null)
  c.set('personal', null)
  c.set('sesionHash', null)
  const tipo = tipoDeActor(c.req.path)
  const token = getCookie(c, COOKIE_SESION[tipo])
  if (token) {
    const deps = c.get('deps')
    const ahora = deps.clock()
    const tokenHash = hashearToken(token)
    const sesion = await leerSesion(deps.db, tipo, tokenHash)
    if (sesion && sesion.expira > ahora.toISOString()) {
      const actor = sesion.verificada === 1 ? sesion.actor : undefined
      if (actor) {
        c.set('actor', actor)
        if (actor.tipo === 'alumno') c.set('alumno', actor.alumno)
        else c.set('personal', actor.personal)
        c.set('sesionHash', tokenHash)
        const nuevaExpira = ahora.getTime() + ttlMs(deps, tipo)
        if (nuevaExpira - Date.parse(sesion.expira) > RENOVAR_CADA_MS) {
          await deps.db
            .updateTable('sesiones')
            .set({ expira: new Date(nuevaExpira).toISOString() })
            .where('token_hash', '=', tokenHash)
            .execute()
          ponerCookie(c, tipo, token, ttlMs(deps, tipo))
        }
      }
    } else if (sesion) {
      await deps.db.deleteFrom('sesiones').where('token_hash', '=', tokenHash).execute()
    }
  }
  await next()
})

/** What a handler behind `requiereAlumno` can rely on: the student is there (`c.var.alumno`). */
type ConAlumno = { Variables: { alumno: Alumno } }

/** For endpoints that need a student: 401 with the 'Sesion Expirada' message otherwise. */
export const requiereAlumno = createMiddleware<EntornoApp & ConAlumno>(async (c, next) => {
  if (!c.get('alumno')) return rechazar(c, 401, MENSAJE_SESION_EXPIRADA)
  await next()
})
