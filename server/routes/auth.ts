// Sign-in, logout, password recovery and registration, mounted at /api/auth. The work is in
// alumnos/cuentas.ts and alumnos/registro.ts; here the body is checked, the session opened or
// closed and each result turned into the spec's reply.
import { Hono, type Context } from 'hono'
import { loginSchema, solicitudRecuperacionSchema, verificarTokenSchema } from '../../src/domain/ingreso.ts'
import { crearPasswordSchema } from '../../src/domain/password.ts'
import { registroSchema } from '../../src/domain/registro.ts'
import {
  crearPassword,
  ingresar,
  MENSAJE_LOGIN_INCORRECTO,
  MENSAJE_PASSWORD_CREADA,
  MENSAJE_RECUPERACION_ENVIADA,
  MENSAJE_TOKEN_INVALIDO,
  MENSAJE_TOKEN_VALIDO,
  solicitarRecuperacion,
  verificarEnlace,
  type Limitado,
} from '../alumnos/cuentas.ts'
import { MENSAJE_CUENTA_CREADA, registrar } from '../alumnos/registro.ts'
import { respuestaAlumno } from '../alumnos/respuesta-alumno.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { declarar } from '../middleware/declaracion.ts'
import { MENSAJE_LIMITE, respuestaLimite } from '../middleware/limites.ts'
import { cerrarSesion, iniciarSesion } from '../middleware/sesion.ts'
import { cuerpoJson, type Fallo } from '../http/validacion.ts'

/** Endpoints of the requestPassword/verifyToken/setPassword family reply { status, message }. */
function error(message: string, extra: { campos?: Record<string, string> } = {}) {
  return { status: 'error' as const, message, error: message, ...extra }
}

/** A bad body of the operations that answer `{ status, message }`. */
function rechazoEstado(c: Context<EntornoApp>, { status, mensaje, campos }: Fallo) {
  return c.json(error(mensaje, { campos }), status)
}

/** 429 in the `{ status, message }` shape, with Retry-After. */
function limiteEstado(c: Context<EntornoApp>, { limite }: Limitado) {
  return respuestaLimite(c, limite, { status: 'error', message: MENSAJE_LIMITE })
}

export const rutasAuth = new Hono<EntornoApp>()
  // Each of these creates or ends a session or a credential: never replayed from a stored reply.
  .use(declarar({ idempotente: false }))
  .post('/login', cuerpoJson(loginSchema), async (c) => {
    const { db, config } = c.var.deps
    const ingreso = await ingresar(c.var.deps, { ...c.req.valid('json'), ip: c.var.ip })
    switch (ingreso.tipo) {
      case 'limite':
        return respuestaLimite(c, ingreso.limite)
      case 'bloqueada':
        c.header('Retry-After', String(ingreso.reintentarEnSeg))
        return rechazar(c, 429, ingreso.mensaje)
      case 'incorrecta':
        return c.json({ codRetorno: 1 as const, mensajeError: MENSAJE_LOGIN_INCORRECTO })
    }
    await iniciarSesion(c, 'alumno', ingreso.alumno.id)
    return c.json(await respuestaAlumno(db, ingreso.alumno, config.serviceAccountEmail))
  })

  .post('/logout', async (c) => {
    await cerrarSesion(c)
    return c.body(null, 204)
  })

  .post('/password/request', cuerpoJson(solicitudRecuperacionSchema, rechazoEstado), async (c) => {
    const limitado = await solicitarRecuperacion(c.var.deps, c.req.valid('json').email, c.var.ip)
    if (limitado) return limiteEstado(c, limitado)
    return c.json({ status: 'ok', message: MENSAJE_RECUPERACION_ENVIADA })
  })

  .post(
    '/password/verify',
    cuerpoJson(verificarTokenSchema, (c, fallo) =>
      fallo.status === 415 ? rechazoEstado(c, fallo) : c.json(error(MENSAJE_TOKEN_INVALIDO), 400),
    ),
    async (c) => {
      const enlace = await verificarEnlace(c.var.deps, c.req.valid('json').token, c.var.ip)
      if (enlace.tipo === 'limite') return limiteEstado(c, enlace)
      if (enlace.tipo === 'invalido') return c.json(error(MENSAJE_TOKEN_INVALIDO), 400)
      return c.json({ status: 'ok', message: MENSAJE_TOKEN_VALIDO })
    },
  )

  .post('/password/set', cuerpoJson(crearPasswordSchema, rechazoEstado), async (c) => {
    const { token, password } = c.req.valid('json')
    const creada = await crearPassword(c.var.deps, { token, password, ip: c.var.ip })
    if (creada.tipo === 'limite') return limiteEstado(c, creada)
    if (creada.tipo === 'invalido') return c.json(error(MENSAJE_TOKEN_INVALIDO), 400)
    return c.json({ status: 'ok', message: MENSAJE_PASSWORD_CREADA })
  })

  .post('/register', cuerpoJson(registroSchema, rechazoEstado), async (c) => {
    const { db, config } = c.var.deps
    const registro = await registrar(c.var.deps, c.req.valid('json'), c.var.ip)
    if (registro.tipo === 'limite') return limiteEstado(c, registro)
    if (registro.tipo === 'duplicado') return c.json(error(registro.mensaje), 409)
    // The applicant came to apply: signed in at once, as after a sign-in, they go straight on to
    // the contest instead of typing again what they just chose.
    await iniciarSesion(c, 'alumno', registro.alumno.id)
    return c.json(
      {
        status: 'ok' as const,
        message: MENSAJE_CUENTA_CREADA,
        ...(await respuestaAlumno(db, registro.alumno, config.serviceAccountEmail)),
      },
      201,
    )
  })
