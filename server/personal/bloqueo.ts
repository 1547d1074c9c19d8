// The staff sign-in's locks (the rule: src/domain/bloqueo-ingreso.ts). Every failed password and
// every refused code counts for the e-mail tried (whether or not it has an account, so a lock
// tells nothing about that) and for the address it came from. A lock refuses both steps of the
// sign-in, the right password and the right code included, until it ends or an admin lifts it.
// The failure's audit row, and the lock's when it set one, are written in the failure's own
// transaction; the account's owner is e-mailed once it committed.
import {
  mensajeCuentaPersonalBloqueada,
  mensajeDireccionBloqueada,
  minutosHasta,
} from '../../src/domain/bloqueo-ingreso.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../src/domain/fechas.ts'
import { URL_RECUPERAR_PASSWORD_PERSONAL } from '../../src/domain/urls.ts'
import type { Dependencias } from '../contexto.ts'
import type { Personal } from '../db/schema.ts'
import { bloqueoVigente, contarFallo, type Fallo } from '../seguridad/bloqueos.ts'
import { auditar } from './auditoria.ts'
import { escaparHtml } from '../html.ts'

/** A lock that refuses the sign-in: until when, and what to tell whoever tries. */
export type BloqueoIngreso = { hasta: string; mensaje: string }

function porDireccion(hasta: string, ahora: Date): BloqueoIngreso {
  return { hasta, mensaje: mensajeDireccionBloqueada(minutosHasta(hasta, ahora)) }
}

function porCuenta(hasta: string, ahora: Date): BloqueoIngreso {
  return { hasta, mensaje: mensajeCuentaPersonalBloqueada(minutosHasta(hasta, ahora)) }
}

/** The lock that refuses a sign-in of `email` from `ip` now: the address's first, then the e-mail's. */
export async function bloqueoDeIngreso(
  deps: Pick<Dependencias, 'db'>,
  email: string,
  ip: string,
  ahora: Date,
): Promise<BloqueoIngreso | null> {
  const direccion = await bloqueoVigente(deps.db, 'personal-ip', ip, ahora)
  if (direccion) return porDireccion(direccion, ahora)
  const cuenta = await bloqueoVigente(deps.db, 'personal', email, ahora)
  return cuenta ? porCuenta(cuenta, ahora) : null
}

export type IntentoFallido = {
  /** The e-mail tried, as the sign-in read it (lower-case). */
  email: string
  /** Its active account, when it has one. */
  personal: Personal | undefined
  /** A wrong password, or a refused code (which only comes after a right password). */
  tipo: 'contrasena' | 'codigo'
  ip: string
  ahora: Date
}

/**
 * Counts a failed attempt for the e-mail and the address, with its audit row. Returns the lock
 * that holds after it, if any (this failure may have set it), for the reply.
 */
export async function registrarIntentoFallido(
  deps: Dependencias,
  intento: IntentoFallido,
): Promise<BloqueoIngreso | null> {
  const { email, personal, tipo, ip, ahora } = intento
  const { bloqueos } = deps.config
  const autor = personal && { personal, ip, ahora }
  const { cuenta, direccion } = await deps.db.transaction().execute(async (trx) => {
    const cuenta = await contarFallo(trx, 'personal', email, bloqueos.personalCuenta, ahora)
    const direccion = await contarFallo(trx, 'personal-ip', ip, bloqueos.personalDireccion, ahora)
    if (autor) {
      await auditar(trx, autor, {
        accion: tipo === 'codigo' ? 'sesion.segundo-factor-fallido' : 'sesion.contrasena-incorrecta',
      })
      if (cuenta.bloqueoNuevo)
        await auditar(trx, autor, {
          accion: 'sesion.bloqueo',
          entidad: 'personal',
          entidadId: autor.personal.id,
          despues: {
            bloqueadaHasta: cuenta.bloqueadaHasta,
            intentosFallidos: bloqueos.personalCuenta.fallos,
            ultimoIntento: tipo === 'codigo' ? 'código' : 'contraseña',
          },
        })
      if (direccion.bloqueoNuevo)
        await auditar(trx, autor, {
          accion: 'sesion.bloqueo-red',
          despues: { direccion: ip, bloqueadaHasta: direccion.bloqueadaHasta },
        })
    }
    return { cuenta, direccion }
  })
  avisarBloqueos(deps, intento, cuenta, direccion)
  if (direccion.bloqueadaHasta) return porDireccion(direccion.bloqueadaHasta, ahora)
  if (cuenta.bloqueadaHasta) return porCuenta(cuenta.bloqueadaHasta, ahora)
  return null
}

