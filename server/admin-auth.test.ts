// The school's staff as a second kind of signed-in actor: their own accounts, sign-in with a
// password and a second factor (TOTP), sessions apart from the students', invitations, the audit
// trail of every sign-in, and the demo seeded only when asked for.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_CODIGO_FORMATO,
  MENSAJE_CODIGO_INVALIDO,
  MENSAJE_CREDENCIALES_PERSONAL,
  MENSAJE_INGRESO_VENCIDO,
  MENSAJE_INVITACION_INVALIDA,
  MENSAJE_SESION_PERSONAL_EXPIRADA,
} from '../src/domain/personal.ts'
import { MENSAJE_SESION_EXPIRADA } from '../src/domain/errores-api.ts'
import { MENSAJE_PASSWORD_NO_VALIDA } from '../src/domain/password.ts'
import { borrarBaseDePrueba, urlDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { codigoSiguiente, iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import { crearAdmin } from './crear-admin.ts'
import { DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'
import { DEMO_PERSONAL, DEMO_SECRETO_TOTP } from './db/seed/personal-demo.ts'
import { codigoEn } from './personal/totp.ts'
import { MENSAJE_CONTRASENA_CREADA } from './personal/ingreso.ts'

let servidor: ServidorDePrueba
/** Minutes the server's clock runs ahead of the real one. */
let adelanto = 0

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off', clock: () => new Date(Date.now() + adelanto * 60_000) })
})
afterAll(() => servidor.close())

const ahoraServidor = () => Date.now() + adelanto * 60_000

async function auditoria(dataDir: string, accion?: string) {
  return consultarDb<{ accion: string; actor_id: string; actor_rol: string; ip: string; despues: string | null }>(
    dataDir,
    `select accion, actor_id, actor_rol, ip, despues from auditoria ${accion ? 'where accion = ?' : ''} order by en`,
    ...(accion ? [accion] : []),
  )
}

test('a demo staff member signs in with the password and then a code; the session says their role and what it may do', async () => {
  const antes = (await auditoria(servidor.dataDir, 'sesion.ingreso')).length
  const cliente = clienteDePrueba(servidor.url)
  const ingreso = await cliente.post('/api/admin/auth/ingreso', {
    email: DEMO_PERSONAL.coordinacion,
    password: DEMO_PASSWORD,
  })
  expect(ingreso.status).toBe(200)
  expect(await ingreso.json()).toEqual({ paso: 'codigo' })
  // Between the password and the code, the session is good for nothing else.
  expect((await cliente.get('/api/admin/sesion')).status).toBe(401)
  const codigo = await cliente.post('/api/admin/auth/codigo', {
    codigo: await codigoSiguiente(servidor.dataDir, DEMO_PERSONAL.coordinacion, DEMO_SECRETO_TOTP, ahoraServidor),
  })
  expect(codigo.status).toBe(200)
  const sesion = await cliente.get('/api/admin/sesion')
  expect(sesion.status).toBe(200)
  expect(await sesion.json()).toEqual({
    personal: {
      id: 'personal-coordinacion',
      nombre: 'Rodrigo Fuentes Lagos',
      email: DEMO_PERSONAL.coordinacion,
      rol: 'coordinacion',
      etiquetaRol: 'Coordinación académica',
    },
    capacidades: [
      'alumnos.ver',
      'documentos.revisar',
      'certificados.gestionar',
      'encuestas.ver',
      'encuestas.sensibles',
      'pagos.ver',
      'pagos.registrar',
      'concursos.gestionar',
      'ofertas.gestionar',
      'alumnos.importar',
    ],
  })
  const filas = await auditoria(servidor.dataDir, 'sesion.ingreso')
  expect(filas).toHaveLength(antes + 1)
  expect(filas.at(-1)).toMatchObject({ actor_id: 'personal-coordinacion', actor_rol: 'coordinacion', ip: '127.0.0.1' })
  // The staff cookie is scoped to the staff's endpoints; the session cookie is HttpOnly.
  const cookie = codigo.headers.getSetCookie().find((c) => c.startsWith('portal_personal='))
  expect(cookie).toMatch(/; Path=\/api\/admin/)
  expect(cookie).toMatch(/; HttpOnly/)
  expect(cookie).toMatch(/; Max-Age=28800/)
})

test('a wrong password and an unknown e-mail get the same reply; the attempt on a real account is audited', async () => {
  const cliente = clienteDePrueba(servidor.url)
  const malas = [
    { email: DEMO_PERSONAL.admin, password: 'Incorrecta2026' },
    { email: 'nadie@demo.cl', password: 'Incorrecta2026' },
  ]
  for (const cuerpo of malas) {
    const res = await cliente.post('/api/admin/auth/ingreso', cuerpo)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: MENSAJE_CREDENCIALES_PERSONAL })
  }
  expect((await auditoria(servidor.dataDir, 'sesion.contrasena-incorrecta')).at(-1)?.actor_id).toBe('personal-admin')
  // A student's account is not a staff account, whatever its password.
  const alumno = await cliente.post('/api/admin/auth/ingreso', {
    email: DEMO_CUENTAS.estudiante,
    password: DEMO_PASSWORD,
  })
  expect(alumno.status).toBe(401)
})

