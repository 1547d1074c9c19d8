// Staff sign-in, mounted at /api/admin/auth: the password (answered the same whether or not the
// account exists), then the second factor's code. The password opens only an unverified session
// of 5 minutes and 5 codes; the right code replaces it with a new, verified one (a new token:
// nothing learnt before the code is worth anything after). Failed passwords and codes are counted
// per e-mail and per address across sign-ins, and too many lock the sign-in (personal/bloqueo.ts),
// so a stolen password does not buy unlimited guesses at the code. An account without a confirmed
// second factor is shown its secret and QR after the password, and confirms it with its first
// code. A new account creates its password from an invitation link; a member who forgot theirs
// asks for a reset link by e-mail (personal/restablecer.ts), which changes the password only:
// the sign-in afterwards still asks for the code.
import { Hono, type Context } from 'hono'
import QRCode from 'qrcode'
import { loginSchema, solicitudRecuperacionSchema, verificarTokenSchema } from '../../../src/domain/ingreso.ts'
import { crearPasswordSchema } from '../../../src/domain/password.ts'
import {
  codigoSegundoFactorSchema,
  MENSAJE_CODIGO_INVALIDO,
  MENSAJE_CREDENCIALES_PERSONAL,
  MENSAJE_INGRESO_VENCIDO,
  MENSAJE_CONTRASENA_RESTABLECIDA,
  MENSAJE_INVITACION_INVALIDA,
  MENSAJE_RESTABLECIMIENTO_INVALIDO,
  MENSAJE_RESTABLECIMIENTO_SOLICITADO,
} from '../../../src/domain/personal.ts'
import type { EntornoApp } from '../../contexto.ts'
import { declarar } from '../../middleware/declaracion.ts'
import type { Personal } from '../../db/schema.ts'
import { agotado, contar, respuestaLimite } from '../../middleware/limites.ts'
import { cerrarSesion, iniciarSesion, sesionSinVerificar } from '../../middleware/sesion.ts'
import { auditar } from '../../personal/auditoria.ts'
import { bloqueoDeIngreso, registrarIntentoFallido, type BloqueoIngreso } from '../../personal/bloqueo.ts'
import { enlaceVigente, usarEnlace } from '../../personal/enlace-contrasena.ts'
import { solicitarRestablecimiento, usarRestablecimiento } from '../../personal/restablecer.ts'
import { nuevoSecreto, pasoDelCodigo, uriDeEnrolamiento } from '../../personal/totp.ts'
import { olvidarFallos } from '../../seguridad/bloqueos.ts'
import { hashDeRelleno, hashearPassword, verificarPassword } from '../../seguridad/password.ts'
import { cuerpoJson } from '../validacion.ts'
import { rechazar } from '../../http/respuesta.ts'

/** The password opens this much time to give the code… */
const VIGENCIA_INGRESO_MS = 5 * 60_000
/** …and this many codes. */
const MAXIMO_CODIGOS = 5

export const MENSAJE_CONTRASENA_CREADA = 'Su contraseña fue creada. Ya puede ingresar al área de la escuela.'

