// Sign-in locks (src/domain/bloqueo-ingreso.ts), with the shipped rule: the attack that found the
// staff's second factor guessable (a stolen password, fresh sign-ins each with five wrong codes,
// then the right code) now ends locked after ten failures, per account from any address and per
// address across accounts; the lock refuses the right password and the right code, is audited
// and e-mailed to the owner, and ends after its cooling time or when an admin lifts it. An e-mail
// without an account is locked the same way, so the lock says nothing about it. A student's
// account is locked by failed passwords from any address, and a new password lifts it. Addresses
// are set with X-Forwarded-For (TRUST_PROXY).
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import {
  BLOQUEO_ALUMNO_CUENTA,
  BLOQUEO_PERSONAL_CUENTA,
  MENSAJE_CUENTA_NO_BLOQUEADA,
  mensajeCuentaAlumnoBloqueada,
  mensajeCuentaPersonalBloqueada,
  mensajeDireccionBloqueada,
} from '../src/domain/bloqueo-ingreso.ts'
import { MENSAJE_CODIGO_INVALIDO, MENSAJE_CREDENCIALES_PERSONAL } from '../src/domain/personal.ts'
import { codigoSiguiente, iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarServidorDePrueba,
  leerCorreos,
  tokenDeRecuperacion,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { MENSAJE_LOGIN_INCORRECTO } from './alumnos/cuentas.ts'

let servidor: ServidorDePrueba
/** Minutes the server's clock runs ahead of the real one. */
let adelanto = 0
const ahoraServidor = () => Date.now() + adelanto * 60_000

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({
    config: { trustProxy: true },
    clock: () => new Date(ahoraServidor()),
  })
})
afterAll(() => servidor.close())
// Each test starts with no failure counted anywhere.
beforeEach(() => consultarDb(servidor.dataDir, 'delete from bloqueos_ingreso'))

const CODIGO_MALO = '000000'

/** A browser at `ip` trying the staff's sign-in. */
function personalDesde(ip: string) {
  const cliente = clienteDePrueba(servidor.url)
  const desde = { 'X-Forwarded-For': ip }
  return {
    cliente,
    ingreso: (email: string, password = DEMO_PASSWORD) =>
      cliente.post('/api/admin/auth/ingreso', { email, password }, desde),
    codigo: (codigo: string) => cliente.post('/api/admin/auth/codigo', { codigo }, desde),
    codigoCorrecto: async (email: string) =>
      cliente.post(
        '/api/admin/auth/codigo',
        { codigo: await codigoSiguiente(servidor.dataDir, email, undefined, ahoraServidor) },
        desde,
      ),
  }
}

function alumnoDesde(ip: string) {
  return (email: string, password: string) =>
    clienteDePrueba(servidor.url).post('/api/auth/login', { email, password }, { 'X-Forwarded-For': ip })
}

async function auditoria(accion: string, actorId?: string) {
  return consultarDb<{
    actor_id: string
    ip: string
    entidad_id: string | null
    antes: string | null
    despues: string | null
  }>(
    servidor.dataDir,
    `select actor_id, ip, entidad_id, antes, despues from auditoria where accion = ? ${actorId ? 'and actor_id = ?' : ''} order by en`,
    ...(actorId ? [accion, actorId] : [accion]),
  )
}

async function esperarBloqueo(res: Response, mensaje: string, minutos: number) {
  expect(res.status).toBe(429)
  const espera = Number(res.headers.get('retry-after'))
  expect(espera).toBeGreaterThan((minutos - 1) * 60)
  expect(espera).toBeLessThanOrEqual(minutos * 60)
  expect(await res.json()).toEqual({ error: mensaje })
}

const MINUTOS_PERSONAL = BLOQUEO_PERSONAL_CUENTA.bloqueoMs / 60_000
const BLOQUEADA = mensajeCuentaPersonalBloqueada(MINUTOS_PERSONAL)

