// Staff sign-in, mounted at /api/admin/auth: the password, then the second factor's code; the
// invitation and reset links. What each step decides is in personal/ingreso.ts; here the body is
// checked, the sessions opened and closed, and each result turned into its reply.
import { Hono, type Context } from 'hono'
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
import { rechazar } from '../../http/respuesta.ts'
import { declarar } from '../../middleware/declaracion.ts'
import { respuestaLimite } from '../../middleware/limites.ts'
import { cerrarSesion, iniciarSesion, sesionSinVerificar } from '../../middleware/sesion.ts'
import type { BloqueoIngreso } from '../../personal/bloqueo.ts'
import type { MotivoEnlace } from '../../personal/enlace-contrasena.ts'
import {
  ingresarConCodigo,
  ingresarConPassword,
  MENSAJE_CONTRASENA_CREADA,
  pasoTrasPassword,
  pedirRestablecimiento,
  registrarSalida,
  usarEnlacePersonal,
  verificarEnlacePersonal,
  VIGENCIA_INGRESO_MS,
} from '../../personal/ingreso.ts'
import { cuerpoJson } from '../../http/validacion.ts'

/** 429 with Retry-After until the lock ends, and the lock's own message. */
function rechazarBloqueo(c: Context<EntornoApp>, bloqueo: BloqueoIngreso) {
  const segundos = Math.ceil((Date.parse(bloqueo.hasta) - c.var.deps.clock().getTime()) / 1000)
  c.header('Retry-After', String(Math.max(1, segundos)))
  return rechazar(c, 429, bloqueo.mensaje)
}

/** The invitation's or the reset's link: who it is for, or its refusal. */
async function verificarEnlace(c: Context<EntornoApp>, token: string, motivo: MotivoEnlace, invalido: string) {
  const enlace = await verificarEnlacePersonal(c.var.deps, token, motivo, c.var.ip)
  if (enlace.tipo === 'limite') return respuestaLimite(c, enlace.limite)
  if (enlace.tipo === 'invalido') return rechazar(c, 400, invalido)
  return c.json({ nombre: enlace.nombre, email: enlace.email })
}

/** The new password through the link: `message` on success; no session is opened. */
async function usarEnlace(
  c: Context<EntornoApp>,
  datos: { token: string; password: string },
  motivo: MotivoEnlace,
  invalido: string,
  hecho: string,
) {
  const uso = await usarEnlacePersonal(c.var.deps, { ...datos, motivo, ip: c.var.ip })
  if (uso.tipo === 'limite') return respuestaLimite(c, uso.limite)
  if (uso.tipo === 'invalido') return rechazar(c, 400, invalido)
  return c.json({ message: hecho })
}

export const rutasAuthPersonal = new Hono<EntornoApp>()
  // Each of these creates or ends a session or a credential: never replayed from a stored reply.
  .use(declarar({ idempotente: false }))
  .post('/ingreso', cuerpoJson(loginSchema), async (c) => {
    const ingreso = await ingresarConPassword(c.var.deps, { ...c.req.valid('json'), ip: c.var.ip })
    if (ingreso.tipo === 'bloqueada') return rechazarBloqueo(c, ingreso.bloqueo)
    if (ingreso.tipo === 'incorrecta') return rechazar(c, 401, MENSAJE_CREDENCIALES_PERSONAL)
    await iniciarSesion(c, 'personal', ingreso.personal.id, { verificada: false, duracionMs: VIGENCIA_INGRESO_MS })
    return c.json(await pasoTrasPassword(c.var.deps, ingreso.personal))
  })

  .post('/codigo', cuerpoJson(codigoSegundoFactorSchema), async (c) => {
    const sesion = await sesionSinVerificar(c)
    const ingreso = await ingresarConCodigo(c.var.deps, { sesion, codigo: c.req.valid('json').codigo, ip: c.var.ip })
    switch (ingreso.tipo) {
      case 'vencido':
        if (ingreso.cerrar) await cerrarSesion(c)
        return rechazar(c, 401, MENSAJE_INGRESO_VENCIDO)
      case 'bloqueada':
        await cerrarSesion(c)
        return rechazarBloqueo(c, ingreso.bloqueo)
      case 'invalido':
        return rechazar(c, 400, MENSAJE_CODIGO_INVALIDO)
    }
    await iniciarSesion(c, 'personal', ingreso.personal.id)
    return c.json({ ok: true as const })
  })

  .post('/salida', async (c) => {
    const personal = c.var.personal
    if (personal) await registrarSalida(c.var.deps, personal, c.var.ip)
    await cerrarSesion(c)
    return c.body(null, 204)
  })

  .post(
    '/invitacion/verificar',
    cuerpoJson(verificarTokenSchema, (c) => rechazar(c, 400, MENSAJE_INVITACION_INVALIDA)),
    (c) => verificarEnlace(c, c.req.valid('json').token, 'invitacion', MENSAJE_INVITACION_INVALIDA),
  )
  .post('/invitacion', cuerpoJson(crearPasswordSchema), (c) =>
    usarEnlace(c, c.req.valid('json'), 'invitacion', MENSAJE_INVITACION_INVALIDA, MENSAJE_CONTRASENA_CREADA),
  )

  // Forgotten password: the same reply for any e-mail, throttled per address and per e-mail.
  .post('/restablecer/solicitud', cuerpoJson(solicitudRecuperacionSchema), async (c) => {
    const limitado = await pedirRestablecimiento(c.var.deps, c.req.valid('json').email, c.var.ip)
    if (limitado) return respuestaLimite(c, limitado.limite)
    return c.json({ message: MENSAJE_RESTABLECIMIENTO_SOLICITADO })
  })

  .post(
    '/restablecer/verificar',
    cuerpoJson(verificarTokenSchema, (c) => rechazar(c, 400, MENSAJE_RESTABLECIMIENTO_INVALIDO)),
    (c) => verificarEnlace(c, c.req.valid('json').token, 'restablecer', MENSAJE_RESTABLECIMIENTO_INVALIDO),
  )
  .post('/restablecer', cuerpoJson(crearPasswordSchema), (c) =>
    usarEnlace(
      c,
      c.req.valid('json'),
      'restablecer',
      MENSAJE_RESTABLECIMIENTO_INVALIDO,
      MENSAJE_CONTRASENA_RESTABLECIDA,
    ),
  )
