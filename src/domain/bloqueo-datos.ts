import * as v from 'valibot'
import { sinCaracteresInvisibles } from './validacion.ts'

// Blocking a student's data (Ley 19.628 as amended by Ley 21.719, art. 8: a temporary stop of
// processing, the data kept). While a block is in force: the CRM API does not return the student,
// no reminder, push or e-mail goes out except about their privacy requests, and the school's
// staff read but cannot change anything of theirs. The server enforces each; these are the words.

export const MAX_MOTIVO_BLOQUEO = 500

export const MENSAJE_MOTIVO_BLOQUEO = 'Indique el motivo del bloqueo.'
export const MENSAJE_MOTIVO_LEVANTAR = 'Indique por qué se levanta el bloqueo.'
export const MENSAJE_YA_BLOQUEADO = 'Los datos de este estudiante ya están bloqueados.'
export const MENSAJE_SIN_BLOQUEO = 'Los datos de este estudiante no están bloqueados.'

/** Why staff cannot change a blocked student's data (the server's refusal, the screen's reason). */
export const MENSAJE_ALUMNO_BLOQUEADO =
  'Los datos de este estudiante están bloqueados a su pedido: no se pueden modificar mientras el bloqueo esté vigente.'

/** The CRM API's answer when it asks for a blocked student by name. */
export const MENSAJE_BLOQUEADO_INTEGRACION =
  'Los datos de este estudiante están bloqueados (Ley 19.628, art. 8) y no se entregan mientras el bloqueo esté vigente.'

/**
 * The notices a block lets through: those about the student's own privacy requests. A notice kind
 * whose name starts with 'privacidad-' (e.g. 'privacidad-solicitud') is one of them; every other
 * kind (reminders, payments, documents…) is held back while the block is in force.
 */
export const PREFIJO_AVISO_PRIVACIDAD = 'privacidad-'

export function esAvisoDePrivacidad(tipo: string): boolean {
  // A security incident that touched their data is told to the affected people by law (art. 14
  // sexies), whether or not they asked to block their data.
  return tipo.startsWith(PREFIJO_AVISO_PRIVACIDAD) || tipo === 'incidente-seguridad'
}

/** Why a queued delivery was closed unsent (the staff's history of notices shows it). */
export const DETALLE_AVISO_BLOQUEADO = 'No enviado: los datos del estudiante están bloqueados.'

const motivo = (mensaje: string) =>
  v.pipe(
    v.string(mensaje),
    v.trim(),
    sinCaracteresInvisibles(),
    v.minLength(1, mensaje),
    v.maxLength(MAX_MOTIVO_BLOQUEO, `Máximo ${MAX_MOTIVO_BLOQUEO} caracteres`),
  )

/** POST /api/admin/alumnos/:id/bloqueo: an admin blocks directly, with the reason. */
export const bloquearSchema = v.object({ motivo: motivo(MENSAJE_MOTIVO_BLOQUEO) })
/** DELETE /api/admin/alumnos/:id/bloqueo: lifting it, with the reason. */
export const levantarBloqueoSchema = v.object({ motivo: motivo(MENSAJE_MOTIVO_LEVANTAR) })

/** A block as the staff's page shows it. */
export type BloqueoVigente = { desde: string; motivo: string }