test('the attack: ten fresh sign-ins with the right password, five wrong codes each; locked at the tenth failure, the right password and code refused from anywhere', async () => {
  const cuenta = DEMO_PERSONAL.coordinacion
  const fallidosAntes = (await auditoria('sesion.segundo-factor-fallido', 'personal-coordinacion')).length
  const correosAntes = leerCorreos(servidor.dataDir).filter((m) => m.to.includes(cuenta)).length
  const atacante = personalDesde('203.0.113.10')
  const respuestas: number[] = []
  for (let ingreso = 0; ingreso < 10; ingreso++) {
    const res = await atacante.ingreso(cuenta)
    respuestas.push(res.status)
    if (res.status !== 200) {
      await esperarBloqueo(res, BLOQUEADA, MINUTOS_PERSONAL)
      continue
    }
    for (let i = 0; i < 5; i++) {
      const codigo = await atacante.codigo(CODIGO_MALO)
      respuestas.push(codigo.status)
      if (codigo.status === 400) expect(await codigo.json()).toEqual({ error: MENSAJE_CODIGO_INVALIDO })
      else {
        // The tenth failure locks: said at once, and that half-way sign-in ends.
        await esperarBloqueo(codigo, BLOQUEADA, MINUTOS_PERSONAL)
        break
      }
    }
  }
  // Two sign-ins, ten codes tried (the last one locks); the other eight sign-ins are refused.
  expect(respuestas).toEqual([200, 400, 400, 400, 400, 400, 200, 400, 400, 400, 400, 429, ...Array(8).fill(429)])
  expect(await auditoria('sesion.segundo-factor-fallido', 'personal-coordinacion')).toHaveLength(fallidosAntes + 10)

  // Then the right code: no sign-in gets as far as asking for it, from this address or another.
  for (const ip of ['203.0.113.10', '198.51.100.7']) {
    const duena = personalDesde(ip)
    await esperarBloqueo(await duena.ingreso(cuenta), BLOQUEADA, MINUTOS_PERSONAL)
    expect((await duena.codigoCorrecto(cuenta)).status).toBe(401)
    expect((await duena.cliente.get('/api/admin/sesion')).status).toBe(401)
  }

  // One audit row for the lock, by the account, from the attacker's address.
  const [bloqueo, ...otros] = await auditoria('sesion.bloqueo', 'personal-coordinacion')
  expect(otros).toEqual([])
  expect(bloqueo).toMatchObject({ ip: '203.0.113.10', entidad_id: 'personal-coordinacion' })
  const despues = JSON.parse(bloqueo!.despues!) as { bloqueadaHasta: string }
  expect(despues).toEqual({ bloqueadaHasta: expect.any(String), intentosFallidos: 10, ultimoIntento: 'código' })
  expect(Date.parse(despues.bloqueadaHasta) - ahoraServidor()).toBeGreaterThan((MINUTOS_PERSONAL - 1) * 60_000)

  // One e-mail to the owner: what happened, from where, and that whoever tried knows the password.
  const correo = await esperarCorreo(servidor.dataDir, cuenta, correosAntes + 1)
  expect(correo.subject).toBe('Bloqueamos el ingreso a su cuenta del área de la escuela')
  expect(correo.text).toContain('Hola Rodrigo Fuentes Lagos:')
  expect(correo.text).toContain('hubo 10 intentos fallidos en menos de 60 minutos')
  expect(correo.text).toContain('un código de verificación rechazado, desde la dirección 203.0.113.10')
  expect(correo.text).toContain('quien lo intentó conoce su contraseña')
  expect(correo.text).not.toContain('/admin/recuperar')
  expect(correo.text).toContain('pida a un administrador que reinicie su segundo factor')
  expect(leerCorreos(servidor.dataDir).filter((m) => m.to.includes(cuenta))).toHaveLength(correosAntes + 1)
})

test('a sign-in given its password before the lock cannot finish it: the right code is refused and the sign-in ends', async () => {
  const cuenta = DEMO_PERSONAL.munoz
  const duena = personalDesde('198.51.100.20')
  expect((await duena.ingreso(cuenta)).status).toBe(200)
  // Meanwhile, failed passwords from two other addresses, counted together for the account.
  for (let i = 0; i < 10; i++) {
    const res = await personalDesde(i < 5 ? '203.0.113.21' : '203.0.113.22').ingreso(cuenta, 'Incorrecta2026')
    if (i < 9) {
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: MENSAJE_CREDENCIALES_PERSONAL })
    } else await esperarBloqueo(res, BLOQUEADA, MINUTOS_PERSONAL)
  }
  await esperarBloqueo(await duena.codigoCorrecto(cuenta), BLOQUEADA, MINUTOS_PERSONAL)
  expect((await duena.codigo(CODIGO_MALO)).status).toBe(401)
  expect((await duena.cliente.get('/api/admin/sesion')).status).toBe(401)
  const [bloqueo] = (await auditoria('sesion.bloqueo', 'personal-munoz')).slice(-1)
  expect(JSON.parse(bloqueo!.despues!)).toMatchObject({ ultimoIntento: 'contraseña' })
  expect(bloqueo!.ip).toBe('203.0.113.22')
  const correo = await esperarCorreo(servidor.dataDir, cuenta)
  expect(correo.text).toContain('una contraseña incorrecta, desde la dirección 203.0.113.22')
  expect(correo.text).not.toContain('conoce su contraseña')
  // The way out that needs nobody: a new password through the staff's reset lifts the lock.
  expect(correo.text).toContain(`pida un enlace para crear una nueva en ${servidor.url}/admin/recuperar`)
  expect(correo.text).toContain('al crearla, el ingreso se desbloquea')
})

