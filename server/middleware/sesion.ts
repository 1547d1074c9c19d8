// The student is identified by the HttpOnly `portal_sesion` cookie alone (README 'Conventions').
// The token is random; the database keeps its SHA-256 and a sliding expiry.
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { MENSAJE_SESION_EXPIRADA } from '../../src/domain/errores-api.ts'
import type { EntornoApp, Dependencias } from '../contexto.ts'
import { consultaPreparada } from '../db/consulta-preparada.ts'
import { hashearToken, nuevoToken, xsrfDeSesion } from '../seguridad/tokens.ts'
import { ponerCookieXsrf } from './xsrf.ts'

export const SESION_COOKIE = 'portal_sesion'

/** Sliding expiry is written at most once a minute, not on every request. */
const RENOVAR_CADA_MS = 60_000

function ttlMs(deps: Dependencias): number {
  return deps.config.sessionTtlHours * 3_600_000
}

function ponerCookie(c: Context<EntornoApp>, token: string): void {
  setCookie(c, SESION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.deps.config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(ttlMs(c.var.deps) / 1000),
  })
}

export async function iniciarSesion(c: Context<EntornoApp>, alumnoId: string): Promise<void> {
  const { db, clock } = c.var.deps
  const token = nuevoToken()
  const ahora = clock()
  await db
    .insertInto('sesiones')
    .values({
      token_hash: hashearToken(token),
      alumno_id: alumnoId,
      creada: ahora.toISOString(),
      expira: new Date(ahora.getTime() + ttlMs(c.var.deps)).toISOString(),
    })
    .execute()
  ponerCookie(c, token)
  // From now on only the token derived from this session passes the XSRF check.
  ponerCookieXsrf(c, xsrfDeSesion(token))
}

export async function cerrarSesion(c: Context<EntornoApp>): Promise<void> {
  if (c.var.sesionHash) await c.var.deps.db.deleteFrom('sesiones').where('token_hash', '=', c.var.sesionHash).execute()
  deleteCookie(c, SESION_COOKIE, { path: '/' })
}

// Read on every request that carries the cookie: built and compiled once (consulta-preparada.ts).
const sesionPorHash = consultaPreparada((db, tokenHash: string) =>
  db.selectFrom('sesiones').selectAll().where('token_hash', '=', tokenHash),
)
const alumnoPorId = consultaPreparada((db, id: string) => db.selectFrom('alumnos').selectAll().where('id', '=', id))

export const cargarSesion = createMiddleware<EntornoApp>(async (c, next) => {
  c.set('alumno', null)
  c.set('sesionHash', null)
  const token = getCookie(c, SESION_COOKIE)
  if (token) {
    const { db, clock } = c.var.deps
    const ahora = clock()
    const tokenHash = hashearToken(token)
    const [sesion] = await sesionPorHash(db, tokenHash)
    if (sesion && sesion.expira > ahora.toISOString()) {
      const [alumno] = await alumnoPorId(db, sesion.alumno_id)
      if (alumno) {
        c.set('alumno', alumno)
        c.set('sesionHash', tokenHash)
        const nuevaExpira = ahora.getTime() + ttlMs(c.var.deps)
        if (nuevaExpira - Date.parse(sesion.expira) > RENOVAR_CADA_MS) {
          await db
            .updateTable('sesiones')
            .set({ expira: new Date(nuevaExpira).toISOString() })
            .where('token_hash', '=', tokenHash)
            .execute()
          ponerCookie(c, token)
        }
      }
    } else if (sesion) {
      await db.deleteFrom('sesiones').where('token_hash', '=', tokenHash).execute()
    }
  }
  await next()
})

/** For endpoints that need a student: 401 with the 'Sesion Expirada' message otherwise. */
export const requiereAlumno = createMiddleware<EntornoApp>(async (c, next) => {
  if (!c.var.alumno) return c.json({ error: MENSAJE_SESION_EXPIRADA }, 401)
  await next()
})
