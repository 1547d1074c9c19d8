import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { borrarBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarServidorDePrueba,
  tokenDeRecuperacion,
} from '../tests/support/servidor.ts'
import { iniciarProcesoPortal } from '../tests/support/proceso.ts'
import { DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'
import { proveedorMigraciones } from './db/migrations/index.ts'

async function contar(dataDir: string, sql: string): Promise<number> {
  const [fila] = await consultarDb<{ n: number }>(dataDir, sql)
  return Number(fila?.n)
}

test('a restart reuses the database: data kept, migrations and seed not applied twice', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-reinicio-'))
  try {
    const primero = await iniciarServidorDePrueba({ throttle: 'off', dataDir })
    const cliente = clienteDePrueba(primero.url)
    await cliente.post('/api/auth/register', {
      nombres: 'Ana',
      apellidos: 'Pérez Lagos',
      tipoDocumento: 'RUT',
      documento: '11111111-1',
      email: 'ana@ejemplo.cl',
      telefono: '+56 9 1111 2222',
      password: 'Clave2026',
      confirmacion: 'Clave2026',
    })
    expect(primero.eventos().map((e) => e.mensaje)).toContain(
      'datos iniciales cargados: 0001-tablas-de-referencia, 0008-cuenta-de-servicio, 0002-demo, 0003-encuestas-condiciones, 0004-documentos-de-solicitud, 0005-documentos-firmados, 0006-cuotas, 0007-concursos-ofertas, 0009-personal-demo, 0015-documentos-por-revisar, 0033-documentos-tributarios, 0035-delegado-demo',
    )
    await primero.close()

    const segundo = await iniciarServidorDePrueba({ throttle: 'off', dataDir })
    try {
      expect(segundo.eventos().some((e) => String(e.mensaje).startsWith('datos iniciales cargados'))).toBe(false)
      const login = await clienteDePrueba(segundo.url).post('/api/auth/login', {
        email: 'ana@ejemplo.cl',
        password: 'Clave2026',
      })
      expect((await login.json()).codRetorno).toBe(0)
    } finally {
      await segundo.close()
    }
    expect(await contar(dataDir, 'select count(*) as n from alumnos')).toBe(4)
    expect(await contar(dataDir, 'select count(*) as n from solicitudes')).toBe(11)
    expect(await contar(dataDir, 'select count(*) as n from comunas')).toBe(347)
    expect(await contar(dataDir, 'select count(*) as n from regiones')).toBe(17)
    // Each migration recorded once.
    const conocidas = Object.keys(await proveedorMigraciones.getMigrations()).length
    expect(await contar(dataDir, 'select count(*) as n from kysely_migration')).toBe(conocidas)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await borrarBaseDePrueba(dataDir)
  }
})

test('the demo data holds 10+ enrolments across groups and types for estudiante, one for extranjera, none for sinsolicitudes', async () => {
  const server = await iniciarServidorDePrueba({ throttle: 'off' })
  try {
    const dataDir = server.dataDir
    const solicitudes = await consultarDb<{
      cod_grupo: string
      tipo_curso: string
      habilita_tb: number
      codigo_inscripcion: string
    }>(
      dataDir,
      'select s.* from solicitudes s join alumnos a on a.id = s.alumno_id where a.email = ?',
      DEMO_CUENTAS.estudiante,
    )
    expect(solicitudes.length).toBeGreaterThanOrEqual(9)
    expect(new Set(solicitudes.map((s) => s.cod_grupo))).toEqual(new Set(['1', '5', '85', '86']))
    expect(solicitudes.map((s) => s.tipo_curso)).toEqual(expect.arrayContaining(['Derivada', 'Primaria']))
    expect(new Set(solicitudes.map((s) => s.habilita_tb))).toEqual(new Set([0, 1]))
    const documentos = await consultarDb<{ c: string; t: string }>(
      dataDir,
      'select codigo_inscripcion as c, cod_tipo_documento as t from documentos_emitidos',
    )
    const tipos = (codigo: string) => documentos.filter((d) => d.c === codigo).map((d) => d.t)
    expect(
      solicitudes.some((s) => tipos(s.codigo_inscripcion).includes('35') && tipos(s.codigo_inscripcion).includes('30')),
    ).toBe(true)
    expect(solicitudes.some((s) => tipos(s.codigo_inscripcion).includes('6'))).toBe(true)

    const extranjera = await consultarDb(
      dataDir,
      'select a.rut, a.tipo_documento, s.cod_grupo from alumnos a join solicitudes s on s.alumno_id = a.id where a.email = ?',
      DEMO_CUENTAS.extranjera,
    )
    expect(extranjera).toEqual([{ rut: '0-0', tipo_documento: 'PASAPORTE', cod_grupo: '1' }])
    const sin = await consultarDb(
      dataDir,
      'select count(*) as n from solicitudes s join alumnos a on a.id = s.alumno_id where a.email = ?',
      DEMO_CUENTAS.sinSolicitudes,
    )
    expect(sin).toEqual([{ n: 0 }])
  } finally {
    await server.close()
  }
})

