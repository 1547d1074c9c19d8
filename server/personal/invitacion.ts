// Invitation links: how a staff account gets its password. The link carries a random token (the
// database keeps its SHA-256), valid for VIGENCIA_INVITACION_HORAS and once; using it is
// `usarEnlace` (./enlace-contrasena.ts). The first admin of a portal gets one from
// `npm run admin:crear`.
import { randomUUID } from 'node:crypto'
import type { Db } from '../db/connection.ts'
import type { Reloj } from '../contexto.ts'
import { hashearToken, nuevoToken } from '../seguridad/tokens.ts'
import { urlInvitacionPersonal } from '../../src/domain/urls.ts'
import { escaparHtml } from '../html.ts'

export const VIGENCIA_INVITACION_HORAS = 72

type Deps = { db: Db; clock: Reloj }

/** The address a new staff member opens to create their password. */
export function enlaceInvitacion(urlPublica: string, token: string): string {
  return `${urlPublica}${urlInvitacionPersonal(token)}`
}

export async function crearInvitacion({ db, clock }: Deps, personalId: string): Promise<string> {
  const token = nuevoToken()
  const ahora = clock()
  await db
    .insertInto('tokens_personal')
    .values({
      token_hash: hashearToken(token),
      personal_id: personalId,
      creado: ahora.toISOString(),
      expira: new Date(ahora.getTime() + VIGENCIA_INVITACION_HORAS * 3_600_000).toISOString(),
      usado: null,
    })
    .execute()
  return token
}

/** A new staff account, without a password yet: its invitation link sets one. */
export async function crearPersonal(
  { db, clock }: Deps,
  datos: { email: string; nombre: string; rol: string; asistenteId?: string | null },
): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('personal')
    .values({
      id,
      email: datos.email.toLowerCase(),
      nombre: datos.nombre,
      rol: datos.rol,
      asistente_id: datos.asistenteId ?? null,
      password_hash: null,
      totp_secreto: null,
      totp_confirmado_en: null,
      totp_ultimo_paso: null,
      creado_en: clock().toISOString(),
    })
    .execute()
  return id
}

/** Why a link is sent: a new account, or an account whose second factor was reset. */
export type MotivoInvitacion = 'nueva' | 'segundo-factor'

/** The e-mail that carries an invitation link: the same for a new account and for a reset one. */
export function correoInvitacion(nombre: string, enlace: string, motivo: MotivoInvitacion) {
  const motivoTexto =
    motivo === 'nueva'
      ? 'La escuela le creó una cuenta en el área de la escuela del Portal del Estudiante.'
      : 'La escuela reinició la verificación en dos pasos de su cuenta en el área de la escuela del Portal del Estudiante.'
  const pasos =
    'Abra este enlace para crear su contraseña; al ingresar por primera vez activará la verificación en dos pasos con una aplicación de autenticación.'
  const vigencia = `El enlace vale por ${VIGENCIA_INVITACION_HORAS} horas y se puede usar una sola vez.`
  const text = [`Hola ${nombre}:`, '', motivoTexto, pasos, vigencia, '', enlace].join('\n')
  const html = `<p>Hola ${escaparHtml(nombre)}:</p>
<p>${escaparHtml(motivoTexto)}</p>
<p>${escaparHtml(pasos)}</p>
<p><a href="${escaparHtml(enlace)}">Crear mi contraseña</a> (${escaparHtml(vigencia)})</p>`
  const subject =
    motivo === 'nueva'
      ? 'Su cuenta en el área de la escuela del Portal del Estudiante'
      : 'Vuelva a crear su contraseña y su verificación en dos pasos'
  return { subject, text, html }
}
