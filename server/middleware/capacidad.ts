// Every admin endpoint says what it needs: a verified staff session (401 otherwise) whose role
// has the capability (403 otherwise). The table of roles and capabilities is the shared one in
// src/domain/personal.ts; the screens read the same table to hide what a role cannot do.
import { createMiddleware } from 'hono/factory'
import { rechazar } from '../http/respuesta.ts'
import { MENSAJE_SESION_PERSONAL_EXPIRADA, MENSAJE_SIN_PERMISO, type Capacidad } from '../../src/domain/personal.ts'
import { personalPuede } from '../personal/rol.ts'
import type { EntornoApp } from '../contexto.ts'
import type { Personal } from '../db/schema.ts'

/** What a handler behind `requierePersonal` or `requiereCapacidad` can rely on. */
type ConPersonal = { Variables: { personal: Personal } }

/** Any signed-in staff member. */
export const requierePersonal = createMiddleware<EntornoApp & ConPersonal>(async (c, next) => {
  if (!c.var.personal) return rechazar(c, 401, MENSAJE_SESION_PERSONAL_EXPIRADA)
  await next()
})

export function requiereCapacidad(capacidad: Capacidad) {
  return createMiddleware<EntornoApp & ConPersonal>(async (c, next) => {
    const personal = c.var.personal
    if (!personal) return rechazar(c, 401, MENSAJE_SESION_PERSONAL_EXPIRADA)
    if (!personalPuede(personal, capacidad)) return rechazar(c, 403, MENSAJE_SIN_PERMISO)
    await next()
  })
}
