// '¿Olvidó su contraseña?' for the school's staff: the same answer for any e-mail, a single-use,
// expiring link e-mailed only to an active account that has a password, and a new password that
// changes nothing else: the second factor is still asked at the next sign-in, no session is
// opened, the account's open sessions end, a sign-in lock is lifted, the change is audited and
// its owner told by e-mail.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_CONTRASENA_RESTABLECIDA,
  MENSAJE_CREDENCIALES_PERSONAL,
  MENSAJE_INVITACION_INVALIDA,
  MENSAJE_RESTABLECIMIENTO_INVALIDO,
  MENSAJE_RESTABLECIMIENTO_SOLICITADO,
  MENSAJE_SESION_PERSONAL_EXPIRADA,
} from '../src/domain/personal.ts'
import { MENSAJE_PASSWORD_NO_VALIDA } from '../src/domain/password.ts'
import { codigoSiguiente, iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarServidorDePrueba,
  leerCorreos,
  type ClienteDePrueba,
  type CorreoEnviado,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_PASSWORD } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { MENSAJE_LIMITE } from './middleware/limites.ts'

let servidor: ServidorDePrueba
/** Minutes the server's clock runs ahead of the real one. */
let adelanto = 0
const ahoraServidor = () => Date.now() + adelanto * 60_000

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off', clock: () => new Date(ahoraServidor()) })
})
afterAll(() => servidor.close())

const NUEVA = 'Olvidada2026'

async function solicitar(cliente: ClienteDePrueba, email: string) {
  const res = await cliente.post('/api/admin/auth/restablecer/solicitud', { email })
  return { status: res.status, cuerpo: (await res.json()) as unknown }
}

function correosPara(email: string): CorreoEnviado[] {
  return leerCorreos(servidor.dataDir).filter((m) => m.to.includes(email))
}

/** The token of the reset link in a message, checking the link's address on the way. */
function tokenDelEnlace(correo: CorreoEnviado): string {
  const enlace = /(http\S+\/admin\/restablecer\?token=\S+)/.exec(correo.text)?.[1]
  if (!enlace) throw new Error(`el correo ${correo.archivo} no trae enlace para restablecer`)
  expect(enlace.startsWith(servidor.url)).toBe(true)
  return new URL(enlace).searchParams.get('token')!
}

/** Asks for a link for `email` and returns its token, from the e-mail that arrives. */
async function pedirEnlace(email: string): Promise<string> {
  const antes = correosPara(email).length
  expect(await solicitar(clienteDePrueba(servidor.url), email)).toEqual({
    status: 200,
    cuerpo: { message: MENSAJE_RESTABLECIMIENTO_SOLICITADO },
  })
  const correo = await esperarCorreo(servidor.dataDir, email, antes + 1)
  expect(correo.subject).toBe('Cree su nueva contraseña del área de la escuela')
  return tokenDelEnlace(correo)
}

async function restablecer(token: string, password = NUEVA) {
  const res = await clienteDePrueba(servidor.url).post('/api/admin/auth/restablecer', {
    token,
    password,
    confirmacion: password,
  })
  return { status: res.status, cuerpo: (await res.json()) as unknown }
}

async function segundoFactor(email: string) {
  const [fila] = await consultarDb<{ totp_secreto: string | null; totp_confirmado_en: string | null }>(
    servidor.dataDir,
    'select totp_secreto, totp_confirmado_en from personal where email = ?',
    email,
  )
  return fila
}

