// What every portal needs besides the reference tables, demo or not: the portal's own account
// as a commercial assistant, which owns every applicant who registers from a contest link until
// an assistant takes them (and whose students see no assistant block on the home page).
import type { Insertable } from 'kysely'
import type { AsistentesTable } from '../schema.ts'

export const ASISTENTE_PORTAL_ID = 'asistente-portal'

export function asistentePortal(serviceAccountEmail: string): Insertable<AsistentesTable> {
  return {
    id: ASISTENTE_PORTAL_ID,
    nombre: 'Portal del Estudiante',
    telefono: '+56 2 2978 1000',
    email: serviceAccountEmail,
  }
}