/**
 * Each new lock in the log; an account's, to its owner by e-mail. Not awaited: the reply must not
 * take longer for an e-mail that has an account than for one that has not.
 */
function avisarBloqueos(deps: Dependencias, intento: IntentoFallido, cuenta: Fallo, direccion: Fallo): void {
  const { personal, tipo, ip, ahora } = intento
  if (direccion.bloqueoNuevo)
    deps.log('ingreso del personal bloqueado para una dirección', { ip, hasta: direccion.bloqueadaHasta })
  if (!cuenta.bloqueoNuevo) return
  deps.log('ingreso del personal bloqueado para un correo', { ip, hasta: cuenta.bloqueadaHasta, cuenta: !!personal })
  if (!personal || !cuenta.bloqueadaHasta) return
  const mensaje = correoBloqueo(deps, personal, { tipo, ip, ahora, hasta: new Date(cuenta.bloqueadaHasta) })
  void deps.segundoPlano.lanzar('enviar el aviso de bloqueo del personal', () =>
    deps.correo.enviar({ to: personal.email, ...mensaje }),
  )
}

/** The owner's e-mail: what happened, until when, and what to do if it was not them. */
function correoBloqueo(
  deps: Pick<Dependencias, 'config'>,
  personal: Pick<Personal, 'nombre'>,
  { tipo, ip, ahora, hasta }: { tipo: IntentoFallido['tipo']; ip: string; ahora: Date; hasta: Date },
) {
  const regla = deps.config.bloqueos.personalCuenta
  const minutosVentana = Math.round(regla.ventanaMs / 60_000)
  const cuando = `El ${fechaLarga(fechaEnChile(ahora))} a las ${horaEnChile(ahora)} (hora de Chile)`
  const parrafos = [
    `${cuando} bloqueamos el ingreso a su cuenta del área de la escuela del Portal del Estudiante: hubo ${regla.fallos} intentos fallidos en menos de ${minutosVentana} minutos. El último fue ${tipo === 'codigo' ? 'un código de verificación rechazado' : 'una contraseña incorrecta'}, desde la dirección ${ip}.`,
    `El ingreso se desbloqueará solo a las ${horaEnChile(hasta)}, o antes si un administrador de la escuela desbloquea su cuenta.`,
    tipo === 'codigo'
      ? 'El código de verificación solo se pide después de una contraseña correcta: quien lo intentó conoce su contraseña.'
      : `Si fue usted y no recuerda su contraseña, pida un enlace para crear una nueva en ${deps.config.publicUrl}${URL_RECUPERAR_PASSWORD_PERSONAL}: al crearla, el ingreso se desbloquea (su segundo factor no cambia).`,
    'Si no fue usted, pida a un administrador que reinicie su segundo factor: recibirá un enlace para crear una contraseña nueva y volver a activar la verificación en dos pasos.',
  ]
  const text = [`Hola ${personal.nombre}:`, '', ...parrafos.flatMap((p) => [p, ''])].join('\n').trimEnd()
  const html = [
    `<p>Hola ${escaparHtml(personal.nombre)}:</p>`,
    ...parrafos.map((p) => `<p>${escaparHtml(p)}</p>`),
  ].join('\n')
  return { subject: 'Bloqueamos el ingreso a su cuenta del área de la escuela', text, html }
}
