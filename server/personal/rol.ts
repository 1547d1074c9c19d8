// A staff member's role as the server reads it. The column `personal.rol` stays text: the database
// may hold a role this code no longer knows (an account left with a retired role keeps its session
// and can do nothing: admin-encuestas.test.ts), so the role is read here once, as the union of
// `src/domain/personal.ts` or null, and every check of what a role may do goes through these.
import {
  ALCANCE_DE_ROL,
  CAPACIDADES_DE_ROL,
  ETIQUETA_ROL,
  esRolPersonal,
  puede,
  type Capacidad,
  type RolPersonal,
} from '../../src/domain/personal.ts'
import type { Personal } from '../db/schema.ts'

type ConRol = Pick<Personal, 'rol'>

/** The role, when it is one of `ROLES_PERSONAL`; null for one this code does not know. */
export function rolDe(personal: ConRol): RolPersonal | null {
  return esRolPersonal(personal.rol) ? personal.rol : null
}

/** Whether this staff member's role may do `capacidad` (an unknown role may do nothing). */
export function personalPuede(personal: ConRol, capacidad: Capacidad): boolean {
  const rol = rolDe(personal)
  return rol !== null && puede(rol, capacidad)
}

/** Everything the role may do (nothing for an unknown role). */
export function capacidadesDe(personal: ConRol): readonly Capacidad[] {
  const rol = rolDe(personal)
  return rol ? CAPACIDADES_DE_ROL[rol] : []
}

/** Which students the role reaches: every one, its own, or none for an unknown role. */
export function alcanceDeRol(personal: ConRol): 'todos' | 'propios' | null {
  const rol = rolDe(personal)
  return rol ? ALCANCE_DE_ROL[rol] : null
}

/** A stored role's label ('Asistente comercial'); a role this code does not know, as stored. */
export function etiquetaDeRol(rol: string): string {
  return esRolPersonal(rol) ? ETIQUETA_ROL[rol] : rol
}
