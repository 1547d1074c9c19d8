// A student's sign-in e-mail changed by an import or the CRM's API: the old address is told at
// once, so a change the student did not ask for does not go unnoticed (the address is what
// 'Olvidó su contraseña' writes to, so whoever holds it can take the account). The sessions and
// the unused links were ended when the change was written (`aplicar.ts`); a student who had not
// created a password yet gets the invitation again, at the new address.
import type { Dependencias } from '../contexto.ts'
import type { CorreoCambiado } from './aplicar.ts'
import { escaparHtml } from '../html.ts'
import { invitarAlumnos } from './invitacion.ts'
import { detalleDeError } from '../bitacora.ts'

/**
 * An address with most of its name hidden ('ma•••@ejemplo.cl'): the student recognises their own,
 * and the old address, which may no longer be theirs, is not handed the new one.
 */
export function correoEnmascarado(email: string): string {
  const arroba = email.lastIndexOf('@')
  const nombre = arroba > 0 ? email.slice(0, arroba) : email
  const dominio = arroba > 0 ? email.slice(arroba + 1) : ''
  return `${nombre.slice(0, nombre.length > 3 ? 2 : 1)}•••@${dominio}`
}

export function correoAvisoCambioCorreo(cambio: Pick<CorreoCambiado, 'nombres' | 'despues' | 'sinContrasena'>) {
  const nuevo = correoEnmascarado(cambio.despues)
  const parrafos = [
    `La escuela cambió el correo con que usted ingresa al Portal del Estudiante: desde ahora es ${nuevo}. Esta dirección ya no sirve para ingresar ni para recuperar la contraseña.`,
    cambio.sinContrasena
      ? 'El enlace para crear su contraseña se envió a la nueva dirección; los enviados antes a esta dejaron de funcionar.'
      : 'Su contraseña no cambió. Por seguridad se cerraron las sesiones abiertas de su cuenta y los enlaces para crear contraseña enviados antes a esta dirección dejaron de funcionar.',
    'Si usted no pidió este cambio, comuníquese de inmediato con la escuela para que lo revise.',
  ]
  const text = [`Hola ${cambio.nombres}:`, '', ...parrafos.flatMap((p, i) => (i ? ['', p] : [p]))].join('\n')
  const html = [`<p>Hola ${escaparHtml(cambio.nombres)}:</p>`, ...parrafos.map((p) => `<p>${escaparHtml(p)}</p>`)].join(
    '\n',
  )
  return { subject: 'Cambió el correo con que ingresa al Portal del Estudiante', text, html }
}

/**
 * Tells each old address (in the background, one message after another, as the invitations go; a
 * failure is logged) and invites again, at the new address, the students who had no password yet
 * (their links exist once this returns).
 */
export async function avisarCambiosDeCorreo(
  deps: Pick<Dependencias, 'db' | 'correo' | 'config' | 'clock' | 'log'>,
  cambios: readonly CorreoCambiado[],
): Promise<{ enviados: Promise<void> }> {
  const invitacion = await invitarAlumnos(
    deps,
    cambios.filter((c) => c.sinContrasena).map((c) => ({ alumnoId: c.alumnoId, email: c.despues, nombres: c.nombres })),
  )
  const avisos = (async () => {
    for (const cambio of cambios) {
      try {
        await deps.correo.enviar({ to: cambio.antes, ...correoAvisoCambioCorreo(cambio) })
      } catch (err) {
        deps.log(`error al avisar el cambio de correo de ${cambio.alumnoId}: ${detalleDeError(err)}`)
      }
    }
  })()
  return { enviados: Promise.all([invitacion.enviados, avisos]).then(() => undefined) }
}
