// Staff sign-in, mounted at /api/admin/auth: the password (throttled like the students' and
// answered the same whether or not the account exists), then the second factor's code. The
// password opens only an unverified session of 5 minutes and 5 codes; the right code replaces it
// with a new, verified one (a new token: nothing learnt before the code is worth anything after).
// An account without a confirmed second factor is shown its secret and QR after the password, and
// confirms it with its first code. A new account creates its password from an invitation link.
import { Hono, type Context } from 'hono'
import QRCode from 'qrcode'
import { loginSchema, verificarTokenSchema } from '../../../src/domain/ingreso.ts'
import { crearPasswordSchema } from '../../../src/domain/password.ts'
import {
  codigoSegundoFactorSchema,
  MENSAJE_CODIGO_INVALIDO,
  MENSAJE_CREDENCIALES_PERSONAL,
  MENSAJE_INGRESO_VENCIDO,
  MENSAJE_INVITACION_INVALIDA,
} from '../../../src/domain/personal.ts'
import type { EntornoApp } from '../../contexto.ts'
import { declarar } from '../../middleware/declaracion.ts'
import type { Personal } from '../../db/schema.ts'
import { agotado, contar, reiniciar, respuestaLimite } from '../../middleware/limites.ts'
import { cerrarSesion, iniciarSesion, sesionSinVerificar } from '../../middleware/sesion.ts'
import { auditar } from '../../personal/auditoria.ts'
import { invitacionVigente, usarInvitacion } from '../../personal/invitacion.ts'
import { nuevoSecreto, pasoDelCodigo, uriDeEnrolamiento } from '../../personal/totp.ts'
import { hashDeRelleno, hashearPassword, verificarPassword } from '../../seguridad/password.ts'
import { cuerpoJson } from '../validacion.ts'
import { rechazar } from '../respuesta.ts'

/** The password opens this much time to give the code… */
const VIGENCIA_INGRESO_MS = 5 * 60_000
/** …and this many codes. */
const MAXIMO_CODIGOS = 5

export const MENSAJE_CONTRASENA_CREADA = 'Su contraseña fue creada. Ya puede ingresar al área de la escuela.'

function autor(c: Context<EntornoApp>, personal: Personal) {
  return { personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

/** Invitation links refused per IP, like the students' reset links. */
async function invitacionesRechazadas(c: Context<EntornoApp>, contarUna: boolean) {
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
    const { db, config, clock } = c.var.deps
    const { email, password } = c.req.valid('json')
    const ahora = clock()
    const claveIp = `personal-login-ip:${c.var.ip}`
    const porIp = await agotado(db, claveIp, config.limites.loginIp, ahora)
    if (porIp.excedido) return respuestaLimite(c, porIp)
    const claveCuenta = `personal-login-cuenta:${email}|${c.var.ip}`
    const porCuenta = await agotado(db, claveCuenta, config.limites.loginCuentaIp, ahora)
    if (porCuenta.excedido) return respuestaLimite(c, porCuenta)

    const personal = await db
      .selectFrom('personal')
      .selectAll()
      .where('email', '=', email)
      .where('activo', '=', 1)
      .executeTakeFirst()
    // An unknown e-mail (or an account still without a password) pays for a hash check too.
    const correcta = await verificarPassword(password, personal?.password_hash ?? (await hashDeRelleno()))
    if (!personal?.password_hash || !correcta) {
      await contar(db, claveIp, config.limites.loginIp, ahora)
      await contar(db, claveCuenta, config.limites.loginCuentaIp, ahora)
      if (personal) await auditar(db, autor(c, personal), { accion: 'sesion.contrasena-incorrecta' })
      return rechazar(c, 401, MENSAJE_CREDENCIALES_PERSONAL)
    }
    await reiniciar(db, claveCuenta)
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
    const { db, clock } = c.var.deps
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
    const ahora = clock()
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
      await auditar(db, autor(c, personal), { accion: 'sesion.segundo-factor-fallido' })
      return rechazar(c, 400, MENSAJE_CODIGO_INVALIDO)
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sesiones').where('token_hash', '=', sesion.token_hash).execute()
      await auditar(trx, autor(c, personal), {
        accion: 'sesion.ingreso',
        despues: personal.totp_confirmado_en ? null : { segundoFactor: 'enrolado' },
      })
    })
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
      const bloqueo = await invitacionesRechazadas(c, false)
      if (bloqueo.excedido) return respuestaLimite(c, bloqueo)
      const invitado = await invitacionVigente(c.var.deps, c.req.valid('json').token)
      if (!invitado) {
        await invitacionesRechazadas(c, true)
        return rechazar(c, 400, MENSAJE_INVITACION_INVALIDA)
      }
      return c.json({ nombre: invitado.nombre, email: invitado.email })
    },
  )

  .post('/invitacion', cuerpoJson(crearPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json')
    const bloqueo = await invitacionesRechazadas(c, false)
    if (bloqueo.excedido) return respuestaLimite(c, bloqueo)
    // Checked before hashing, so bogus tokens cannot queue hashes ahead of everyone's sign-ins.
    if (!(await invitacionVigente(c.var.deps, token))) {
      await invitacionesRechazadas(c, true)
      return rechazar(c, 400, MENSAJE_INVITACION_INVALIDA)
    }
    const usada = await usarInvitacion(c.var.deps, token, await hashearPassword(password), c.var.ip)
    if (!usada) {
      await invitacionesRechazadas(c, true)
      return rechazar(c, 400, MENSAJE_INVITACION_INVALIDA)
    }
    return c.json({ message: MENSAJE_CONTRASENA_CREADA })
  })
