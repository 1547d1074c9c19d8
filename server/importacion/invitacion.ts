// Students created by an import (or by the CRM's API) have no password: each gets an e-mail whose
// link creates it through the students' own password flow (/?recoverpass=…, the same token
// table, single use). The link lasts longer than a reset link, since a student may read the
// invitation days later; asking for a new one is the ordinary "forgot my password".
import type { Dependencias } from '../contexto.ts'
import { hashearToken, nuevoToken } from '../seguridad/tokens.ts'
import type { AlumnoInvitado } from './aplicar.ts'
import { escaparHtml } from '../html.ts'
import { detalleDeError } from '../bitacora.ts'

export const VIGENCIA_INVITACION_ALUMNO_DIAS = 14

export function correoInvitacionAlumno(nombres: string, enlace: string) {
  const vigencia = `El enlace vale por ${VIGENCIA_INVITACION_ALUMNO_DIAS} días y se puede usar una sola vez; si vence, use «¿Olvidó su contraseña?» en la página de ingreso.`
  const text = [
    `Hola ${nombres}:`,
    '',
    'La escuela registró su inscripción en el Portal del Estudiante, donde podrá seguir sus solicitudes, subir documentos, pagar y descargar sus certificados.',
    'Para ingresar por primera vez, cree su contraseña en este enlace:',
    '',
    enlace,
    '',
    vigencia,
  ].join('\n')
  const html = `<p>Hola ${escaparHtml(nombres)}:</p>
<p>La escuela registró su inscripción en el Portal del Estudiante, donde podrá seguir sus solicitudes, subir documentos, pagar y descargar sus certificados.</p>
<p><a href="${escaparHtml(enlace)}">Crear mi contraseña</a></p>
<p>${escaparHtml(vigencia)}</p>`
  return { subject: 'Bienvenido al Portal del Estudiante: cree su contraseña', text, html }
}

/**
 * Creates each student's link (awaited: once this returns, every link is valid) and sends the
 * e-mails one after another in the background, so a large import's reply does not wait for the
 * mail server; a failed message is logged and the student can still ask for a reset link.
 */
export async function invitarAlumnos(
  deps: Pick<Dependencias, 'db' | 'correo' | 'config' | 'clock' | 'log'>,
  alumnos: readonly AlumnoInvitado[],
): Promise<{ enviados: Promise<void> }> {
  const ahora = deps.clock()
  const expira = new Date(ahora.getTime() + VIGENCIA_INVITACION_ALUMNO_DIAS * 86_400_000).toISOString()
  const invitaciones = alumnos.map((alumno) => ({ alumno, token: nuevoToken() }))
  for (let i = 0; i < invitaciones.length; i += 500) {
    await deps.db
      .insertInto('tokens_recuperacion')
      .values(
        invitaciones.slice(i, i + 500).map(({ alumno, token }) => ({
          token_hash: hashearToken(token),
          alumno_id: alumno.alumnoId,
          creado: ahora.toISOString(),
          expira,
          usado: null,
        })),
      )
      .execute()
  }
  const enviados = (async () => {
    for (const { alumno, token } of invitaciones) {
      const enlace = `${deps.config.publicUrl}/?recoverpass=${encodeURIComponent(token)}`
      try {
        await deps.correo.enviar({ to: alumno.email, ...correoInvitacionAlumno(alumno.nombres, enlace) })
      } catch (err) {
        deps.log(`error al enviar la invitación de ${alumno.alumnoId}: ${detalleDeError(err)}`)
      }
    }
  })()
  return { enviados }
}