test('a wrong code is refused in Spanish and audited; five end the sign-in, and a used code never works again', async () => {
  const cliente = clienteDePrueba(servidor.url)
  await cliente.post('/api/admin/auth/ingreso', { email: DEMO_PERSONAL.admin, password: DEMO_PASSWORD })
  const formato = await cliente.post('/api/admin/auth/codigo', { codigo: '12a' })
  expect(formato.status).toBe(400)
  expect((await formato.json()).error).toBe(MENSAJE_CODIGO_FORMATO)
  const fallidosAntes = (await auditoria(servidor.dataDir, 'sesion.segundo-factor-fallido')).length
  for (let i = 0; i < 5; i++) {
    const res = await cliente.post('/api/admin/auth/codigo', { codigo: '000000' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: MENSAJE_CODIGO_INVALIDO })
  }
  expect(await auditoria(servidor.dataDir, 'sesion.segundo-factor-fallido')).toHaveLength(fallidosAntes + 5)
  // Even the right code is too late now.
  const correcto = await codigoSiguiente(servidor.dataDir, DEMO_PERSONAL.admin, DEMO_SECRETO_TOTP, ahoraServidor)
  const tarde = await cliente.post('/api/admin/auth/codigo', { codigo: correcto })
  expect(tarde.status).toBe(401)
  expect(await tarde.json()).toEqual({ error: MENSAJE_INGRESO_VENCIDO })

  // A fresh sign-in with a code: accepted once, and the same code (or an older one) never again.
  const otro = clienteDePrueba(servidor.url)
  await otro.post('/api/admin/auth/ingreso', { email: DEMO_PERSONAL.admin, password: DEMO_PASSWORD })
  expect((await otro.post('/api/admin/auth/codigo', { codigo: correcto })).status).toBe(200)
  const tercero = clienteDePrueba(servidor.url)
  await tercero.post('/api/admin/auth/ingreso', { email: DEMO_PERSONAL.admin, password: DEMO_PASSWORD })
  const repetido = await tercero.post('/api/admin/auth/codigo', { codigo: correcto })
  expect(repetido.status).toBe(400)
  expect(await repetido.json()).toEqual({ error: MENSAJE_CODIGO_INVALIDO })
})