test('a request answers the same for a staff account, an unknown e-mail, a disabled account and one still without a password; only the first gets the link', async () => {
  const cliente = clienteDePrueba(servidor.url)
  await consultarDb(
    servidor.dataDir,
    `insert into personal (id, email, nombre, rol, activo, creado_en) values
      ('desactivada-1', 'desactivada@escuela.cl', 'Cuenta Desactivada', 'coordinacion', 0, '2026-01-01T00:00:00.000Z'),
      ('sin-clave-1', 'sin.clave@escuela.cl', 'Cuenta Sin Clave', 'coordinacion', 1, '2026-01-01T00:00:00.000Z')`,
  )
  await consultarDb(
    servidor.dataDir,
    "update personal set password_hash = (select password_hash from personal where email = ?) where id = 'desactivada-1'",
    DEMO_PERSONAL.admin,
  )

  const respuestas = []
  for (const email of [DEMO_PERSONAL.munoz, 'nadie@escuela.cl', 'desactivada@escuela.cl', 'sin.clave@escuela.cl'])
    respuestas.push(await solicitar(cliente, email))
  for (const r of respuestas)
    expect(r).toEqual({ status: 200, cuerpo: { message: MENSAJE_RESTABLECIMIENTO_SOLICITADO } })
  expect(MENSAJE_RESTABLECIMIENTO_SOLICITADO).toMatch(
    /^Si el correo corresponde a una cuenta del personal, le enviamos un enlace/,
  )

  const correo = await esperarCorreo(servidor.dataDir, DEMO_PERSONAL.munoz)
  expect(correo.text).toMatch(/vale por 60 minutos y se puede usar una sola vez/)
  expect(correo.text).toMatch(/la verificación en dos pasos no cambia/)
  tokenDelEnlace(correo)
  // Give any stray message the time to be written before saying none was.
  await new Promise((r) => setTimeout(r, 300))
  for (const email of ['nadie@escuela.cl', 'desactivada@escuela.cl', 'sin.clave@escuela.cl'])
    expect(correosPara(email)).toEqual([])
  // Only a hash is stored, and the link is a reset link, not an invitation.
  const filas = await consultarDb<{ token_hash: string; motivo: string }>(
    servidor.dataDir,
    'select t.token_hash, t.motivo from tokens_personal t join personal p on p.id = t.personal_id where p.email = ? and t.usado is null',
    DEMO_PERSONAL.munoz,
  )
  expect(filas).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), motivo: 'restablecer' }])
  expect(correo.text).not.toContain(filas[0]!.token_hash)
  // A bad e-mail is a 400 in Spanish, like any bad body.
  const mala = await cliente.post('/api/admin/auth/restablecer/solicitud', { email: 'no es un correo' })
  expect(mala.status).toBe(400)
})