function autor(c: Context<EntornoApp>, personal: Personal) {
  return { personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

/** 429 with Retry-After until the lock ends, and the lock's own message. */
function rechazarBloqueo(c: Context<EntornoApp>, bloqueo: BloqueoIngreso) {
  const segundos = Math.ceil((Date.parse(bloqueo.hasta) - c.var.deps.clock().getTime()) / 1000)
  c.header('Retry-After', String(Math.max(1, segundos)))
  return rechazar(c, 429, bloqueo.mensaje)
}

/**
 * Invitation and reset links refused per IP, like the students' reset links: one count for both,
 * so alternating the two endpoints buys no more guesses.
 */
async function enlacesRechazados(c: Context<EntornoApp>, contarUna: boolean) {
  const { db, config, clock } = c.var.deps
  const clave = `personal-invitacion-ip:${c.var.ip}`
  return contarUna
    ? contar(db, clave, config.limites.recuperacionTokenIp, clock())
    : agotado(db, clave, config.limites.recuperacionTokenIp, clock())
}

export const rutasAuthPersonal = new Hono<EntornoApp>()
  // Each of these creates or ends a session or a credential: never replayed from a stored reply.
  .use(declarar({ idempotente: false }))
  .post('/ingreso', cuerpoJson(loginSchema), async (c) => {
    const deps = c.var.deps
    const { db, clock } = deps
    const { email, password } = c.req.valid('json')
    const ahora = clock()
    // Locked (this address, or this e-mail whether or not it has an account): refused before the
    // password is even checked, so the right one gets no further than a wrong one.
    const bloqueo = await bloqueoDeIngreso(deps, email, c.var.ip, ahora)
    if (bloqueo) return rechazarBloqueo(c, bloqueo)

    const personal = await db
      .selectFrom('personal')
      .selectAll()
      .where('email', '=', email)
      .where('activo', '=', 1)
      .executeTakeFirst()
    // An unknown e-mail (or an account still without a password) pays for a hash check too.
    const correcta = await verificarPassword(password, personal?.password_hash ?? (await hashDeRelleno()))
    if (!personal?.password_hash || !correcta) {
      const bloqueada = await registrarIntentoFallido(deps, {
        email,
        personal,
        tipo: 'contrasena',
        ip: c.var.ip,
        ahora,
      })
      if (bloqueada) return rechazarBloqueo(c, bloqueada)
      return rechazar(c, 401, MENSAJE_CREDENCIALES_PERSONAL)
    }
    // The right password clears no failure: only a whole sign-in, code included, does.
    // An earlier half-finished sign-in of the same account does not linger.
    await db
      .deleteFrom('sesiones')
      .where('actor_tipo', '=', 'personal')
      .where('actor_id', '=', personal.id)
      .where('verificada', '=', 0)
      .execute()
    await iniciarSesion(c, 'personal', personal.id, { verificada: false, duracionMs: VIGENCIA_INGRESO_MS })
    if (personal.totp_confirmado_en && personal.totp_secreto) return c.json({ paso: 'codigo' as const })
    // First sign-in: the secret to enrol in an authenticator app, kept until a code confirms it.
    const secreto = personal.totp_secreto ?? nuevoSecreto()
    if (!personal.totp_secreto)
      await db.updateTable('personal').set({ totp_secreto: secreto }).where('id', '=', personal.id).execute()
    const uri = uriDeEnrolamiento(secreto, personal.email)
    return c.json({
      paso: 'enrolar' as const,
      secreto,
      uri,
      qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }),
    })
  })

  .post('/codigo', cuerpoJson(codigoSegundoFactorSchema), async (c) => {
    const deps = c.var.deps
    const { db, clock } = deps
    const { codigo } = c.req.valid('json')
    const sesion = await sesionSinVerificar(c)
    const personal =
      sesion &&
      (await db
        .selectFrom('personal')
        .selectAll()
        .where('id', '=', sesion.actor_id)
        .where('activo', '=', 1)
        .executeTakeFirst())
    if (!sesion || !personal?.totp_secreto) return rechazar(c, 401, MENSAJE_INGRESO_VENCIDO)
    const ahora = clock()
    // Locked since the password was given (by failures elsewhere, the other half of an attack):
    // this sign-in ends, and no code is checked, the right one included.
    const bloqueo = await bloqueoDeIngreso(deps, personal.email, c.var.ip, ahora)
    if (bloqueo) {
      await cerrarSesion(c)
      return rechazarBloqueo(c, bloqueo)
    }
    // Each code tried is counted first, in one statement: several at once cannot exceed the limit.
    const intento = await db
      .updateTable('sesiones')
      .set((eb) => ({ intentos: eb('intentos', '+', 1) }))
      .where('token_hash', '=', sesion.token_hash)
      .where('intentos', '<', MAXIMO_CODIGOS)
      .executeTakeFirst()
    if (Number(intento.numUpdatedRows) !== 1) {
      await cerrarSesion(c)
      return rechazar(c, 401, MENSAJE_INGRESO_VENCIDO)
    }
    const paso = pasoDelCodigo(personal.totp_secreto, codigo, ahora)
    // The step is recorded only if it is later than the last one used: a code works once, even
    // sent twice at the same moment.
    const aceptado =
      paso !== null &&
      Number(
        (
          await db
            .updateTable('personal')
            .set({ totp_ultimo_paso: paso, totp_confirmado_en: personal.totp_confirmado_en ?? ahora.toISOString() })
            .where('id', '=', personal.id)
            .where((eb) => eb.or([eb('totp_ultimo_paso', 'is', null), eb('totp_ultimo_paso', '<', paso)]))
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1
    if (!aceptado) {
      const bloqueada = await registrarIntentoFallido(deps, {
        email: personal.email,
        personal,
        tipo: 'codigo',
        ip: c.var.ip,
        ahora,
      })
      if (bloqueada) {
        await cerrarSesion(c)
        return rechazarBloqueo(c, bloqueada)
      }
      return rechazar(c, 400, MENSAJE_CODIGO_INVALIDO)
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sesiones').where('token_hash', '=', sesion.token_hash).execute()
      await auditar(trx, autor(c, personal), {
        accion: 'sesion.ingreso',
        despues: personal.totp_confirmado_en ? null : { segundoFactor: 'enrolado' },
      })
    })
    // A whole sign-in: the e-mail's earlier failures are forgotten (the address's are not: one
    // success in an office does not clear what someone else there tried).
    await olvidarFallos(db, 'personal', personal.email, ahora)
    await iniciarSesion(c, 'personal', personal.id)
    return c.json({ ok: true as const })
  })

  .post('/salida', async (c) => {
    const personal = c.var.personal
    if (personal) await auditar(c.var.deps.db, autor(c, personal), { accion: 'sesion.salida' })
    await cerrarSesion(c)
    return c.body(null, 204)
  })

  .post(
    '/invitacion/verificar',
    cuerpoJson(verificarTokenSchema, (c) => rechazar(c, 400, MENSAJE_INVITACION_INVALIDA)),
    async (c) => {
      const bloqueo = await enlacesRechazados(c, false)
      if (bloqueo.excedido) return respuestaLimite(c, bloqueo)
      const invitado = await enlaceVigente(c.var.deps, c.req.valid('json').token, 'invitacion')
      if (!invitado) {
        await enlacesRechazados(c, true)
        return rechazar(c, 400, MENSAJE_INVITACION_INVALIDA)
      }
      return c.json({ nombre: invitado.nombre, email: invitado.email })
    },
  )

  .post('/invitacion', cuerpoJson(crearPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json')
    const bloqueo = await enlacesRechazados(c, false)
    if (bloqueo.excedido) return respuestaLimite(c, bloqueo)
    // Checked before hashing, so bogus tokens cannot queue hashes ahead of everyone's sign-ins.
    if (!(await enlaceVigente(c.var.deps, token, 'invitacion'))) {
      await enlacesRechazados(c, true)
      return rechazar(c, 400, MENSAJE_INVITACION_INVALIDA)
    }
    const usada = await usarEnlace(c.var.deps, {
      token,
      motivo: 'invitacion',
      passwordHash: await hashearPassword(password),
      ip: c.var.ip,
    })
    if (!usada) {
      await enlacesRechazados(c, true)
      return rechazar(c, 400, MENSAJE_INVITACION_INVALIDA)
    }
    return c.json({ message: MENSAJE_CONTRASENA_CREADA })
  })

  // Forgotten password: the same reply for any e-mail, throttled like the students' requests (per
  // address and per e-mail, counted for unknown e-mails too, so a 429 says nothing either).
  .post('/restablecer/solicitud', cuerpoJson(solicitudRecuperacionSchema), async (c) => {
    const deps = c.var.deps
    const { db, config, clock } = deps
    const { email } = c.req.valid('json')
    const ahora = clock()
    const porIp = await contar(db, `personal-recuperacion-ip:${c.var.ip}`, config.limites.recuperacionIp, ahora)
    if (porIp.excedido) return respuestaLimite(c, porIp)
    const porEmail = await contar(db, `personal-recuperacion-email:${email}`, config.limites.recuperacionEmail, ahora)
    if (porEmail.excedido) return respuestaLimite(c, porEmail)
    await solicitarRestablecimiento(deps, email)
    return c.json({ message: MENSAJE_RESTABLECIMIENTO_SOLICITADO })
  })

  .post(
    '/restablecer/verificar',
    cuerpoJson(verificarTokenSchema, (c) => rechazar(c, 400, MENSAJE_RESTABLECIMIENTO_INVALIDO)),
    async (c) => {
      const bloqueo = await enlacesRechazados(c, false)
      if (bloqueo.excedido) return respuestaLimite(c, bloqueo)
      const personal = await enlaceVigente(c.var.deps, c.req.valid('json').token, 'restablecer')
      if (!personal) {
        await enlacesRechazados(c, true)
        return rechazar(c, 400, MENSAJE_RESTABLECIMIENTO_INVALIDO)
      }
      return c.json({ nombre: personal.nombre, email: personal.email })
    },
  )

  .post('/restablecer', cuerpoJson(crearPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json')
    const bloqueo = await enlacesRechazados(c, false)
    if (bloqueo.excedido) return respuestaLimite(c, bloqueo)
    // Checked before hashing, so bogus tokens cannot queue hashes ahead of everyone's sign-ins.
    if (!(await enlaceVigente(c.var.deps, token, 'restablecer'))) {
      await enlacesRechazados(c, true)
      return rechazar(c, 400, MENSAJE_RESTABLECIMIENTO_INVALIDO)
    }
    const usado = await usarRestablecimiento(c.var.deps, token, await hashearPassword(password), c.var.ip)
    if (!usado) {
      await enlacesRechazados(c, true)
      return rechazar(c, 400, MENSAJE_RESTABLECIMIENTO_INVALIDO)
    }
    // No session is opened: the member signs in with the new password and their code.
    return c.json({ message: MENSAJE_CONTRASENA_RESTABLECIDA })
  })
