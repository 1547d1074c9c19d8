// Sign-in, logout, password recovery and registration.
import { randomInt, randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { loginSchema, solicitudRecuperacionSchema, verificarTokenSchema } from '../../src/domain/ingreso.ts'
import { registroSchema } from '../../src/domain/registro.ts'
import { mensajeCuentaAlumnoBloqueada, minutosHasta } from '../../src/domain/bloqueo-ingreso.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../src/domain/fechas.ts'
import { MENSAJE_DOCUMENTO_EN_USO } from '../../src/domain/documento-identidad.ts'
import { crearPasswordSchema } from '../../src/domain/password.ts'
import { normalizarRut, RUT_PLACEHOLDER } from '../../src/domain/rut.ts'
import { indexarAlumno } from '../alumnos/busqueda.ts'
import type { EntornoApp, Dependencias } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import { ASISTENTE_PORTAL_ID } from '../db/seed/base.ts'
import { agotado, contar, MENSAJE_LIMITE, reiniciar, respuestaLimite } from '../middleware/limites.ts'
import { cerrarSesion, iniciarSesion } from '../middleware/sesion.ts'
import { bloqueoVigente, contarFallo, levantarBloqueo, olvidarFallos } from '../seguridad/bloqueos.ts'
import { hashDeRelleno, hashearPassword, verificarPassword } from '../seguridad/password.ts'
import { hashearToken, nuevoToken } from '../seguridad/tokens.ts'
import { respuestaAlumno } from './respuesta-alumno.ts'
import { cuerpoJson, type Fallo } from './validacion.ts'
import { urlRecuperarPassword } from '../../src/domain/urls.ts'
import { escaparHtml } from '../html.ts'

export const MENSAJE_LOGIN_INCORRECTO = 'Correo o contraseña incorrectos'
export const MENSAJE_RECUPERACION_ENVIADA =
  'Si el correo está registrado, recibirá un mensaje con un enlace para crear una nueva contraseña.'
export const MENSAJE_TOKEN_VALIDO = 'Enlace válido. Cree su nueva contraseña.'
export const MENSAJE_TOKEN_INVALIDO = 'El enlace para crear la contraseña no es válido o ya expiró. Solicite uno nuevo.'
export const MENSAJE_PASSWORD_CREADA = 'Su contraseña fue creada. Ya puede ingresar al portal.'
export const MENSAJE_CUENTA_CREADA = 'Cuenta creada. Ya inició sesión en el portal.'
export const MENSAJE_EMAIL_DUPLICADO = 'Ya existe una cuenta con ese correo electrónico.'

/** Endpoints of the requestPassword/verifyToken/setPassword family reply { status, message }. */
function error(message: string, extra: { campos?: Record<string, string> } = {}) {
  return { status: 'error' as const, message, error: message, ...extra }
}

/** A bad body of the operations that answer `{ status, message }`. */
function rechazoEstado(c: Context<EntornoApp>, { status, mensaje, campos }: Fallo) {
  return c.json(error(mensaje, { campos }), status)
}

function correoRecuperacion(deps: Dependencias, nombres: string, token: string) {
  const enlace = `${deps.config.publicUrl}${urlRecuperarPassword(token)}`
  const minutos = deps.config.resetTokenTtlMinutes
  const text = [
    `Hola ${nombres}:`,
    '',
    'Recibimos una solicitud para crear una nueva contraseña en el Portal del Estudiante.',
    `Para crearla, abra este enlace (vale por ${minutos} minutos y se puede usar una sola vez):`,
    '',
    enlace,
    '',
    'Si no la solicitó, ignore este mensaje: su contraseña actual sigue vigente.',
  ].join('\n')
  const html = `<p>Hola ${escaparHtml(nombres)}:</p>
<p>Recibimos una solicitud para crear una nueva contraseña en el Portal del Estudiante.</p>
<p><a href="${escaparHtml(enlace)}">Crear mi nueva contraseña</a> (el enlace vale por ${minutos} minutos y se puede usar una sola vez).</p>
<p>Si no la solicitó, ignore este mensaje: su contraseña actual sigue vigente.</p>`
  return { subject: 'Cree su nueva contraseña del Portal del Estudiante', text, html }
}

/** The student's e-mail when their sign-in was locked: until when, and the way out. */
function correoBloqueo(deps: Dependencias, nombres: string, ahora: Date, hasta: Date) {
  const enlace = `${deps.config.publicUrl}/password`
  const regla = deps.config.bloqueos.alumnoCuenta
  const parrafos = [
    `El ${fechaLarga(fechaEnChile(ahora))} a las ${horaEnChile(ahora)} (hora de Chile) bloqueamos el ingreso a su cuenta del Portal del Estudiante: hubo ${regla.fallos} intentos con una contraseña incorrecta en menos de ${Math.round(regla.ventanaMs / 60_000)} minutos.`,
    `Podrá ingresar de nuevo a partir de las ${horaEnChile(hasta)}. Si olvidó su contraseña, o si no fue usted quien lo intentó, cree una nueva: eso también desbloquea el ingreso.`,
  ]
  const text = [`Hola ${nombres}:`, '', ...parrafos.flatMap((p) => [p, '']), enlace].join('\n')
  const html = `<p>Hola ${escaparHtml(nombres)}:</p>
${parrafos.map((p) => `<p>${escaparHtml(p)}</p>`).join('\n')}
<p><a href="${escaparHtml(enlace)}">Crear una nueva contraseña</a></p>`
  return { subject: 'Bloqueamos el ingreso a su cuenta del Portal del Estudiante', text, html }
}

/** 429 until the account's lock ends, with the lock's own message. */
function rechazarBloqueo(c: Context<EntornoApp>, hasta: string, ahora: Date) {
  c.header('Retry-After', String(Math.max(1, Math.ceil((Date.parse(hasta) - ahora.getTime()) / 1000))))
  return c.json({ error: mensajeCuentaAlumnoBloqueada(minutosHasta(hasta, ahora)) }, 429)
}

// Reset links refused per IP, whether checked or used: like failed logins, a client that keeps
// sending unknown, used or expired tokens is stopped, and one that opens its real link is not.
const claveTokensRechazados = (c: Context<EntornoApp>) => `recuperacion-token-ip:${c.var.ip}`

function tokensRechazadosDeIp(c: Context<EntornoApp>) {
  const { db, config, clock } = c.var.deps
  return agotado(db, claveTokensRechazados(c), config.limites.recuperacionTokenIp, clock())
}

async function contarTokenRechazado(c: Context<EntornoApp>): Promise<void> {
  const { db, config, clock } = c.var.deps
  await contar(db, claveTokensRechazados(c), config.limites.recuperacionTokenIp, clock())
}

/** Unused and unexpired. */
async function tokenVigente(c: Context<EntornoApp>, token: string): Promise<boolean> {
  const { db, clock } = c.var.deps
  const fila = await db
    .selectFrom('tokens_recuperacion')
    .select('alumno_id')
    .where('token_hash', '=', hashearToken(token))
    .where('usado', 'is', null)
    .where('expira', '>', clock().toISOString())
    .executeTakeFirst()
  return !!fila
}

async function codigoAlumnoNuevo(deps: Dependencias): Promise<string> {
  for (;;) {
    const codigo = `AL${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
    const existe = await deps.db
      .selectFrom('alumnos')
      .select('id')
      .where('codigo_alumno', '=', codigo)
      .executeTakeFirst()
    if (!existe) return codigo
  }
}

export const rutasAuth = new Hono<EntornoApp>()
  // Each of these creates or ends a session or a credential: never replayed from a stored reply.
  .use(declarar({ idempotente: false }))
  .post('/login', cuerpoJson(loginSchema), async (c) => {
    const deps = c.var.deps
    const { db, config, clock } = deps
    const { email, password } = c.req.valid('json')

    const ahora = clock()
    // Failed attempts per IP, across accounts: one address guessing many accounts stops here,
    // while a campus behind one address is never locked out by its own successful sign-ins.
    const claveIp = `login-ip:${c.var.ip}`
    const porIp = await agotado(db, claveIp, config.limites.loginIp, ahora)
    if (porIp.excedido) return respuestaLimite(c, porIp)
    // Failed attempts per account, from any address: guessing one account's password from many
    // addresses stops here. Counted for unknown e-mails too, so the lock tells nothing about
    // whether the account exists; the reset link lifts it.
    const bloqueada = await bloqueoVigente(db, 'alumno', email, ahora)
    if (bloqueada) return rechazarBloqueo(c, bloqueada, ahora)
    // Failed attempts per account and IP: a narrower limit with the generic message.
    const claveCuenta = `login-cuenta:${email}|${c.var.ip}`
    const porCuenta = await agotado(db, claveCuenta, config.limites.loginCuentaIp, ahora)
    if (porCuenta.excedido) return respuestaLimite(c, porCuenta)

    const alumno = await db.selectFrom('alumnos').selectAll().where('email', '=', email).executeTakeFirst()
    // An unknown e-mail, or a student imported by the school who has not yet created a password
    // (an empty hash), still pays for a hash check: same reply, about the same time.
    const correcta = await verificarPassword(password, alumno?.password_hash || (await hashDeRelleno()))
    if (!alumno || !correcta) {
      await contar(db, claveIp, config.limites.loginIp, ahora)
      await contar(db, claveCuenta, config.limites.loginCuentaIp, ahora)
      const fallo = await contarFallo(db, 'alumno', email, config.bloqueos.alumnoCuenta, ahora)
      if (fallo.bloqueoNuevo) {
        deps.log('ingreso de un alumno bloqueado', { hasta: fallo.bloqueadaHasta, cuenta: !!alumno })
        // Not awaited: the reply must not take longer for an address on record than for one that is not.
        if (alumno && fallo.bloqueadaHasta)
          deps.correo
            .enviar({
              to: alumno.email,
              ...correoBloqueo(deps, alumno.nombres, ahora, new Date(fallo.bloqueadaHasta)),
            })
            .catch((err: unknown) =>
              deps.log(
                `error al enviar el aviso de bloqueo: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
              ),
            )
      }
      if (fallo.bloqueadaHasta) return rechazarBloqueo(c, fallo.bloqueadaHasta, ahora)
      return c.json({ codRetorno: 1 as const, mensajeError: MENSAJE_LOGIN_INCORRECTO })
    }
    await reiniciar(db, claveCuenta)
    await olvidarFallos(db, 'alumno', email, ahora)
    await iniciarSesion(c, 'alumno', alumno.id)
    return c.json(await respuestaAlumno(db, alumno, config.serviceAccountEmail))
  })

  .post('/logout', async (c) => {
    await cerrarSesion(c)
    return c.body(null, 204)
  })

  .post('/password/request', cuerpoJson(solicitudRecuperacionSchema, rechazoEstado), async (c) => {
    const deps = c.var.deps
    const { db, config, clock } = deps
    const { email } = c.req.valid('json')

    const ahora = clock()
    const porIp = await contar(db, `recuperacion-ip:${c.var.ip}`, config.limites.recuperacionIp, ahora)
    if (porIp.excedido) return respuestaLimite(c, porIp, { status: 'error', message: MENSAJE_LIMITE })
    // Counted for unknown e-mails too, so the 429 says nothing about whether the account exists.
    const porEmail = await contar(db, `recuperacion-email:${email}`, config.limites.recuperacionEmail, ahora)
    if (porEmail.excedido) return respuestaLimite(c, porEmail, { status: 'error', message: MENSAJE_LIMITE })

    const alumno = await db
      .selectFrom('alumnos')
      .select(['id', 'nombres', 'email'])
      .where('email', '=', email)
      .executeTakeFirst()
    if (alumno) {
      const token = nuevoToken()
      await db
        .insertInto('tokens_recuperacion')
        .values({
          token_hash: hashearToken(token),
          alumno_id: alumno.id,
          creado: ahora.toISOString(),
          expira: new Date(ahora.getTime() + config.resetTokenTtlMinutes * 60_000).toISOString(),
          usado: null,
        })
        .execute()
      // Not awaited: the reply must not take longer for an address on record than for one that is not.
      deps.correo
        .enviar({ to: alumno.email, ...correoRecuperacion(deps, alumno.nombres, token) })
        .catch((err: unknown) =>
          deps.log(
            `error al enviar el correo de recuperación: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
          ),
        )
    }
    return c.json({ status: 'ok', message: MENSAJE_RECUPERACION_ENVIADA })
  })

  .post(
    '/password/verify',
    cuerpoJson(verificarTokenSchema, (c, fallo) =>
      fallo.status === 415 ? rechazoEstado(c, fallo) : c.json(error(MENSAJE_TOKEN_INVALIDO), 400),
    ),
    async (c) => {
      const { token } = c.req.valid('json')
      const bloqueo = await tokensRechazadosDeIp(c)
      if (bloqueo.excedido) return respuestaLimite(c, bloqueo, { status: 'error', message: MENSAJE_LIMITE })
      if (!(await tokenVigente(c, token))) {
        await contarTokenRechazado(c)
        return c.json(error(MENSAJE_TOKEN_INVALIDO), 400)
      }
      return c.json({ status: 'ok', message: MENSAJE_TOKEN_VALIDO })
    },
  )

  .post('/password/set', cuerpoJson(crearPasswordSchema, rechazoEstado), async (c) => {
    const { db, clock } = c.var.deps
    const { token, password } = c.req.valid('json')
    // The token is checked before the password is hashed: a hash takes the thread pool for tens
    // of milliseconds, so bogus tokens must not be able to queue hashes ahead of everyone's logins.
    const bloqueo = await tokensRechazadosDeIp(c)
    if (bloqueo.excedido) return respuestaLimite(c, bloqueo, { status: 'error', message: MENSAJE_LIMITE })
    if (!(await tokenVigente(c, token))) {
      await contarTokenRechazado(c)
      return c.json(error(MENSAJE_TOKEN_INVALIDO), 400)
    }
    const passwordHash = await hashearPassword(password)
    const ahora = clock().toISOString()
    const tokenHash = hashearToken(token)

    const aplicado = await db.transaction().execute(async (trx) => {
      // Claiming the token with a conditional update makes it single-use even under a race.
      const reclamo = await trx
        .updateTable('tokens_recuperacion')
        .set({ usado: ahora })
        .where('token_hash', '=', tokenHash)
        .where('usado', 'is', null)
        .where('expira', '>', ahora)
        .executeTakeFirst()
      if (reclamo.numUpdatedRows !== 1n) return false
      const { alumno_id, email } = await trx
        .selectFrom('tokens_recuperacion')
        .innerJoin('alumnos', 'alumnos.id', 'tokens_recuperacion.alumno_id')
        .select(['tokens_recuperacion.alumno_id', 'alumnos.email'])
        .where('tokens_recuperacion.token_hash', '=', tokenHash)
        .executeTakeFirstOrThrow()
      await trx.updateTable('alumnos').set({ password_hash: passwordHash }).where('id', '=', alumno_id).execute()
      // Whoever reads the mailbox is the owner: a sign-in locked by failed passwords opens again.
      await levantarBloqueo(trx, 'alumno', email)
      // Other links sent earlier die with this one, and so does every open session.
      await trx
        .updateTable('tokens_recuperacion')
        .set({ usado: ahora })
        .where('alumno_id', '=', alumno_id)
        .where('usado', 'is', null)
        .execute()
      await trx.deleteFrom('sesiones').where('actor_tipo', '=', 'alumno').where('actor_id', '=', alumno_id).execute()
      return true
    })
    if (!aplicado) {
      await contarTokenRechazado(c)
      return c.json(error(MENSAJE_TOKEN_INVALIDO), 400)
    }
    return c.json({ status: 'ok', message: MENSAJE_PASSWORD_CREADA })
  })

  .post('/register', cuerpoJson(registroSchema, rechazoEstado), async (c) => {
    const deps = c.var.deps
    const { db, config, clock } = deps
    const datos = c.req.valid('json')

    const ahora = clock()
    const porIp = await contar(db, `registro-ip:${c.var.ip}`, config.limites.registroIp, ahora)
    if (porIp.excedido) return respuestaLimite(c, porIp, { status: 'error', message: MENSAJE_LIMITE })

    const conRut = datos.tipoDocumento === 'RUT'
    const rut = conRut ? normalizarRut(datos.documento) : RUT_PLACEHOLDER
    const numeroDocumento = conRut ? null : datos.documento.toUpperCase()

    const duplicado = async (): Promise<string | null> => {
      const porEmail = await db.selectFrom('alumnos').select('id').where('email', '=', datos.email).executeTakeFirst()
      if (porEmail) return MENSAJE_EMAIL_DUPLICADO
      const porDocumento = conRut
        ? await db.selectFrom('alumnos').select('id').where('rut', '=', rut).executeTakeFirst()
        : await db
            .selectFrom('alumnos')
            .select('id')
            .where('tipo_documento', '=', 'PASAPORTE')
            .where('numero_documento', '=', numeroDocumento)
            .executeTakeFirst()
      return porDocumento ? MENSAJE_DOCUMENTO_EN_USO : null
    }
    const antes = await duplicado()
    if (antes) return c.json(error(antes), 409)

    const id = `alumno-${randomUUID()}`
    try {
      const passwordHash = await hashearPassword(datos.password)
      const codigoAlumno = await codigoAlumnoNuevo(deps)
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('alumnos')
          .values({
            id,
            email: datos.email,
            password_hash: passwordHash,
            rut,
            tipo_documento: conRut ? null : 'PASAPORTE',
            numero_documento: numeroDocumento,
            nombres: datos.nombres,
            apellidos: datos.apellidos,
            codigo_alumno: codigoAlumno,
            // Until a commercial assistant takes the applicant, the portal's own account owns
            // them, and the home page hides that assistant.
            asistente_id: ASISTENTE_PORTAL_ID,
            telefono_particular: datos.telefono,
            creado: ahora.toISOString(),
          })
          .execute()
        await indexarAlumno(trx, id)
      })
    } catch (err) {
      // Two registrations racing past the check above: the unique indexes decide.
      const despues = await duplicado()
      if (despues) return c.json(error(despues), 409)
      throw err
    }
    // The applicant came to apply: signed in at once, as after a sign-in, they go straight on to
    // the contest instead of typing again what they just chose.
    const alumno = await db.selectFrom('alumnos').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    await iniciarSesion(c, 'alumno', alumno.id)
    return c.json(
      {
        status: 'ok' as const,
        message: MENSAJE_CUENTA_CREADA,
        ...(await respuestaAlumno(db, alumno, config.serviceAccountEmail)),
      },
      201,
    )
  })