test('the link sets a new password and nothing else: the old one is refused, the new one still asks for the code, other sessions end, the change is audited and the owner told', async () => {
  const email = DEMO_PERSONAL.coordinacion
  const factorAntes = await segundoFactor(email)
  expect(factorAntes?.totp_confirmado_en).toBeTruthy()
  // Signed in elsewhere before the reset (say, a forgotten browser).
  const otraSesion = await iniciarSesionPersonal(servidor, email)
  expect((await otraSesion.get('/api/admin/sesion')).status).toBe(200)

  const token = await pedirEnlace(email)
  const cliente = clienteDePrueba(servidor.url)
  const verificado = await cliente.post('/api/admin/auth/restablecer/verificar', { token })
  expect(verificado.status).toBe(200)
  expect(await verificado.json()).toEqual({ nombre: 'Rodrigo Fuentes Lagos', email })

  // The staff's password rules.
  const debil = await restablecer(token, 'corta')
  expect(debil).toMatchObject({ status: 400, cuerpo: { error: MENSAJE_PASSWORD_NO_VALIDA } })

  const auditadasAntes = (
    await consultarDb(servidor.dataDir, "select id from auditoria where accion = 'personal.restablecer-password'")
  ).length
  const correosAntes = correosPara(email).length
  expect(await restablecer(token)).toEqual({ status: 200, cuerpo: { message: MENSAJE_CONTRASENA_RESTABLECIDA } })
  // No session was opened by the reset itself.
  expect((await cliente.get('/api/admin/sesion')).status).toBe(401)
  // The session opened before is over.
  const expirada = await otraSesion.get('/api/admin/sesion')
  expect(expirada.status).toBe(401)
  expect(await expirada.json()).toEqual({ error: MENSAJE_SESION_PERSONAL_EXPIRADA })
  expect(
    await consultarDb(
      servidor.dataDir,
      "select s.token_hash from sesiones s join personal p on p.id = s.actor_id where s.actor_tipo = 'personal' and p.email = ?",
      email,
    ),
  ).toEqual([])
  // The second factor is exactly as it was.
  expect(await segundoFactor(email)).toEqual(factorAntes)

  // The link works once.
  expect(await restablecer(token, 'OtraMas2026')).toEqual({
    status: 400,
    cuerpo: { error: MENSAJE_RESTABLECIMIENTO_INVALIDO },
  })
  const usada = await cliente.post('/api/admin/auth/restablecer/verificar', { token })
  expect(usada.status).toBe(400)

  // The old password is refused; the new one leads to the code, not into the school's area.
  const vieja = await cliente.post('/api/admin/auth/ingreso', { email, password: DEMO_PASSWORD })
  expect(vieja.status).toBe(401)
  expect(await vieja.json()).toEqual({ error: MENSAJE_CREDENCIALES_PERSONAL })
  const nueva = await cliente.post('/api/admin/auth/ingreso', { email, password: NUEVA })
  expect(nueva.status).toBe(200)
  expect(await nueva.json()).toEqual({ paso: 'codigo' })
  expect((await cliente.get('/api/admin/sesion')).status).toBe(401)
  const codigo = await cliente.post('/api/admin/auth/codigo', {
    codigo: await codigoSiguiente(servidor.dataDir, email, undefined, ahoraServidor),
  })
  expect(codigo.status).toBe(200)
  expect((await cliente.get('/api/admin/sesion')).status).toBe(200)

  // One audit row, by the account, naming it and how many sessions ended.
  const filas = await consultarDb<{
    actor_id: string
    entidad: string
    entidad_id: string
    despues: string
    ip: string
  }>(
    servidor.dataDir,
    "select actor_id, entidad, entidad_id, despues, ip from auditoria where accion = 'personal.restablecer-password' order by en",
  )
  expect(filas).toHaveLength(auditadasAntes + 1)
  const fila = filas.at(-1)!
  expect(fila).toMatchObject({
    actor_id: 'personal-coordinacion',
    entidad: 'personal',
    entidad_id: 'personal-coordinacion',
  })
  expect(JSON.parse(fila.despues)).toEqual({ sesionesCerradas: 1 })
  expect(fila.ip).toBeTruthy()

  // The owner is told, with the second factor unchanged and what to do if it was not them.
  const aviso = await esperarCorreo(servidor.dataDir, email, correosAntes + 1)
  expect(aviso.subject).toBe('Se cambió la contraseña de su cuenta del área de la escuela')
  expect(aviso.text).toMatch(/Su verificación en dos pasos no cambió/)
  expect(aviso.text).toMatch(/Si no fue usted/)
  expect(aviso.text).not.toContain(NUEVA)
})

test('a link past its minutes is refused, and so is an unknown one; a newer link voids the older', async () => {
  const email = DEMO_PERSONAL.herrera
  const primero = await pedirEnlace(email)
  const segundo = await pedirEnlace(email)
  expect(await restablecer(primero)).toEqual({ status: 400, cuerpo: { error: MENSAJE_RESTABLECIMIENTO_INVALIDO } })

  try {
    // RESET_TOKEN_TTL_MINUTES (60) and one more.
    adelanto = 61
    const cliente = clienteDePrueba(servidor.url)
    const verificado = await cliente.post('/api/admin/auth/restablecer/verificar', { token: segundo })
    expect(verificado.status).toBe(400)
    expect(await verificado.json()).toEqual({ error: MENSAJE_RESTABLECIMIENTO_INVALIDO })
    expect(await restablecer(segundo)).toEqual({ status: 400, cuerpo: { error: MENSAJE_RESTABLECIMIENTO_INVALIDO } })
  } finally {
    adelanto = 0
  }
  expect(await restablecer('x'.repeat(43))).toEqual({
    status: 400,
    cuerpo: { error: MENSAJE_RESTABLECIMIENTO_INVALIDO },
  })
  // Nothing changed: the demo password still opens the sign-in.
  const ingreso = await clienteDePrueba(servidor.url).post('/api/admin/auth/ingreso', {
    email,
    password: DEMO_PASSWORD,
  })
  expect(ingreso.status).toBe(200)
})