test('a code without the password first, or after the password has lapsed, is refused', async () => {
  const codigo = codigoEn(DEMO_SECRETO_TOTP, new Date(ahoraServidor()))
  const sinIngreso = await clienteDePrueba(servidor.url).post('/api/admin/auth/codigo', { codigo })
  expect(sinIngreso.status).toBe(401)
  expect(await sinIngreso.json()).toEqual({ error: MENSAJE_INGRESO_VENCIDO })

  const cliente = clienteDePrueba(servidor.url)
  await cliente.post('/api/admin/auth/ingreso', { email: DEMO_PERSONAL.herrera, password: DEMO_PASSWORD })
  adelanto += 6
  try {
    const tarde = await cliente.post('/api/admin/auth/codigo', {
      codigo: await codigoSiguiente(servidor.dataDir, DEMO_PERSONAL.herrera, DEMO_SECRETO_TOTP, ahoraServidor),
    })
    expect(tarde.status).toBe(401)
  } finally {
    adelanto -= 6
  }
})

test('a staff session never acts as a student, nor a student session as staff; each side has its own XSRF token', async () => {
  const personal = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.munoz)
  expect((await personal.get('/api/admin/sesion')).status).toBe(200)
  const comoAlumno = await personal.get('/api/alumno')
  expect(comoAlumno.status).toBe(401)
  expect(await comoAlumno.json()).toEqual({ error: MENSAJE_SESION_EXPIRADA })

  const alumno = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const comoPersonal = await alumno.get('/api/admin/sesion')
  expect(comoPersonal.status).toBe(401)
  expect(await comoPersonal.json()).toEqual({ error: MENSAJE_SESION_PERSONAL_EXPIRADA })

  // One browser holding both: each side's POST needs its own token, bound to its own session.
  const ambos = clienteDePrueba(servidor.url)
  for (const [k, v] of [...personal.cookies, ...alumno.cookies]) ambos.cookies.set(k, v)
  const cookieHeader = [...ambos.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const cruzado = await fetch(`${servidor.url}/api/admin/auth/salida`, {
    method: 'POST',
    headers: { cookie: cookieHeader, 'x-xsrf-token': ambos.cookies.get('XSRF-TOKEN') ?? '' },
  })
  expect(cruzado.status).toBe(403)
  expect((await ambos.get('/api/alumno')).status).toBe(200)
  expect((await ambos.get('/api/admin/sesion')).status).toBe(200)
})

test('staff sessions last 8 hours (ADMIN_SESSION_TTL_HOURS) and Salir ends them, audited', async () => {
  const cliente = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  adelanto += 8 * 60 + 1
  try {
    expect((await cliente.get('/api/admin/sesion')).status).toBe(401)
  } finally {
    adelanto -= 8 * 60 + 1
  }
  const otra = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  const salidas = (await auditoria(servidor.dataDir, 'sesion.salida')).length
  expect((await otra.post('/api/admin/auth/salida')).status).toBe(204)
  expect((await otra.get('/api/admin/sesion')).status).toBe(401)
  expect(await auditoria(servidor.dataDir, 'sesion.salida')).toHaveLength(salidas + 1)
})

test('the audit trail is append-only in the database itself', async () => {
  await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  await expect(consultarDb(servidor.dataDir, "update auditoria set accion = 'otra'")).rejects.toThrow(/auditoría/)
  await expect(consultarDb(servidor.dataDir, 'delete from auditoria')).rejects.toThrow(/auditoría/)
  expect((await auditoria(servidor.dataDir)).length).toBeGreaterThan(0)
})