test('failures sent at once are all counted and lock once: one audit row and its e-mail', async () => {
  const cuenta = DEMO_PERSONAL.coordinacion
  const correos = leerCorreos(servidor.dataDir).filter((m) => m.to.includes(cuenta)).length
  const bloqueos = (await auditoria('sesion.bloqueo', 'personal-coordinacion')).length
  const res = await Promise.all(
    Array.from({ length: 14 }, (_, i) => personalDesde(`203.0.113.${70 + i}`).ingreso(cuenta, 'Incorrecta2026')),
  )
  // However the replies interleave, the tenth failure locked: at least five replies say so.
  expect(res.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(5)
  await esperarBloqueo(await personalDesde('198.51.100.70').ingreso(cuenta), BLOQUEADA, MINUTOS_PERSONAL)
  expect(await auditoria('sesion.bloqueo', 'personal-coordinacion')).toHaveLength(bloqueos + 1)
  // The e-mail goes with the audit row (both only for the failure that set the lock).
  expect((await esperarCorreo(servidor.dataDir, cuenta, correos + 1)).subject).toMatch(/^Bloqueamos el ingreso/)
})

test('an e-mail with no account is locked the same way and gets the same replies, with no audit row nor e-mail', async () => {
  const respuestas = async (email: string, ip: string) => {
    const intento = personalDesde(ip)
    const todas: [number, unknown][] = []
    for (let i = 0; i < 11; i++) {
      const res = await intento.ingreso(email, i === 10 ? DEMO_PASSWORD : 'Incorrecta2026')
      todas.push([res.status, await res.json()])
    }
    return todas
  }
  const filas = (await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from auditoria'))[0]!.n
  const correos = leerCorreos(servidor.dataDir).length
  const nadie = await respuestas('nadie@demo.cl', '203.0.113.30')
  expect(nadie.slice(0, 9)).toEqual(Array(9).fill([401, { error: MENSAJE_CREDENCIALES_PERSONAL }]))
  expect(nadie.slice(9)).toEqual(Array(2).fill([429, { error: BLOQUEADA }]))
  expect((await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from auditoria'))[0]!.n).toBe(filas)
  expect(leerCorreos(servidor.dataDir)).toHaveLength(correos)
  // A real account, from another address: exactly the same replies.
  expect(await respuestas(DEMO_PERSONAL.herrera, '203.0.113.31')).toEqual(nadie)
})

test('one address trying several accounts, each below its own limit, is locked for every account; other addresses are not', async () => {
  const ip = '203.0.113.40'
  const intento = personalDesde(ip)
  // Thirty failures: two unknown e-mails, then seven on each demo account (codes or passwords).
  for (const email of ['nadie1@demo.cl', 'nadie2@demo.cl'])
    expect((await intento.ingreso(email, 'Mala2026')).status).toBe(401)
  for (const cuenta of [DEMO_PERSONAL.admin, DEMO_PERSONAL.munoz]) {
    expect((await intento.ingreso(cuenta)).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await intento.codigo(CODIGO_MALO)).status).toBe(400)
    expect((await intento.ingreso(cuenta)).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await intento.codigo(CODIGO_MALO)).status).toBe(400)
  }
  for (let i = 0; i < 7; i++) expect((await intento.ingreso(DEMO_PERSONAL.coordinacion, 'Mala2026')).status).toBe(401)
  for (let i = 0; i < 6; i++) expect((await intento.ingreso(DEMO_PERSONAL.herrera, 'Mala2026')).status).toBe(401)
  const red = mensajeDireccionBloqueada(15)
  await esperarBloqueo(await intento.ingreso(DEMO_PERSONAL.herrera, 'Mala2026'), red, 15)

  // From there, even an untouched account with the right password is refused…
  await esperarBloqueo(await personalDesde(ip).ingreso('nueva@demo.cl'), red, 15)
  await esperarBloqueo(await personalDesde(ip).ingreso(DEMO_PERSONAL.herrera), red, 15)
  // …while from another address each account signs in (none reached its own limit).
  for (const cuenta of Object.values(DEMO_PERSONAL)) {
    const otra = personalDesde('198.51.100.41')
    expect((await otra.ingreso(cuenta)).status).toBe(200)
    expect((await otra.codigoCorrecto(cuenta)).status).toBe(200)
  }
  // Audited by the account whose failure reached the limit, with the address.
  const [fila] = (await auditoria('sesion.bloqueo-red')).slice(-1)
  expect(fila).toMatchObject({ actor_id: 'personal-herrera', ip })
  expect(JSON.parse(fila!.despues!)).toEqual({ direccion: ip, bloqueadaHasta: expect.any(String) })
})

test('the lock ends after its cooling time: the owner signs in, and a whole sign-in forgets the failures', async () => {
  const cuenta = DEMO_PERSONAL.herrera
  const intento = personalDesde('203.0.113.50')
  for (let i = 0; i < 10; i++) await intento.ingreso(cuenta, 'Incorrecta2026')
  await esperarBloqueo(await intento.ingreso(cuenta), BLOQUEADA, MINUTOS_PERSONAL)
  adelanto += MINUTOS_PERSONAL - 1
  try {
    await esperarBloqueo(await intento.ingreso(cuenta), mensajeCuentaPersonalBloqueada(1), 1)
    adelanto += 1
    const duena = personalDesde('198.51.100.50')
    expect((await duena.ingreso(cuenta)).status).toBe(200)
    // The count started again after the lock: this wrong code is its one failure…
    expect((await duena.codigo(CODIGO_MALO)).status).toBe(400)
    expect(
      await consultarDb(
        servidor.dataDir,
        "select fallos from bloqueos_ingreso where ambito = 'personal' and sujeto = ?",
        cuenta,
      ),
    ).toEqual([{ fallos: 1 }])
    // …and the whole sign-in forgets it.
    expect((await duena.codigoCorrecto(cuenta)).status).toBe(200)
    expect((await duena.cliente.get('/api/admin/sesion')).status).toBe(200)
    expect(
      await consultarDb(
        servidor.dataDir,
        "select fallos from bloqueos_ingreso where ambito = 'personal' and sujeto = ?",
        cuenta,
      ),
    ).toEqual([])
  } finally {
    adelanto = 0
  }
})

test('an admin lifts the lock from the staff accounts list, audited; the member signs in at once', async () => {
  const cuenta = DEMO_PERSONAL.herrera
  for (let i = 0; i < 10; i++) await personalDesde('203.0.113.60').ingreso(cuenta, 'Incorrecta2026')
  const admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  type Cuenta = { id: string; email: string; bloqueadaHasta: string | null }
  const lista = async () => ((await (await admin.get('/api/admin/personal')).json()) as { cuentas: Cuenta[] }).cuentas
  const bloqueada = (await lista()).find((c) => c.email === cuenta)!
  expect(Date.parse(bloqueada.bloqueadaHasta!)).toBeGreaterThan(ahoraServidor())
  expect((await lista()).filter((c) => c.bloqueadaHasta !== null).map((c) => c.email)).toEqual([cuenta])

  const filas = (await auditoria('personal.desbloquear')).length
  const res = await admin.post('/api/admin/personal/personal-herrera/desbloquear')
  expect(res.status).toBe(200)
  expect(((await res.json()) as { cuenta: Cuenta }).cuenta).toMatchObject({ email: cuenta, bloqueadaHasta: null })
  const [fila, ...otras] = (await auditoria('personal.desbloquear')).slice(filas)
  expect(otras).toEqual([])
  expect(fila).toMatchObject({ actor_id: 'personal-admin', entidad_id: 'personal-herrera' })
  expect(JSON.parse(fila!.antes!)).toEqual({ bloqueadaHasta: bloqueada.bloqueadaHasta })
  expect(JSON.parse(fila!.despues!)).toEqual({ bloqueadaHasta: null })

  // Nothing left to lift: 409 in Spanish, no audit row.
  const otra = await admin.post('/api/admin/personal/personal-herrera/desbloquear')
  expect(otra.status).toBe(409)
  expect(await otra.json()).toEqual({ error: MENSAJE_CUENTA_NO_BLOQUEADA })
  expect(await auditoria('personal.desbloquear')).toHaveLength(filas + 1)
  expect((await admin.post('/api/admin/personal/no-existe/desbloquear')).status).toBe(404)

  // The failures were forgotten with the lock: the member signs in, and nine more do not lock.
  const duena = personalDesde('203.0.113.60')
  for (let i = 0; i < 9; i++) expect((await duena.ingreso(cuenta, 'Incorrecta2026')).status).toBe(401)
  expect((await duena.ingreso(cuenta)).status).toBe(200)
  expect((await duena.codigoCorrecto(cuenta)).status).toBe(200)
})

test('a student’s account is locked by failed passwords from any address; an unknown e-mail alike; the cooling time ends it', async () => {
  const minutos = BLOQUEO_ALUMNO_CUENTA.bloqueoMs / 60_000
  const bloqueada = mensajeCuentaAlumnoBloqueada(minutos)
  const intentos = async (email: string, red: string) => {
    const todas: [number, unknown][] = []
    // Each failure from another address: the per-address throttles never see more than one.
    for (let i = 0; i < 10; i++) {
      const res = await alumnoDesde(`${red}.${i + 1}`)(email, 'Incorrecta2026')
      todas.push([res.status, await res.json()])
    }
    const correcta = await alumnoDesde(`${red}.99`)(email, DEMO_PASSWORD)
    expect(Number(correcta.headers.get('retry-after'))).toBeGreaterThan((minutos - 1) * 60)
    todas.push([correcta.status, await correcta.json()])
    return todas
  }
  const estudiante = await intentos(DEMO_CUENTAS.estudiante, '203.0.113')
  expect(estudiante).toEqual([
    ...Array(9).fill([200, { codRetorno: 1, mensajeError: MENSAJE_LOGIN_INCORRECTO }]),
    [429, { error: bloqueada }],
    [429, { error: bloqueada }],
  ])
  expect(await intentos('nadie@demo.cl', '198.51.100')).toEqual(estudiante)
  const correo = await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.estudiante)
  expect(correo.subject).toBe('Bloqueamos el ingreso a su cuenta del Portal del Estudiante')
  expect(correo.text).toContain('hubo 10 intentos con una contraseña incorrecta en menos de 15 minutos')
  expect(correo.text).toMatch(/\/password$/)

  adelanto += minutos
  try {
    const res = await alumnoDesde('203.0.113.99')(DEMO_CUENTAS.estudiante, DEMO_PASSWORD)
    expect((await res.json()).codRetorno).toBe(0)
  } finally {
    adelanto = 0
  }
})

test('a student who creates a new password from the e-mailed link is no longer locked out', async () => {
  const email = DEMO_CUENTAS.extranjera
  for (let i = 0; i < 10; i++) await alumnoDesde(`203.0.113.${100 + i}`)(email, 'Incorrecta2026')
  expect((await alumnoDesde('203.0.113.120')(email, DEMO_PASSWORD)).status).toBe(429)
  // The lock's e-mail (sent without making the reply wait) first, then the reset link's.
  expect((await esperarCorreo(servidor.dataDir, email)).subject).toMatch(/^Bloqueamos el ingreso/)
  const cliente: ClienteDePrueba = clienteDePrueba(servidor.url)
  expect((await cliente.post('/api/auth/password/request', { email })).status).toBe(200)
  const token = tokenDeRecuperacion(await esperarCorreo(servidor.dataDir, email, 2))
  const nueva = 'Nueva2026clave'
  expect(
    (await (await cliente.post('/api/auth/password/set', { token, password: nueva, confirmacion: nueva })).json())
      .status,
  ).toBe('ok')
  const res = await alumnoDesde('203.0.113.120')(email, nueva)
  expect((await res.json()).codRetorno).toBe(0)
})

test('a member whose second factor an admin reset creates a new password from the e-mailed link and is no longer locked out', async () => {
  const cuenta = DEMO_PERSONAL.munoz
  for (let i = 0; i < 10; i++) await personalDesde('203.0.113.130').ingreso(cuenta, 'Incorrecta2026')
  await esperarBloqueo(await personalDesde('198.51.100.130').ingreso(cuenta), BLOQUEADA, MINUTOS_PERSONAL)
  const admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  expect((await admin.post('/api/admin/personal/personal-munoz/segundo-factor/reiniciar')).status).toBe(200)
  // The lock's e-mail is sent without making a reply wait: the invitation may come before or after it.
  let correo = await esperarCorreo(servidor.dataDir, cuenta)
  for (let n = 2; !correo.subject.startsWith('Vuelva a crear'); n++)
    correo = await esperarCorreo(servidor.dataDir, cuenta, n)
  const token = new URL(/(http\S+\/admin\/invitacion\?token=\S+)/.exec(correo.text)![1]!).searchParams.get('token')
  const nueva = 'Tomas2026nueva'
  const duena = personalDesde('198.51.100.130')
  expect(
    (await duena.cliente.post('/api/admin/auth/invitacion', { token, password: nueva, confirmacion: nueva })).status,
  ).toBe(200)
  // The new password leads on to enrolling a new secret: the lock went with the old password.
  const ingreso = await duena.ingreso(cuenta, nueva)
  expect(ingreso.status).toBe(200)
  expect(((await ingreso.json()) as { paso: string }).paso).toBe('enrolar')
})