test('a reset link is not an invitation, nor the reverse', async () => {
  const email = DEMO_PERSONAL.munoz
  const reset = await pedirEnlace(email)
  const cliente = clienteDePrueba(servidor.url)
  const comoInvitacion = await cliente.post('/api/admin/auth/invitacion/verificar', { token: reset })
  expect(comoInvitacion.status).toBe(400)
  expect(await comoInvitacion.json()).toEqual({ error: MENSAJE_INVITACION_INVALIDA })

  // An admin invites someone; that link opens no reset.
  const admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  const invitada = await admin.post('/api/admin/personal', {
    nombre: 'Invitada Reciente',
    email: 'invitada.reciente@escuela.cl',
    rol: 'coordinacion',
  })
  expect(invitada.status).toBe(201)
  const correo = await esperarCorreo(servidor.dataDir, 'invitada.reciente@escuela.cl')
  const invitacion = new URL(/(http\S+\/admin\/invitacion\?token=\S+)/.exec(correo.text)![1]!).searchParams.get(
    'token',
  )!
  expect(await restablecer(invitacion)).toEqual({ status: 400, cuerpo: { error: MENSAJE_RESTABLECIMIENTO_INVALIDO } })
  // Both links still work where they belong.
  expect((await cliente.post('/api/admin/auth/invitacion/verificar', { token: invitacion })).status).toBe(200)
  expect((await cliente.post('/api/admin/auth/restablecer/verificar', { token: reset })).status).toBe(200)
})

test('a new password lifts a sign-in lock, as the invitation does; a disabled account cannot use a link it was sent', async () => {
  const email = DEMO_PERSONAL.munoz
  const hasta = new Date(ahoraServidor() + 30 * 60_000).toISOString()
  await consultarDb(
    servidor.dataDir,
    "insert into bloqueos_ingreso (ambito, sujeto, fallos, ventana_hasta, bloqueada_hasta) values ('personal', ?, 10, ?, ?)",
    email,
    hasta,
    hasta,
  )
  const cliente = clienteDePrueba(servidor.url)
  expect((await cliente.post('/api/admin/auth/ingreso', { email, password: DEMO_PASSWORD })).status).toBe(429)

  const token = await pedirEnlace(email)
  expect((await restablecer(token)).status).toBe(200)
  const ingreso = await cliente.post('/api/admin/auth/ingreso', { email, password: NUEVA })
  expect(ingreso.status).toBe(200)
  expect(await ingreso.json()).toEqual({ paso: 'codigo' })

  // A link sent before the account was disabled is worth nothing after.
  const otro = await pedirEnlace(email)
  await consultarDb(servidor.dataDir, 'update personal set activo = 0 where email = ?', email)
  try {
    expect(await restablecer(otro, 'Desactivada2026')).toEqual({
      status: 400,
      cuerpo: { error: MENSAJE_RESTABLECIMIENTO_INVALIDO },
    })
  } finally {
    await consultarDb(servidor.dataDir, 'update personal set activo = 1 where email = ?', email)
  }
})

test('requests are throttled per e-mail like the students’, known or not, with the same 429', async () => {
  const limitado = await iniciarServidorDePrueba()
  try {
    const cliente = clienteDePrueba(limitado.url)
    for (const email of [DEMO_PERSONAL.admin, 'nadie.mas@escuela.cl']) {
      for (let i = 0; i < 3; i++)
        expect((await cliente.post('/api/admin/auth/restablecer/solicitud', { email })).status).toBe(200)
      const cuarta = await cliente.post('/api/admin/auth/restablecer/solicitud', { email })
      expect(cuarta.status).toBe(429)
      expect(cuarta.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(await cuarta.json()).toEqual({ error: MENSAJE_LIMITE })
    }
  } finally {
    await limitado.close()
  }
})
