// The demo's staff, one per role and the two commercial assistants as themselves, so an
// assistant's narrower reach shows in the demo. All sign in with the demo password and a second
// factor already enrolled with one published secret, so anyone can add it to an authenticator
// app (or compute its codes) and try the school's side.
import type { Insertable } from 'kysely'
import type { RolPersonal } from '../../../src/domain/personal.ts'
import type { PersonalTable } from '../schema.ts'

/** Base32; the README prints it. Only ever for the demo accounts. */
export const DEMO_SECRETO_TOTP = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU'

export const DEMO_PERSONAL = {
  admin: 'admin@demo.cl',
  coordinacion: 'coordinacion@demo.cl',
  herrera: 'francisca.herrera@postgrado-demo.cl',
  munoz: 'tomas.munoz@postgrado-demo.cl',
  delegado: 'delegado@demo.cl',
} as const

function cuentaDemo(passwordHash: string, creado: string) {
  return (id: string, email: string, nombre: string, rol: RolPersonal, asistenteId: string | null) => ({
    id,
    email,
    nombre,
    rol,
    asistente_id: asistenteId,
    password_hash: passwordHash,
    totp_secreto: DEMO_SECRETO_TOTP,
    totp_confirmado_en: creado,
    totp_ultimo_paso: null,
    creado_en: creado,
  })
}

export function personalDemo(passwordHash: string, creado: string): Insertable<PersonalTable>[] {
  const cuenta = cuentaDemo(passwordHash, creado)
  return [
    cuenta('personal-admin', DEMO_PERSONAL.admin, 'Carolina Vidal Rojas', 'admin', null),
    cuenta('personal-coordinacion', DEMO_PERSONAL.coordinacion, 'Rodrigo Fuentes Lagos', 'coordinacion', null),
    cuenta('personal-herrera', DEMO_PERSONAL.herrera, 'Francisca Herrera Méndez', 'asistente', 'asistente-herrera'),
    cuenta('personal-munoz', DEMO_PERSONAL.munoz, 'Tomás Muñoz Araya', 'asistente', 'asistente-munoz'),
  ]
}

/** The data protection officer, seeded apart so a demo database made before the role gets it too. */
export function delegadoDemo(passwordHash: string, creado: string): Insertable<PersonalTable> {
  return cuentaDemo(passwordHash, creado)(
    'personal-delegado',
    DEMO_PERSONAL.delegado,
    'Ignacia Soto Valdés',
    'delegado',
    null,
  )
}