test('passwords are stored as scrypt hashes, tokens as SHA-256, and the logs hold neither passwords nor tokens', async () => {
  const server = await iniciarServidorDePrueba({ throttle: 'off' })
  try {
    const cliente = clienteDePrueba(server.url)
    await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
    await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: 'ClaveEquivocada9' })
    await cliente.post('/api/auth/password/request', { email: DEMO_CUENTAS.extranjera })
    const token = tokenDeRecuperacion(await esperarCorreo(server.dataDir, DEMO_CUENTAS.extranjera))
    await cliente.post('/api/auth/password/verify', { token })
    await cliente.post('/api/auth/password/set', { token, password: 'NuevaClave2026', confirmacion: 'NuevaClave2026' })
    await (await fetch(`${server.url}/?recoverpass=${token}`)).text()
    const sesion = String(cliente.cookies.get('portal_sesion'))

    const hashes = (await consultarDb<{ h: string }>(server.dataDir, 'select password_hash as h from alumnos')).map(
      (r) => r.h,
    )
    for (const h of hashes) expect(h).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
    expect(new Set(hashes).size).toBe(hashes.length)
    const volcado = JSON.stringify([
      await consultarDb(server.dataDir, 'select * from alumnos'),
      await consultarDb(server.dataDir, 'select * from sesiones'),
      await consultarDb(server.dataDir, 'select * from tokens_recuperacion'),
    ])
    for (const secreto of [DEMO_PASSWORD, 'NuevaClave2026', token, sesion]) expect(volcado).not.toContain(secreto)

    const logs = server.logs.join('\n')
    const peticiones = server.eventos().filter((e) => e.mensaje === 'petición')
    expect(peticiones).toContainEqual(expect.objectContaining({ metodo: 'POST', ruta: '/api/auth/login', status: 200 }))
    expect(peticiones).toContainEqual(expect.objectContaining({ metodo: 'GET', ruta: '/', ms: expect.any(Number) }))
    expect(server.eventos().some((e) => /^correo guardado en .*\.json$/.test(String(e.mensaje)))).toBe(true)
    for (const secreto of [DEMO_PASSWORD, 'ClaveEquivocada9', 'NuevaClave2026', token, sesion, 'recoverpass']) {
      expect(logs).not.toContain(secreto)
    }
  } finally {
    await server.close()
  }
})

test('an unexpected error answers 500 with the spec message and logs the stack', async () => {
  const server = await iniciarServidorDePrueba({ throttle: 'off' })
  try {
    await consultarDb(server.dataDir, 'drop table documentos_emitidos')
    const res = await clienteDePrueba(server.url).post('/api/certificados/validar', { codValidador: 'ABC' })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({
      error: 'Ocurrió un error interno, verifica tu conexión o comunícalo a su asistente',
    })
    // SQLite and PostgreSQL word the missing table differently.
    const error = server.eventos().find((e) => e.mensaje === 'error en POST /api/certificados/validar')
    expect(String(error?.error)).toMatch(
      /(no such table: documentos_emitidos|relation "documentos_emitidos" does not exist)[\s\S]*\n\s+at /,
    )
    const peticion = server.eventos().find((e) => e.mensaje === 'petición' && e.ruta === '/api/certificados/validar')
    expect(peticion).toMatchObject({ metodo: 'POST', status: 500, id: error?.id })
    expect(res.headers.get('x-request-id')).toBe(error?.id)
  } finally {
    await server.close()
  }
})

test('expired sessions, reset tokens and throttle windows are purged at start', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-purga-'))
  let ahora = new Date('2026-03-01T12:00:00Z')
  try {
    const primero = await iniciarServidorDePrueba({ dataDir, clock: () => ahora })
    const cliente = clienteDePrueba(primero.url)
    await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: DEMO_PASSWORD })
    await cliente.post('/api/auth/password/request', { email: DEMO_CUENTAS.estudiante })
    await esperarCorreo(primero.dataDir, DEMO_CUENTAS.estudiante)
    await primero.close()
    const filas = () =>
      Promise.all(
        ['sesiones', 'tokens_recuperacion', 'limites'].map((t) => contar(dataDir, `select count(*) as n from ${t}`)),
      )
    expect((await filas()).every((n) => n > 0)).toBe(true)
    ahora = new Date(ahora.getTime() + 13 * 3_600_000)
    const segundo = await iniciarServidorDePrueba({ dataDir, clock: () => ahora })
    await segundo.close()
    expect(await filas()).toEqual([0, 0, 0])
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await borrarBaseDePrueba(dataDir)
  }
})

test('a published portal with no PASARELA does not start, so the test gateway never takes real payments; PASARELA=sandbox starts it, with a warning', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-pasarela-'))
  try {
    const publicado = { DATA_DIR: dataDir, PUBLIC_URL: 'https://portal.ejemplo.cl' }
    await expect(iniciarProcesoPortal(publicado)).rejects.toThrow(
      /terminó \(código 1\)[\s\S]*Falta PASARELA: el portal se publica en https:\/\/portal\.ejemplo\.cl[\s\S]*PASARELA=webpay con WEBPAY_HOST, WEBPAY_COMMERCE_CODE y WEBPAY_API_KEY/,
    )
    const deprueba = await iniciarProcesoPortal({ ...publicado, PASARELA: 'sandbox', EMISOR_TRIBUTARIO: 'sandbox' })
    try {
      expect((await fetch(`${deprueba.url}/api/salud`)).status).toBe(200)
      expect(deprueba.salida.join('')).toContain(
        'AVISO: los pagos van a la pasarela de pruebas (PASARELA=sandbox): ningún pago en https://portal.ejemplo.cl es real.',
      )
    } finally {
      await deprueba.detener()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 60_000)