test('a real portal: no demo unless asked for, and the first admin from the command: invitation, password, second factor enrolled at the first sign-in', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-real-'))
  const portal = await iniciarServidorDePrueba({ dataDir, throttle: 'off', config: { datosDemo: false } })
  try {
    expect(await consultarDb(portal.dataDir, 'select count(*) as n from alumnos')).toEqual([{ n: 0 }])
    expect(await consultarDb(portal.dataDir, 'select count(*) as n from personal')).toEqual([{ n: 0 }])
    expect(await consultarDb(portal.dataDir, 'select count(*) as n from comunas')).toEqual([{ n: 347 }])
    expect(await consultarDb(portal.dataDir, 'select id from asistentes')).toEqual([{ id: 'asistente-portal' }])

    // The command, as an operator runs it against the same database.
    const config = {
      ...construirConfig({ DATA_DIR: dataDir }),
      databaseUrl: await urlDeBaseDePrueba(dataDir),
      publicUrl: portal.url,
    }
    const { enlace, nuevo } = await crearAdmin(config, 'Jefa.Sistemas@Escuela.cl', 'Marta Soto Pinto')
    expect(nuevo).toBe(true)
    const token = new URL(enlace).searchParams.get('token')!
    expect(enlace).toBe(`${portal.url}/admin/invitacion?token=${encodeURIComponent(token)}`)

    const cliente = clienteDePrueba(portal.url)
    const verificada = await cliente.post('/api/admin/auth/invitacion/verificar', { token })
    expect(await verificada.json()).toEqual({ nombre: 'Marta Soto Pinto', email: 'jefa.sistemas@escuela.cl' })
    const debil = await cliente.post('/api/admin/auth/invitacion', { token, password: 'corta', confirmacion: 'corta' })
    expect(debil.status).toBe(400)
    expect((await debil.json()).error).toBe(MENSAJE_PASSWORD_NO_VALIDA)
    const creada = await cliente.post('/api/admin/auth/invitacion', {
      token,
      password: 'Escuela2026',
      confirmacion: 'Escuela2026',
    })
    expect(await creada.json()).toEqual({ message: MENSAJE_CONTRASENA_CREADA })
    const otraVez = await cliente.post('/api/admin/auth/invitacion', {
      token,
      password: 'Escuela2027',
      confirmacion: 'Escuela2027',
    })
    expect(otraVez.status).toBe(400)
    expect(await otraVez.json()).toEqual({ error: MENSAJE_INVITACION_INVALIDA })

    // First sign-in: the secret and its QR to enrol, confirmed by the first code.
    const ingreso = await cliente.post('/api/admin/auth/ingreso', {
      email: 'jefa.sistemas@escuela.cl',
      password: 'Escuela2026',
    })
    const enrolar = (await ingreso.json()) as { paso: string; secreto: string; uri: string; qr: string }
    expect(enrolar.paso).toBe('enrolar')
    expect(enrolar.secreto).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolar.uri).toBe(
      `otpauth://totp/Portal%20de%20Estudiantes:jefa.sistemas%40escuela.cl?issuer=Portal%20de%20Estudiantes&secret=${enrolar.secreto}&algorithm=SHA1&digits=6&period=30`,
    )
    expect(enrolar.qr).toMatch(/^data:image\/png;base64,/)
    expect((await cliente.post('/api/admin/auth/codigo', { codigo: '000000' })).status).toBe(400)
    const codigo = await codigoSiguiente(portal.dataDir, 'jefa.sistemas@escuela.cl', enrolar.secreto)
    expect((await cliente.post('/api/admin/auth/codigo', { codigo })).status).toBe(200)
    expect(
      ((await (await cliente.get('/api/admin/sesion')).json()) as { personal: { rol: string } }).personal.rol,
    ).toBe('admin')
    expect(JSON.parse((await auditoria(portal.dataDir, 'sesion.ingreso'))[0]!.despues!)).toEqual({
      segundoFactor: 'enrolado',
    })
    // From then on the password leads to the code, not to the secret again.
    const segundo = await clienteDePrueba(portal.url).post('/api/admin/auth/ingreso', {
      email: 'jefa.sistemas@escuela.cl',
      password: 'Escuela2026',
    })
    expect(await segundo.json()).toEqual({ paso: 'codigo' })
  } finally {
    await portal.close()
  }
  // Asked for later, the demo is not poured into a database that holds a school's data.
  const conDemo = await iniciarServidorDePrueba({ dataDir, throttle: 'off', config: { datosDemo: true } })
  try {
    expect(await consultarDb(conDemo.dataDir, 'select count(*) as n from alumnos')).toEqual([{ n: 0 }])
    expect(conDemo.logs.join('\n')).toContain('no se cargó la demostración')
  } finally {
    await conDemo.close()
    rmSync(dataDir, { recursive: true, force: true })
    await borrarBaseDePrueba(dataDir)
  }
})
