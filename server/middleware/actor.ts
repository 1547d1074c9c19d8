// Whose session a request may carry, by its path, and the cookie each kind of actor's lives in:
// apart from sesion.ts so the XSRF middleware, which sesion.ts uses, can read it without a cycle.
import type { TipoActor } from '../db/schema.ts'

/** Where the staff's endpoints live: the only place a staff session is read. */
export const RUTA_API_ADMIN = '/api/admin'

export const COOKIE_SESION: Record<TipoActor, string> = { alumno: 'portal_sesion', personal: 'portal_personal' }
export const RUTA_COOKIE: Record<TipoActor, string> = { alumno: '/', personal: RUTA_API_ADMIN }

/** Whose session a request to `path` may carry. */
export function tipoDeActor(path: string): TipoActor {
  return path === RUTA_API_ADMIN || path.startsWith(`${RUTA_API_ADMIN}/`) ? 'personal' : 'alumno'
}
